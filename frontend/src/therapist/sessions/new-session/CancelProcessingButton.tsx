import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DRAFT_PROCESSING_TEXT as T } from '../../../i18n/es/draft-processing';
import type { DraftAutosaver } from './draftAutosaver';
import { useCancelDraftJob } from './draftQueries';

/**
 * 'Cancelar procesamiento' of a draft whose transcription or analysis runs, after a confirmation: what the provider
 * has done so far is work the practice pays for, lost with the cancel (the draft keeps what it had before). `label`
 * names the draft where several are listed.
 */
export function CancelProcessingButton({ draftId, saver, label }: { draftId: string; saver: DraftAutosaver; label?: string }) {
  const cancel = useCancelDraftJob(saver);
  const [asking, setAsking] = useState(false);
  const id = `cancel-job-${useId().replace(/:/g, '')}`;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        aria-label={label}
        disabled={cancel.isPending}
        onClick={() => setAsking(true)}
        startIcon={cancel.isPending ? <CircularProgress size={14} color="inherit" /> : <StopCircleOutlined />}
        sx={{ alignSelf: 'flex-start', flexShrink: 0 }}
      >
        {cancel.isPending ? T.cancelling : T.cancel}
      </Button>
      <ConfirmDialog
        id={id}
        open={asking}
        title={T.confirmTitle}
        action={{ label: T.cancel, busyLabel: T.cancelling, icon: <StopCircleOutlined />, color: 'error' }}
        cancelLabel={T.keepGoing}
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate(draftId, { onSettled: () => setAsking(false) })}
      >
        {T.confirmText}
      </ConfirmDialog>
    </>
  );
}
