import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DRAFT_STATUS_TEXT, isDraftCancellable, type DraftState, type SessionDraft } from '@consulta/shared';
import { useState } from 'react';
import { DRAFT_PROCESSING_TEXT } from '../../../i18n/es/draft-processing';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { CancelProcessingButton } from './CancelProcessingButton';
import type { DraftAutosaver } from './draftAutosaver';
import { draftJobStatus, jobJustCompleted, statusColor } from './draftFormat';

type Followed = Pick<SessionDraft, 'id' | 'estado' | 'progreso' | 'segundos_restantes'>;

/**
 * The draft's processing state: 'Borrador guardado', 'Generando transcripción...',
 * 'Iniciando procesamiento...', ...; while a job runs, a bar for 1-99 % with 'Procesando... {percent}%', what the
 * job is doing, the time it still takes ('Tiempo estimado: unos 3 min') and, with `saver`, 'Cancelar
 * procesamiento'. A job followed here to its end shows 'Procesamiento completado'.
 */
export function DraftJobStatus({ draft, saver }: { draft: Followed; saver?: DraftAutosaver }) {
  const completed = useJobCompleted(draft);
  const view = draftJobStatus(draft);
  const running = isDraftCancellable(draft.estado);
  const shown = completed ? { ...view, text: DRAFT_STATUS_TEXT.completado, color: statusColor('completado') } : view;
  const timeLeft = running
    ? typeof draft.segundos_restantes === 'number'
      ? DRAFT_PROCESSING_TEXT.timeLeft(draft.segundos_restantes)
      : DRAFT_PROCESSING_TEXT.timeUnknown
    : null;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, minWidth: 0 }}>
      <DraftJobStatusText {...shown} timeLeft={timeLeft} />
      {saver && running && <CancelProcessingButton draftId={draft.id} saver={saver} />}
    </Stack>
  );
}

/** Whether this draft's job was seen running here and has since ended with its result (it stays said until another state). */
function useJobCompleted({ id, estado }: Followed): boolean {
  const [seen, setSeen] = useState<{ id: string; estado: DraftState; completed: boolean }>({ id, estado, completed: false });
  if (seen.id !== id || seen.estado !== estado) {
    const completed = seen.id === id && (jobJustCompleted(seen.estado, estado) || (seen.completed && estado === 'borrador'));
    setSeen({ id, estado, completed });
    return completed;
  }
  return seen.completed;
}

function DraftJobStatusText({
  text,
  color,
  percent,
  detail,
  percentText,
  timeLeft,
}: ReturnType<typeof draftJobStatus> & { timeLeft: string | null }) {
  return (
    <Box role="status" aria-live="polite" data-testid="draft-job-status" sx={{ minWidth: 0, flex: 1 }}>
      <Typography variant="body2" data-testid="draft-job-status-text" sx={{ color, fontWeight: 600 }}>
        {text}
      </Typography>
      {percent !== null && (
        <>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={WORKSPACE_TEXT.ai.progressLabel(percent)}
            sx={{ mt: 0.75, borderRadius: 1, height: 6 }}
          />
          <Typography
            variant="caption"
            component="p"
            data-testid="draft-job-percent"
            sx={{ color: 'info.main', fontWeight: 600, mt: 0.25 }}
          >
            {percentText}
          </Typography>
        </>
      )}
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="draft-job-detail" sx={{ mt: 0.5 }}>
          {detail}
        </Typography>
      )}
      {timeLeft && (
        <Typography variant="body2" component="p" data-testid="draft-job-time-left" sx={{ mt: 0.5, fontWeight: 600 }}>
          {timeLeft}
        </Typography>
      )}
    </Box>
  );
}
