import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { QUESTIONNAIRES, type QuestionnaireCode, type Severity } from '@consulta/shared';
import { lazy, Suspense } from 'react';
import { formatDateEs } from '../../i18n/format';
import { QUESTIONNAIRES_TEXT } from '../../i18n/es/questionnaires';
import { visuallyHidden } from '../visuallyHidden';
import { severityLabel } from './severity';

const ScoreChart = lazy(() => import('./ScoreChart'));
const T = QUESTIONNAIRES_TEXT.chart;
const HEIGHT = 220;

export interface ScorePoint {
  id: string;
  fecha: string;
  puntuacion: number;
  gravedad: Severity;
}

/** One scale's scores over time: the line on its bands (hidden from assistive technology) and the same as a table. */
export function ScoreHistory({ codigo, results }: { codigo: QuestionnaireCode; results: readonly ScorePoint[] }) {
  const scale = QUESTIONNAIRES[codigo];
  const id = `score-history-${codigo}`;
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }} data-testid={id}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {T.title(scale.nombre)}
      </Typography>
      <Box aria-hidden sx={{ width: '100%', height: HEIGHT }}>
        <Suspense fallback={null}>
          <ScoreChart
            dates={results.map((r) => formatDateEs(r.fecha).slice(0, 5))}
            scores={results.map((r) => r.puntuacion)}
            bands={scale.bandas}
            max={scale.puntuacion_maxima}
            height={HEIGHT}
          />
        </Suspense>
      </Box>
      <div style={visuallyHidden}>
        <table>
          <caption>{T.tableLabel(scale.nombre)}</caption>
          <thead>
            <tr>
              <th scope="col">{T.date}</th>
              <th scope="col">{T.score}</th>
              <th scope="col">{T.severity}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((r) => (
              <tr key={r.id}>
                <th scope="row">{formatDateEs(r.fecha)}</th>
                <td>{T.scoreOf(r.puntuacion, scale.puntuacion_maxima)}</td>
                <td>{severityLabel(r.gravedad)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
