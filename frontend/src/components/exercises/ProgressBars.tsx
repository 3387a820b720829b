import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import type { ProgressRow } from './ProgressTable';

const T = EXERCISE_WIDGETS_TEXT.progress;
/** Long module names would squeeze the bars on a phone: the axis shows their start, the tooltip all of it. */
const TICK_CHARS = 16;

const shorten = (name: string) => (name.length > TICK_CHARS ? `${name.slice(0, TICK_CHARS - 1)}…` : name);

export interface ProgressBarsProps {
  rows: readonly ProgressRow[];
  horizontal: boolean;
  height: number;
}

/** The stacked bars themselves: their own chunk, as the charts library is the largest the shells use. */
export default function ProgressBars({ rows, horizontal, height }: ProgressBarsProps) {
  const theme = useTheme();
  const dataset = rows.map((r) => ({ name: r.name, completados: r.completados, pendientes: r.pendientes }));
  const band = {
    scaleType: 'band' as const,
    dataKey: 'name',
    valueFormatter: (v: string, ctx: { location: string }) => (ctx.location === 'tick' ? shorten(v) : v),
  };
  const value = { tickMinStep: 1 };
  return (
    <BarChart
      height={height}
      dataset={dataset}
      layout={horizontal ? 'horizontal' : 'vertical'}
      series={[
        { dataKey: 'completados', label: T.completed, stack: 'total', color: theme.palette.success.main },
        { dataKey: 'pendientes', label: T.pending, stack: 'total', color: theme.palette.grey[300] },
      ]}
      xAxis={[horizontal ? value : band]}
      yAxis={[horizontal ? { ...band, width: 120 } : { ...value, width: 32 }]}
      margin={{ right: 12 }}
      // Hidden from assistive technology (the table says it), so it takes no keyboard focus either.
      disableKeyboardNavigation
      slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
    />
  );
}
