import Chip from '@mui/material/Chip';
import { APPOINTMENT_STATE_LABELS, type AppointmentState } from '@consulta/shared';
import { STATE_LOOK } from './appointmentStates';

/** An appointment's state: its icon, its label and its colour. */
export function AppointmentStateChip({ state, size = 'small' }: { state: AppointmentState; size?: 'small' | 'medium' }) {
  const look = STATE_LOOK[state];
  const Icon = look.icon;
  return (
    <Chip
      size={size}
      icon={<Icon />}
      label={APPOINTMENT_STATE_LABELS[state]}
      data-testid="appointment-state"
      sx={{
        bgcolor: look.background,
        color: look.color,
        '& .MuiChip-icon': { color: look.color },
        ...(look.struck ? { border: '1px dashed #9aa5ae' } : {}),
      }}
    />
  );
}
