import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionSummary } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { SessionTypeBadges } from '../../components/sessions/SessionTypeBadges';
import { formatDateEs } from '../../i18n/format';
import { formatDuration } from '../../components/sessions/sessionFormat';
import { SessionActions } from './SessionActions';

const T = WORKSPACE_TEXT.sessions;

/** The patient's sessions, newest first: a click opens one; each row has its edit and delete buttons. */
export function SessionsTabList({
  sessions,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
}: {
  sessions: SessionSummary[];
  /** The session read last: marked, so the eye finds its place again. */
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
            secondaryAction={<SessionActions session={s} onEdit={onEdit} onDelete={onDelete} />}
          >
            <ListItemButton
              selected={selected}
              onClick={() => onSelect(s)}
              data-session-id={s.id}
              sx={{ py: 1.5, pr: '88px !important', alignItems: 'flex-start', '&.Mui-selected': { bgcolor: 'rgba(47,111,115,0.10)' } }}
            >
              {/* One line from 600 px wide (the list has the tab's width), stacked on a phone. */}
              <Box sx={{ minWidth: 0, display: { sm: 'flex' }, flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
                <Typography sx={{ fontWeight: 700, minWidth: { sm: 88 } }}>{T.session(s.numero_sesion)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: { xs: 0.75, sm: 0 }, minWidth: { sm: 150 } }}>
                  {formatDateEs(s.fecha)} · {formatDuration(s.duracion_minutos)}
                </Typography>
                <SessionTypeBadges session={s} />
                {s.analisis_estado === 'generando' && (
                  <Stack
                    direction="row"
                    spacing={0.75}
                    data-testid="session-row-generating"
                    sx={{ alignItems: 'center', mt: { xs: 0.75, sm: 0 }, color: 'info.main' }}
                  >
                    <CircularProgress size={12} color="inherit" aria-hidden />
                    <Typography variant="caption" sx={{ fontWeight: 600 }}>
                      {WORKSPACE_TEXT.ai.listGenerating}
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
