import RepeatOutlined from '@mui/icons-material/RepeatOutlined';
import Box from '@mui/material/Box';
import { APPOINTMENT_MODE_LABELS, APPOINTMENT_STATE_LABELS, formatAppointmentHour, type Appointment } from '@consulta/shared';
import { STATE_LOOK } from '../../components/agenda/appointmentStates';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { fullName } from '../patients/patientFormat';

/**
 * One appointment inside the calendar: its time, the patient and its state in words with the state's icon (never
 * the colour alone); in the list, the mode too.
 */
export function AgendaEvent({
  appointment,
  zone,
  compact,
  list,
}: {
  appointment: Appointment;
  zone: string;
  compact: boolean;
  list: boolean;
}) {
  // Both ends with two-digit hours ('07:00–07:50'), as every other time of the agenda.
  const timeText = `${formatAppointmentHour(appointment.inicio, zone)}–${formatAppointmentHour(appointment.fin, zone)}`;
  const look = STATE_LOOK[appointment.estado];
  const Icon = look.icon;
  const name = fullName(appointment.paciente);
  const state = APPOINTMENT_STATE_LABELS[appointment.estado];
  const icon = <Icon sx={{ fontSize: 14, flexShrink: 0 }} aria-hidden />;
  if (list) {
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap', minWidth: 0 }}
        data-testid="agenda-event"
      >
        <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', minWidth: 96 }}>
          {timeText}
        </Box>
        <Box component="span" sx={{ fontWeight: 600, textDecoration: look.struck ? 'line-through' : undefined }}>
          {name}
        </Box>
        <Box
          component="span"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            px: 0.75,
            borderRadius: 1,
            bgcolor: look.background,
            color: look.color,
            fontSize: 12,
          }}
        >
          {icon}
          {state}
        </Box>
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
          {APPOINTMENT_MODE_LABELS[appointment.modalidad]}
        </Box>
      </Box>
    );
  }
  return (
    <Box
      data-testid="agenda-event"
      sx={{
        overflow: 'hidden',
        lineHeight: 1.25,
        fontSize: 12,
        px: 0.5,
        py: 0.25,
        height: '100%',
        textDecoration: look.struck ? 'line-through' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 700, whiteSpace: 'nowrap', overflow: 'hidden' }}>
        {icon}
        <span>{timeText}</span>
      </Box>
      <Box sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</Box>
      {!compact && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, overflow: 'hidden', whiteSpace: 'nowrap' }}>
          {appointment.serie_id && <RepeatOutlined sx={{ fontSize: 13, flexShrink: 0 }} titleAccess={AGENDA_TEXT.event.series} />}
          <span>{state}</span>
        </Box>
      )}
    </Box>
  );
}
