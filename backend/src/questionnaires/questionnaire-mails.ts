import { isQuestionnaireCode, QUESTIONNAIRES } from '@consulta/shared';
import { layout, type MailContent } from '../mail/mail.templates';

/** The questionnaires' mails: Spanish, the look of the other mails, and never an answer or a score in them. */

export interface DueMailData {
  pacienteNombre: string;
  terapeutaNombre: string;
  codigo: string;
  /** Where the patient answers (their area's home lists what is due). */
  url: string;
}

/** Tells the patient a scale fell due. */
export function dueMail(d: DueMailData): MailContent {
  const scale = isQuestionnaireCode(d.codigo) ? QUESTIONNAIRES[d.codigo] : null;
  const name = scale ? `${scale.nombre} (${scale.items.length} preguntas breves)` : 'un cuestionario';
  const title = 'Tienes un cuestionario pendiente';
  const paragraphs = [
    `Hola, ${d.pacienteNombre}:`,
    `${d.terapeutaNombre} te pide que respondas ${name} sobre cómo te has sentido en las últimas dos semanas. Te llevará unos minutos.`,
  ];
  const footer = 'Tus respuestas solo las ve tu terapeuta.';
  return {
    subject: title,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nResponder:\n${d.url}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Responder', url: d.url }, footer),
  };
}

export interface AlertMailData {
  terapeutaNombre: string;
  pacienteNombre: string;
  /** The patient's record, where the result is read and marked reviewed. */
  url: string;
}

/**
 * Tells the therapist that an answer raised the safety alert. It names the patient and links to their record: mail
 * is not a safe channel for the answers, so neither they nor the score are in it.
 */
export function alertMail(d: AlertMailData): MailContent {
  const title = 'Una respuesta necesita tu atención';
  const paragraphs = [
    `Hola, ${d.terapeutaNombre}:`,
    `${d.pacienteNombre} acaba de responder un cuestionario y una de sus respuestas necesita tu atención.`,
    'Entra en Consulta para ver el resultado y márcalo como revisado cuando lo hayas atendido.',
  ];
  const footer = 'Por tu seguridad y la de tu paciente, este correo no incluye las respuestas.';
  return {
    subject: `Atención: respuesta de ${d.pacienteNombre}`,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nVer en Consulta:\n${d.url}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Ver en Consulta', url: d.url }, footer),
  };
}
