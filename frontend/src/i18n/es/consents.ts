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
  /** 'Mi Perfil'. */
  mineTitle: 'Mis consentimientos',
  mineSummary: 'Lo que has autorizado a tu terapeuta. Puedes retirarlo cuando quieras; para darlo de nuevo, habla con tu terapeuta.',
  mineRevokeText:
    'Tu terapeuta dejará de poder usarlo desde ahora. Para darlo de nuevo tendrás que hablarlo con tu terapeuta. ¿Retirar el consentimiento?',
  mineRevoke: 'Retirar',
  mineRevokeTitle: (kind: string) => `Retirar consentimiento: ${kind}`,
  youGave: 'Otorgado el',
} as const;
