/** Texts of the consents: the therapist's 'Consentimientos' tab, the gates that point to it, and 'Mi Perfil'. */
export const CONSENT_TEXT = {
  title: 'Consentimientos',
  summary: 'Lo que el paciente ha autorizado: quién lo registró, cuándo y cómo. Se puede revocar en cualquier momento.',
  inForce: 'Vigente',
  notGiven: 'Sin consentimiento',
  revoked: 'Revocado',
  givenOn: (date: string, by: string, how: string) => `Otorgado el ${date} · ${by} · ${how}`,
  revokedOn: (date: string, by: string, how: string | null) => `Revocado el ${date} · ${by}${how ? ` · ${how}` : ''}`,
  record: 'Registrar',
  revoke: 'Revocar',
  history: 'Historial',
  noHistory: 'Aún no hay registros.',
  form: 'Forma',
  note: 'Nota (opcional, solo para ti)',
  cancel: 'Cancelar',
  recordTitle: (kind: string) => `Registrar consentimiento: ${kind}`,
  recordHint: 'Registra solo un consentimiento que el paciente te haya dado, tras explicarle para qué es.',
  revokeTitle: (kind: string) => `Revocar consentimiento: ${kind}`,
  revokeText: 'Desde ahora no se podrá usar para este paciente. Lo hecho antes no se borra. ¿Continuar?',
  saving: 'Guardando...',
  /** The gates, before the therapist tries. */
  missingRecording: 'Sin consentimiento de grabación: no se puede adjuntar un video.',
  missingAi: 'Sin consentimiento para la transcripción y el análisis con IA: no están disponibles para este paciente.',
  goRecord: 'Registrar consentimiento',
  /** The consents tab, reached from a gate of a session being written. */
  returnHint: 'Vienes de una sesión sin terminar: al registrar el consentimiento volverás a ella.',
  backToSession: 'Volver a la sesión',
  /** 'Mi Perfil'. */
  mineTitle: 'Mis consentimientos',
  mineSummary: 'Lo que has autorizado a tu terapeuta. Puedes retirarlo cuando quieras; para darlo de nuevo, habla con tu terapeuta.',
  mineRevokeText:
    'Tu terapeuta dejará de poder usarlo desde ahora. Para darlo de nuevo tendrás que hablarlo con tu terapeuta. ¿Retirar el consentimiento?',
  mineRevoke: 'Retirar',
  mineRevokeTitle: (kind: string) => `Retirar consentimiento: ${kind}`,
  youGave: 'Otorgado el',
  /** 'Nuevo Paciente': the consents taken with the patient. */
  atCreationTitle: 'Consentimientos',
  atCreationHint:
    'Marca solo los que el paciente ya te ha dado, tras explicarle para qué son. Quedan registrados con tu nombre y la fecha de hoy; podrás registrarlos o revocarlos después en su ficha.',
  atCreationForm: (kind: string) => `Forma del consentimiento: ${kind}`,
  /** 'Invitar Paciente': the consents asked at registration. */
  askTitle: 'Pedir consentimientos al registrarse',
  askHint: 'El paciente verá cada uno explicado, sin marcar, y decidirá si lo da. El mensaje de la invitación los menciona.',
  /** The invited registration. */
  registerTitle: 'Consentimientos',
  registerIntro: (therapist: string) =>
    `${therapist} te pide estos consentimientos. Marca los que quieras dar; si no marcas ninguno, tu cuenta se crea igualmente. Puedes retirarlos cuando quieras desde Mi Perfil.`,
  registerConsent: (kind: string) => `Doy mi consentimiento: ${kind}`,
  /** The patient's assistant without the AI consent. */
  chatNoConsentTitle: 'El asistente no está disponible: falta tu consentimiento para el uso de IA',
  chatNoConsent:
    'Para usar el asistente hace falta tu consentimiento para la transcripción y el análisis con IA, y no está vigente. Lo registra tu terapeuta: si quieres darlo, habla con tu terapeuta.',
  chatNoConsentInput: 'El asistente necesita tu consentimiento para el uso de IA. Habla con tu terapeuta si quieres darlo.',
  chatSeeConsents: 'Ver mis consentimientos',
  chatConsentsFailed: 'No se pudo comprobar tu consentimiento para el uso de IA.',
} as const;
