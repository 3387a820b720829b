import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { SessionSummary } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';

const T = WORKSPACE_TEXT.sessions;

/** A session's 'Editar' and 'Eliminar' buttons (in its list row, and in its detail while the list is hidden). */
export function SessionActions({
  session,
  onEdit,
  onDelete,
}: {
  session: SessionSummary;
  onEdit: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
}) {
  const n = session.numero_sesion;
  return (
    <Stack direction="row" spacing={0.25}>
      <Tooltip title={T.edit(n)}>
        <IconButton aria-label={T.edit(n)} onClick={() => onEdit(session)} size="small">
          <EditOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={T.delete(n)}>
        <IconButton aria-label={T.delete(n)} onClick={() => onDelete(session)} size="small">
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
