import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import ChevronLeftOutlined from '@mui/icons-material/ChevronLeftOutlined';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SessionSummary } from '@consulta/shared';
import { SESSION_DETAIL_TEXT } from '../../i18n/es/sessions';

const T = SESSION_DETAIL_TEXT.nav;

/** The older and the newer neighbour of a session in the list (newest first). */
export function neighbours(
  sessions: readonly SessionSummary[],
  id: string,
): { older: SessionSummary | null; newer: SessionSummary | null } {
  const i = sessions.findIndex((s) => s.id === id);
  if (i < 0) return { older: null, newer: null };
  return { older: sessions[i + 1] ?? null, newer: sessions[i - 1] ?? null };
}

function StepButton({
  to,
  label,
  icon,
  after,
  onOpen,
}: {
  to: SessionSummary | null;
  label: string;
  icon: React.ReactNode;
  after?: boolean;
  onOpen: (s: SessionSummary) => void;
}) {
  return (
    <Button
      variant="outlined"
      size="small"
      disabled={!to}
      onClick={() => to && onOpen(to)}
      aria-label={to ? T.step(label, to.numero_sesion) : label}
      startIcon={after ? undefined : icon}
      endIcon={after ? icon : undefined}
      sx={{
        minWidth: 44,
        minHeight: 36,
        '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 }, mr: { xs: 0, sm: -0.5 } },
      }}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}

/**
 * Above an open session: 'Volver a la lista', and the previous and next session, so a therapist reads one session
 * after another without going back to the list.
 */
export function SessionDetailBar({
  sessions,
  current,
  onBack,
  onOpen,
}: {
  sessions: readonly SessionSummary[];
  current: SessionSummary;
  onBack: () => void;
  onOpen: (session: SessionSummary) => void;
}) {
  const { older, newer } = neighbours(sessions, current.id);
  return (
    <Stack
      component="nav"
      aria-label={T.label}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
    >
      <Button startIcon={<ArrowBackOutlined />} onClick={onBack} sx={{ minHeight: 36 }}>
        {T.back}
      </Button>
      <Stack direction="row" spacing={1}>
        <StepButton to={older} label={T.older} icon={<ChevronLeftOutlined />} onOpen={onOpen} />
        <StepButton to={newer} label={T.newer} icon={<ChevronRightOutlined />} after onOpen={onOpen} />
      </Stack>
    </Stack>
  );
}
