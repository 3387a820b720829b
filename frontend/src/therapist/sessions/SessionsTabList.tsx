import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SessionSummary } from '@consulta/shared';
import { TEXT } from '../../i18n/es/app';
import { SessionTypeBadges } from '../../components/sessions/SessionTypeBadges';
import { formatDateEs } from '../../i18n/format';
import { formatDuration } from '../../components/sessions/sessionFormat';

const T = TEXT.sessions;

/** The patient's sessions, newest first: a click selects one; each row has its edit and delete buttons. */
export function SessionsTabList({
  sessions,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
}: {
  sessions: SessionSummary[];
  selectedId: string | null;
  onSelect: (session: SessionSummary) => void;
  onEdit: (session: SessionSummary) => void;
  onDelete: (session: SessionSummary) => void;
}) {
  return (
    <List aria-label={T.listLabel} disablePadding data-testid="session-list">
      {sessions.map((s) => {
        const selected = s.id === selectedId;
        return (
          <ListItem
            key={s.id}
            disablePadding
            data-testid="session-row"
            sx={{ '&:not(:last-of-type)': { borderBottom: 1, borderColor: 'divider' } }}
            secondaryAction={
              <Stack direction="row" spacing={0.25}>
                <Tooltip title={T.edit(s.numero_sesion)}>
                  <IconButton aria-label={T.edit(s.numero_sesion)} onClick={() => onEdit(s)} size="small">
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={T.delete(s.numero_sesion)}>
                  <IconButton aria-label={T.delete(s.numero_sesion)} onClick={() => onDelete(s)} size="small">
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            }
          >
            <ListItemButton
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(s)}
              sx={{ py: 1.5, pr: '88px !important', alignItems: 'flex-start', '&.Mui-selected': { bgcolor: 'rgba(47,111,115,0.10)' } }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{T.session(s.numero_sesion)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.75 }}>
                  {formatDateEs(s.fecha)} · {formatDuration(s.duracion_minutos)}
                </Typography>
                <SessionTypeBadges session={s} />
                {s.analisis_estado === 'generando' && (
                  <Stack
                    direction="row"
                    spacing={0.75}
                    data-testid="session-row-generating"
                    sx={{ alignItems: 'center', mt: 0.75, color: 'info.main' }}
                  >
                    <CircularProgress size={12} color="inherit" aria-hidden />
                    <Typography variant="caption" sx={{ fontWeight: 600 }}>
                      {TEXT.ai.listGenerating}
                    </Typography>
                  </Stack>
                )}
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
