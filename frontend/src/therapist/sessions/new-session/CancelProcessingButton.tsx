import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { DRAFT_PROCESSING_TEXT as T } from '../../../i18n/es/draft-processing';
import type { DraftAutosaver } from './draftAutosaver';
import { useCancelDraftJob } from './draftQueries';

/**
 * 'Cancelar procesamiento' of a draft whose transcription or analysis runs: no confirmation (what the draft had
 * stays, and it can be processed again at once). `label` names the draft where several are listed.
 */
export function CancelProcessingButton({ draftId, saver, label }: { draftId: string; saver: DraftAutosaver; label?: string }) {
  const cancel = useCancelDraftJob(saver);
  return (
    <Button
      size="small"
      variant="outlined"
      color="inherit"
      aria-label={label}
      disabled={cancel.isPending}
      onClick={() => cancel.mutate(draftId)}
      startIcon={cancel.isPending ? <CircularProgress size={14} color="inherit" /> : <StopCircleOutlined />}
      sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
    >
      {cancel.isPending ? T.cancelling : T.cancel}
    </Button>
  );
}
