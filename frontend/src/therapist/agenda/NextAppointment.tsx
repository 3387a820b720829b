import Link from '@mui/material/Link';
import { formatAppointmentTime } from '@consulta/shared';
import { Link as RouterLink } from 'react-router';
import { THERAPIST_BASE } from '../../app/routesConfig';
import { AGENDA_TEXT } from '../../i18n/es/agenda';

/** The patient's 'Citas' tab. */
export const patientAppointmentsUrl = (patientId: string): string => `${THERAPIST_BASE}/pacientes/${encodeURIComponent(patientId)}/citas`;

/** A patient's next appointment as the agenda has it, in the therapist's zone (`none` when there is none). */
export const nextAppointmentText = (proximaCita: string | null | undefined, zone: string, none: string): string =>
  proximaCita ? formatAppointmentTime(proximaCita, zone) : none;

/** 'Ver sus citas': the patient's 'Citas' tab, where the next appointment is changed. */
export function AppointmentsTabLink({ patientId }: { patientId: string }) {
  return (
    // Underlined: it sits in a line of text (a field's help), where colour alone would not tell it apart.
    <Link component={RouterLink} to={patientAppointmentsUrl(patientId)} underline="always">
      {AGENDA_TEXT.patientRecord.openAppointments}
    </Link>
  );
}
