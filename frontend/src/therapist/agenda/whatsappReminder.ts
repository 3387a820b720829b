import { APPOINTMENT_MODE_LABELS, cleanPhone, formatAppointmentTime, type Appointment, type PatientListItem } from '@consulta/shared';
import { AGENDA_TEXT } from '../../i18n/es/agenda';

/**
 * 'Recordar por WhatsApp': WhatsApp's click-to-chat link (https://wa.me/<digits>?text=…, as a WhatsApp invitation
 * is sent) with the reminder written, for a patient who agreed to WhatsApp messages and has a phone number. The
 * therapist sends it from their own WhatsApp; null when the patient cannot be written to there.
 */
export function whatsappReminderUrl(
  patient: Pick<PatientListItem, 'nombre' | 'telefono_paciente' | 'whatsapp_mensajeria_consentimiento'> | undefined,
  appointment: Pick<Appointment, 'inicio' | 'modalidad' | 'lugar_o_enlace'>,
  zone: string,
  therapistName: string | null,
): string | null {
  if (!patient?.whatsapp_mensajeria_consentimiento) return null;
  const digits = cleanPhone(patient.telefono_paciente ?? '').replace(/^\+/, '');
  if (!/^\d{8,15}$/.test(digits)) return null;
  const text = AGENDA_TEXT.whatsappText(
    patient.nombre,
    formatAppointmentTime(appointment.inicio, zone),
    APPOINTMENT_MODE_LABELS[appointment.modalidad],
    appointment.lugar_o_enlace,
    therapistName,
  );
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
