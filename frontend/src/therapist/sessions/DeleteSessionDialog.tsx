import DialogContentText from '@mui/material/DialogContentText';
import type { SessionSummary } from '@consulta/shared';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { formatDateTimeEs } from '../../i18n/format';

const T = WORKSPACE_TEXT.sessions;

/**
 * Asks before deleting a session, saying it cannot be undone. `session` stays set while the dialog
 * fades out, so its text does not change on the way.
 */
export function DeleteSessionDialog({
  session: s,
  open,
  deleting,
  onCancel,
  onConfirm,
}: {
  session: SessionSummary | null;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (session: SessionSummary) => void;
}) {
  return (
    <ConfirmDialog
      id="delete-session"
      open={open && Boolean(s)}
      title={s ? T.deleteTitle(s.numero_sesion) : ''}
      busy={deleting}
      onCancel={onCancel}
      onConfirm={() => s && onConfirm(s)}
    >
      <DialogContentText sx={{ mb: 1.5 }}>{s ? T.deleteText(s.numero_sesion, formatDateTimeEs(s.fecha)) : ''}</DialogContentText>
      <DialogContentText sx={{ fontWeight: 700, color: 'error.dark' }}>{T.cannotUndo}</DialogContentText>
    </ConfirmDialog>
  );
}
