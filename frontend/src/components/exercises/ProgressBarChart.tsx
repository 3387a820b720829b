import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { ProgressTable, type ProgressRow } from './ProgressTable';

const ProgressBars = lazy(() => import('./ProgressBars'));
const ROW_PX = 40;

interface ProgressBarChartProps {
  caption: string;
  rows: readonly ProgressRow[];
  /** Horizontal bars suit many rows with long names (modules, categories). */
  horizontal?: boolean;
}

/** Completed and pending exercises stacked per row, sized to its container, with the figures as a hidden table. */
export function ProgressBarChart({ caption, rows, horizontal = false }: ProgressBarChartProps) {
  const height = horizontal ? Math.max(160, rows.length * ROW_PX + 70) : 240;
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      <Box aria-hidden sx={{ width: '100%', height }}>
        <Suspense fallback={null}>
          <ProgressBars rows={rows} horizontal={horizontal} height={height} />
        </Suspense>
      </Box>
      <ProgressTable caption={caption} rows={rows} />
    </Box>
  );
}
