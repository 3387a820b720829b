import { useTheme } from '@mui/material/styles';
import { useDrawingArea, useYScale } from '@mui/x-charts/hooks';
import { LineChart } from '@mui/x-charts/LineChart';
import type { SeverityBand } from '@consulta/shared';
import { SEVERITY_COLORS } from './severity';

export interface ScoreChartProps {
  /** Short dates under the points, oldest first. */
  dates: string[];
  scores: number[];
  bands: readonly SeverityBand[];
  max: number;
  height: number;
}

/** The severity bands: a faint tint each, from its lowest score to the next band's (drawn over the plot, see-through). */
function Bands({ bands }: { bands: readonly SeverityBand[] }) {
  const { left, width } = useDrawingArea();
  const y = useYScale<'linear'>();
  return (
    <g aria-hidden="true" pointerEvents="none">
      {bands.map((b, i) => {
        const top = y(i === bands.length - 1 ? b.hasta : bands[i + 1].desde) ?? 0;
        const bottom = y(b.desde) ?? 0;
        return (
          <rect key={b.gravedad} x={left} width={width} y={top} height={bottom - top} fill={SEVERITY_COLORS[b.gravedad]} opacity={0.12} />
        );
      })}
    </g>
  );
}

/** The scores over time on the scale's bands: its own chunk, as the charts library is the largest the shells use. */
export default function ScoreChart({ dates, scores, bands, max, height }: ScoreChartProps) {
  const theme = useTheme();
  return (
    <LineChart
      height={height}
      series={[{ data: scores, color: theme.palette.primary.main, showMark: true }]}
      xAxis={[{ scaleType: 'point', data: dates }]}
      yAxis={[{ min: 0, max, width: 32, tickInterval: bands.map((b) => b.desde).concat(max) }]}
      margin={{ right: 28, top: 12 }}
      hideLegend
      disableKeyboardNavigation
    >
      <Bands bands={bands} />
    </LineChart>
  );
}
