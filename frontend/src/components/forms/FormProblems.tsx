import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The action area's line after a refused save ('Falta: Temas importantes.'), beside the button that was pressed;
 * announced (role alert) while the focus goes to the first field at fault. Nothing when there is no problem.
 */
export function FormProblems({ summary, sx }: { summary: string | null; sx?: SxProps<Theme> }) {
  if (!summary) return null;
  return (
    <Alert severity="error" data-testid="form-problems" sx={sx}>
      {summary}
    </Alert>
  );
}
