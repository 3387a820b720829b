import { CONSENT_KIND_HELP, CONSENT_KIND_LABELS, type AskableConsentKind } from '@consulta/shared';

/** A message ready to send: Spanish subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const dateTime = (date: Date): string =>
  date.toLocaleString('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }) + ' (UTC)';

/** A button of a mail and the link it opens. */
export interface MailAction {
  label: string;
  url: string;
}

/** The shared HTML frame: a heading, paragraphs, the buttons (one, several or none), each link also written out. */
export function layout(title: string, paragraphs: string[], actions: MailAction | readonly MailAction[], footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const list: readonly MailAction[] = 'url' in actions ? [actions] : actions;
  const inline = list.length > 1 ? 'display:inline-block;margin:0 8px 8px 0;' : '';
  const buttons = list
    .map(
      (a) =>
        `<a href="${escapeHtml(a.url)}" style="${inline}background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(a.label)}</a>`,
    )
    .join('');
  const link = (url: string) => `<a href="${escapeHtml(url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(url)}</a>`;
  const written =
    list.length === 1
      ? `Si el botón no funciona, copia este enlace en tu navegador:<br>${link(list[0].url)}`
      : `Si los botones no funcionan, copia el enlace en tu navegador:<br>${list.map((a) => `${escapeHtml(a.label)}: ${link(a.url)}`).join('<br>')}`;
  const buttonsHtml =
    list.length === 0
      ? ''
      : `
<p style="margin:24px 0">${buttons}</p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${written}</p>`;
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#4338ca">${escapeHtml(title)}</h1>${body}${buttonsHtml}
<p style="margin:24px 0 0;font-size:12px;color:#9ca3af">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** What the registration will ask the patient to consent to (empty when nothing is asked). */
export function askedConsentsText(asked: readonly AskableConsentKind[]): string {
  if (asked.length === 0) return '';
  const help = (kind: AskableConsentKind) => CONSENT_KIND_HELP[kind].replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  const kinds = asked.map((kind) => `${CONSENT_KIND_LABELS[kind]} (${help(kind)})`);
  return `Al registrarte se te pedirá tu consentimiento para: ${kinds.join('; ')}. Puedes aceptarlo o no: tu cuenta se crea igualmente.`;
}

export function invitationMail(
  therapistName: string,
  link: string,
  expiresAt: Date,
  asked: readonly AskableConsentKind[] = [],
): MailContent {
  const title = 'Te han invitado a Consulta';
  const consents = askedConsentsText(asked);
  const paragraphs = [
    `${therapistName} te invita a crear tu cuenta de paciente en Consulta, donde podrás ver tus sesiones y ejercicios.`,
    ...(consents ? [consents] : []),
    `La invitación es personal y vale hasta el ${dateTime(expiresAt)}.`,
  ];
  const footer = 'Si no esperabas esta invitación, puedes ignorar este mensaje.';
  return {
    subject: `${therapistName} te invita a Consulta`,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nCrea tu cuenta aquí:\n${link}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Crear mi cuenta', url: link }, footer),
  };
}

export function passwordResetMail(name: string, link: string, validMinutes: number): MailContent {
  const title = 'Restablece tu contraseña';
  const paragraphs = [
    `Hola, ${name}:`,
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta de Consulta. El enlace vale ${validMinutes} minutos y solo puede usarse una vez.`,
  ];
  const footer = 'Si no lo solicitaste, ignora este mensaje: tu contraseña no cambiará.';
  return {
    subject: 'Restablece tu contraseña de Consulta',
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nElige una contraseña nueva aquí:\n${link}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Elegir contraseña nueva', url: link }, footer),
  };
}

/** An account under attack (many wrong passwords from many addresses): its owner is told, with a reset link. */
export function signInAttackMail(name: string, link: string, validMinutes: number): MailContent {
  const title = 'Alguien está intentando entrar en tu cuenta';
  const paragraphs = [
    `Hola, ${name}:`,
    'Alguien está intentando entrar en tu cuenta de Consulta probando contraseñas desde varias direcciones. Por ahora no lo ha conseguido, y hemos frenado los intentos: mientras siga, tu cuenta acepta pocos intentos por minuto.',
    `Si no has sido tú, elige una contraseña nueva y que no uses en otros sitios. El enlace vale ${validMinutes} minutos y solo puede usarse una vez; si caduca, pide otro en «¿Olvidaste tu contraseña?». Después podrás entrar desde este dispositivo sin esperas.`,
  ];
  const footer = 'Si has sido tú y recuerdas tu contraseña, no tienes que hacer nada.';
  return {
    subject: 'Alguien está intentando entrar en tu cuenta de Consulta',
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nElige una contraseña nueva aquí:\n${link}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Elegir contraseña nueva', url: link }, footer),
  };
}

/** After a WhatsApp invitation's registration: the address is confirmed as its owner's. */
export function welcomeMail(therapistName: string, loginUrl: string): MailContent {
  const title = 'Tu cuenta de Consulta está lista';
  const paragraphs = [
    `Te registraste en Consulta con la invitación de ${therapistName}.`,
    'Entra con este correo y la contraseña que elegiste.',
  ];
  const footer = 'Si no fuiste tú, avisa a tu terapeuta.';
  return {
    subject: title,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nInicia sesión aquí:\n${loginUrl}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Iniciar sesión', url: loginUrl }, footer),
  };
}

/**
 * A WhatsApp invitation's registration chose an address that already has an account: nothing was created and
 * the account is unchanged; its owner learns how to get in (the page said only that a mail was sent).
 */
export function accountExistsMail(therapistName: string, loginUrl: string): MailContent {
  const title = 'Ya tienes una cuenta en Consulta';
  const paragraphs = [
    `Alguien acaba de registrarse en Consulta con este correo y la invitación de ${therapistName}. Este correo ya tiene una cuenta, así que no se creó otra ni cambió su contraseña.`,
    'Si fuiste tú, entra con la contraseña de tu cuenta; si no la recuerdas, elige una nueva con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
    `Si querías una cuenta nueva con ${therapistName}, pídele otra invitación y regístrate con otro correo.`,
  ];
  const footer = 'Si no fuiste tú, puedes ignorar este mensaje: tu cuenta no ha cambiado.';
  return {
    subject: title,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\nInicia sesión aquí:\n${loginUrl}\n\n${footer}\n`,
    html: layout(title, paragraphs, { label: 'Iniciar sesión', url: loginUrl }, footer),
  };
}

/** The text of the WhatsApp message a therapist sends from their own phone. */
export const invitationWhatsappText = (therapistName: string, link: string, asked: readonly AskableConsentKind[] = []): string =>
  [`Hola, soy ${therapistName}. Te invito a crear tu cuenta de paciente en Consulta: ${link}`, askedConsentsText(asked)]
    .filter(Boolean)
    .join(' ');
