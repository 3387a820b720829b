import { formatAppointmentTime, type AppointmentMode } from '@consulta/shared';
import { layout, type MailAction, type MailContent } from '../mail/mail.templates';

/** The agenda's mails: Spanish, times in the therapist's zone, the look of the other mails (mail.templates.ts). */

const when = (instant: string | Date, zone: string): string => `${formatAppointmentTime(instant, zone)} (hora de ${zone})`;

/** "Es presencial, en Calle Mayor 1." / "Es por videollamada: https://…" */
export function howText(modalidad: AppointmentMode, lugarOEnlace: string | null): string {
  if (modalidad === 'videollamada') {
    return lugarOEnlace ? `Es por videollamada. Enlace: ${lugarOEnlace}` : 'Es por videollamada: tu terapeuta te enviará el enlace.';
  }
  return lugarOEnlace ? `Es presencial, en ${lugarOEnlace}.` : 'Es presencial.';
}

/** Plain text: the title, the paragraphs, each link under its sentence, the footer. */
function plain(title: string, paragraphs: string[], links: { text: string; url: string }[], after: string[], footer: string): string {
  const linked = links.map((l) => `${l.text}\n${l.url}`);
  return `${title}\n\n${[...paragraphs, ...linked, ...after].join('\n\n')}\n\n${footer}\n`;
}

export interface ReminderMailData {
  pacienteNombre: string;
  terapeutaNombre: string;
  zona: string;
  inicio: Date;
  duracionMinutos: number;
  modalidad: AppointmentMode;
  lugarOEnlace: string | null;
  confirmUrl: string;
  cancelUrl: string;
  /** PATIENT_CANCEL_HOURS, and whether the link may still cancel when the mail goes. */
  cancelHours: number;
  cancellable: boolean;
}

/**
 * The reminder: when (the therapist's zone), how, with whom, and the two links. The cancel link works until
 * PATIENT_CANCEL_HOURS before the start; when that is past already as the mail goes, the mail says so and tells the
 * patient to contact the therapist instead of offering a link that would only refuse.
 */
export function reminderMail(d: ReminderMailData): MailContent {
  const title = 'Recordatorio de tu cita';
  const time = when(d.inicio, d.zona);
  const paragraphs = [
    `Hola, ${d.pacienteNombre}:`,
    `Te recordamos tu cita con ${d.terapeutaNombre}: ${time}, ${d.duracionMinutos} minutos.`,
    howText(d.modalidad, d.lugarOEnlace),
  ];
  const deadline = formatAppointmentTime(new Date(d.inicio.getTime() - d.cancelHours * 3_600_000), d.zona);
  const confirm = { text: '¿Asistirás? Confírmalo aquí:', url: d.confirmUrl };
  const cancel = { text: `Si no puedes asistir, cancélala aquí (hasta el ${deadline}):`, url: d.cancelUrl };
  const lateNote = `Si no puedes asistir, avisa a ${d.terapeutaNombre}: faltan menos de ${d.cancelHours} horas y ya no se puede cancelar desde el correo.`;
  const links = d.cancellable ? [confirm, cancel] : [confirm];
  const actions: MailAction[] = [
    { label: 'Confirmar asistencia', url: d.confirmUrl },
    ...(d.cancellable ? [{ label: 'Cancelar la cita', url: d.cancelUrl }] : []),
  ];
  const after = [...(d.cancellable ? [] : [lateNote]), 'Adjuntamos la cita (cita.ics) para que la añadas a tu calendario.'];
  const footer = 'Los enlaces de este correo son personales: no los reenvíes. Dejan de funcionar cuando empieza la cita.';
  return {
    subject: `Recordatorio: tu cita con ${d.terapeutaNombre} el ${formatAppointmentTime(d.inicio, d.zona)}`,
    text: plain(title, paragraphs, links, after, footer),
    html: layout(title, [...paragraphs, ...(d.cancellable ? [] : [lateNote])], actions, `${after.at(-1)} ${footer}`),
  };
}

export interface CancelledByTherapistData {
  pacienteNombre: string;
  terapeutaNombre: string;
  zona: string;
  /** The starts of the cancelled appointments still to come, in time order. */
  inicios: string[];
  motivo: string | null;
}

/** The therapist cancelled one or several appointments (a series' later ones): one mail listing them. */
export function cancelledByTherapistMail(d: CancelledByTherapistData): MailContent {
  const several = d.inicios.length > 1;
  const title = several ? 'Tus citas han sido canceladas' : 'Tu cita ha sido cancelada';
  const paragraphs = [
    `Hola, ${d.pacienteNombre}:`,
    several
      ? `${d.terapeutaNombre} ha cancelado estas ${d.inicios.length} citas (hora de ${d.zona}):`
      : `${d.terapeutaNombre} ha cancelado tu cita del ${when(d.inicios[0], d.zona)}.`,
    ...(several ? d.inicios.map((i) => `• ${formatAppointmentTime(i, d.zona)}`) : []),
    ...(d.motivo ? [`Motivo: ${d.motivo}`] : []),
    `Si quieres acordar otra cita o tienes dudas, ponte en contacto con ${d.terapeutaNombre}.`,
  ];
  const footer = 'Recibes este correo porque tenías estas citas en Consulta.';
  return {
    subject: several
      ? `${d.terapeutaNombre} ha cancelado ${d.inicios.length} de tus citas`
      : `${d.terapeutaNombre} ha cancelado tu cita del ${formatAppointmentTime(d.inicios[0], d.zona)}`,
    text: plain(title, paragraphs, [], [], footer),
    html: layout(title, paragraphs, [], footer),
  };
}

export interface CancelledByPatientData {
  terapeutaNombre: string;
  pacienteNombre: string;
  pacienteApellido: string;
  zona: string;
  inicio: string;
  motivo: string | null;
}

/**
 * A patient cancelled (their area or the mailed link): the therapist learns who, when and why. The subject names no
 * one (it shows on locked screens and in notifications); the body does.
 */
export function cancelledByPatientMail(d: CancelledByPatientData): MailContent {
  const title = 'Un paciente ha cancelado su cita';
  const paragraphs = [
    `Hola, ${d.terapeutaNombre}:`,
    `${d.pacienteNombre} ${d.pacienteApellido} ha cancelado su cita del ${when(d.inicio, d.zona)}.`,
    d.motivo ? `Motivo: ${d.motivo}` : 'No ha indicado ningún motivo.',
    'La hora queda libre en tu agenda.',
  ];
  const footer = 'Recibes este aviso porque un paciente canceló una cita contigo en Consulta.';
  return {
    subject: `Cita cancelada por un paciente: ${formatAppointmentTime(d.inicio, d.zona)}`,
    text: plain(title, paragraphs, [], [], footer),
    html: layout(title, paragraphs, [], footer),
  };
}
