import RepeatOutlined from '@mui/icons-material/RepeatOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_MODE_LABELS, type Appointment } from '@consulta/shared';
import type { ReactNode } from 'react';
import { AppointmentStateChip } from '../../components/agenda/AppointmentStateChip';
import { STATE_LOOK } from '../../components/agenda/appointmentStates';
import { AGENDA_TEXT } from '../../i18n/es/agenda';

/**
 * One appointment in a compact list (today's in 'Mis pacientes', a patient's 'Citas'): when, who or what, the mode
 * and the state; the whole row opens the appointment's dialog.
 */
export function AppointmentListItem({
  appointment,
  when,
  title,
  onOpen,
}: {
  appointment: Appointment;
  /** The time ('10:00–10:50') or the day and time. */
  when: string;
  /** What the row names besides the time (the patient, in today's list). */
  title?: ReactNode;
  onOpen: (appointment: Appointment) => void;
}) {
  const struck = STATE_LOOK[appointment.estado].struck;
  return (
    <Box component="li" sx={{ listStyle: 'none', '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <ButtonBase
        onClick={() => onOpen(appointment)}
        data-testid="appointment-row"
        sx={{
          width: '100%',
          textAlign: 'left',
          justifyContent: 'flex-start',
          px: { xs: 1.5, sm: 2 },
          py: 1.25,
          borderRadius: 1,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 0.5,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Typography
          component="span"
          sx={{
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            minWidth: { sm: 110 },
            '&::first-letter': { textTransform: 'uppercase' },
          }}
        >
          {when}
        </Typography>
        {title && (
          <Typography
            component="span"
            sx={{ fontWeight: 600, flex: { sm: 1 }, minWidth: 0, textDecoration: struck ? 'line-through' : undefined }}
          >
            {title}
          </Typography>
        )}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {APPOINTMENT_MODE_LABELS[appointment.modalidad]} · {AGENDA_TEXT.duration(appointment.duracion_minutos)}
          {appointment.serie_id && <RepeatOutlined fontSize="inherit" titleAccess={AGENDA_TEXT.event.series} />}
        </Typography>
        <Box component="span" sx={{ ml: { sm: title ? 0 : 'auto' } }}>
          <AppointmentStateChip state={appointment.estado} />
        </Box>
      </ButtonBase>
    </Box>
  );
}
