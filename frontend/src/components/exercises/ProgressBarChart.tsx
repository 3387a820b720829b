import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { EXERCISE_WIDGETS_TEXT } from '../../i18n/es/patient-exercises';
import { ProgressTable, type ProgressRow } from './ProgressTable';

const T = EXERCISE_WIDGETS_TEXT.progress;
/** Long module names would squeeze the bars on a phone: the axis shows their start, the tooltip all of it. */
const TICK_CHARS = 16;
const ROW_PX = 40;

const shorten = (name: string) => (name.length > TICK_CHARS ? `${name.slice(0, TICK_CHARS - 1)}…` : name);

interface ProgressBarChartProps {
  caption: string;
  rows: readonly ProgressRow[];
  /** Horizontal bars suit many rows with long names (modules, categories). */
  horizontal?: boolean;
}

/** Completed and pending exercises stacked per row, sized to its container, with the figures as a hidden table. */
export function ProgressBarChart({ caption, rows, horizontal = false }: ProgressBarChartProps) {
  const theme = useTheme();
  const dataset = rows.map((r) => ({ name: r.name, completados: r.completados, pendientes: r.pendientes }));
  const band = {
    scaleType: 'band' as const,
    dataKey: 'name',
    valueFormatter: (v: string, ctx: { location: string }) => (ctx.location === 'tick' ? shorten(v) : v),
  };
  const value = { tickMinStep: 1 };
  const height = horizontal ? Math.max(160, rows.length * ROW_PX + 70) : 240;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Box aria-hidden sx={{ width: '100%', height }}>
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
      </Box>
      <ProgressTable caption={caption} rows={rows} />
    </Box>
  );
}
