import Chip from '@mui/material/Chip';
import type { Severity } from '@consulta/shared';
import { SEVERITY_COLORS, severityLabel } from './severity';

/** A band in words, on its colour (the word carries the meaning; the colour only repeats it). */
export function SeverityChip({ gravedad }: { gravedad: Severity }) {
  return (
    <Chip
      size="small"
      label={severityLabel(gravedad)}
      sx={{
        fontWeight: 600,
        bgcolor: `${SEVERITY_COLORS[gravedad]}1f`,
        color: 'text.primary',
        border: `1px solid ${SEVERITY_COLORS[gravedad]}`,
      }}
    />
  );
}
