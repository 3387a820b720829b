import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SessionDraft } from '@consulta/shared';
import { TEXT } from '../../../i18n/es/app';
import { draftJobStatus } from './draftFormat';

/**
 * The draft's processing state: 'Borrador guardado', 'Generando transcripción...',
 * 'Iniciando procesamiento...', ...; while a job runs, a bar for 1-99 % and what the job is doing.
 */
export function DraftJobStatus({ draft }: { draft: Pick<SessionDraft, 'estado' | 'progreso'> }) {
  const { text, color, percent, detail } = draftJobStatus(draft);
  return (
    <Box role="status" aria-live="polite" data-testid="draft-job-status" sx={{ minWidth: 0 }}>
      <Typography variant="body2" data-testid="draft-job-status-text" sx={{ color, fontWeight: 600 }}>
        {text}
      </Typography>
      {percent !== null && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={TEXT.ai.progressLabel(percent)}
          sx={{ mt: 0.75, borderRadius: 1, height: 6 }}
        />
      )}
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="draft-job-detail" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
