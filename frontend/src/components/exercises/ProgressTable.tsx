import type { ProgressCount } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import { formatPercentEs } from './progressFormat';
import { visuallyHidden } from '../visuallyHidden';

const T = EXERCISE_WIDGETS_TEXT.progress;

// Hidden on a box: a table would still lay out at its content's width and widen the page.
export interface ProgressRow extends ProgressCount {
  name: string;
}

/** The figures behind a chart, for screen readers (the chart itself is hidden from them). */
export function ProgressTable({ caption, rows }: { caption: string; rows: readonly ProgressRow[] }) {
  return (
    // Hidden on a box: a table would still lay out at its content's width and widen the page.
    <div style={visuallyHidden}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columnName}</th>
            <th scope="col">{T.completed}</th>
            <th scope="col">{T.pending}</th>
            <th scope="col">{T.total}</th>
            <th scope="col">{T.percentCompleted}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td>{row.completados}</td>
              <td>{row.pendientes}</td>
              <td>{row.total}</td>
              <td>{formatPercentEs(row.porcentaje, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
