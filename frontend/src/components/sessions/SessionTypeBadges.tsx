import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Session } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../i18n/es/workspace';
import { sessionTypeLabel } from './sessionFormat';

/** The session type badge, plus 'Personalizada' for a custom type. */
export function SessionTypeBadges({
  session,
  size = 'small',
}: {
  session: Pick<Session, 'tipo_sesion' | 'tipo_sesion_nombre' | 'personalizada'>;
  size?: 'small' | 'medium';
}) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size={size}
        label={sessionTypeLabel(session)}
        color={session.personalizada ? 'secondary' : 'primary'}
        variant="outlined"
        data-testid="session-type-badge"
      />
      {session.personalizada && (
        <Chip size={size} label={WORKSPACE_TEXT.sessions.custom} variant="filled" data-testid="session-custom-badge" />
      )}
    </Stack>
  );
}
