import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { isDraftCancellable, type SessionDraft } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { CancelProcessingButton } from './CancelProcessingButton';
import type { DraftAutosaver } from './draftAutosaver';
import { draftJobStatus } from './draftFormat';

/**
 * The draft's processing state: 'Borrador guardado', 'Generando transcripción...',
 * 'Iniciando procesamiento...', ...; while a job runs, a bar for 1-99 %, what the job is doing and, with `saver`,
 * 'Cancelar procesamiento'.
 */
export function DraftJobStatus({ draft, saver }: { draft: Pick<SessionDraft, 'id' | 'estado' | 'progreso'>; saver?: DraftAutosaver }) {
  const { text, color, percent, detail } = draftJobStatus(draft);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, minWidth: 0 }}>
      <DraftJobStatusText text={text} color={color} percent={percent} detail={detail} />
      {saver && isDraftCancellable(draft.estado) && <CancelProcessingButton draftId={draft.id} saver={saver} />}
    </Stack>
  );
}

function DraftJobStatusText({ text, color, percent, detail }: ReturnType<typeof draftJobStatus>) {
  return (
    <Box role="status" aria-live="polite" data-testid="draft-job-status" sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="body2" data-testid="draft-job-status-text" sx={{ color, fontWeight: 600 }}>
        {text}
      </Typography>
      {percent !== null && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={WORKSPACE_TEXT.ai.progressLabel(percent)}
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
