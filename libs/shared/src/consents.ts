import { MSG, fillMessage } from './messages';

/**
 * A patient's consents (issue 17): to recording the sessions, to AI transcription and analysis, to WhatsApp
 * messages. Each grant is a dated record (who gave it, how, when); a revocation closes it, and a new grant is a
 * new record, so the history is never rewritten.
 */
export const CONSENT_KINDS = ['grabacion', 'ia', 'whatsapp'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_KIND_LABELS: Record<ConsentKind, string> = {
  grabacion: 'Grabación de las sesiones',
  ia: 'Transcripción y análisis con IA',
  whatsapp: 'Mensajes por WhatsApp',
};

/** What each consent allows, as the patient and the therapist read it. */
export const CONSENT_KIND_HELP: Record<ConsentKind, string> = {
  grabacion: 'Permite adjuntar el video de las sesiones.',
  ia: 'Permite transcribir y analizar las sesiones con IA y usar el asistente de IA sobre su historia.',
  whatsapp: 'Permite enviar mensajes sobre citas, pagos y tratamiento por WhatsApp.',
};

/**
 * How a consent was given or revoked. A therapist records 'verbal', 'escrito' or 'digital' (a form signed
 * elsewhere); 'ficha' is the WhatsApp box of the patient's record (the spec's field), 'migracion' a consent that
 * existed before consents were dated. A patient's own revocation is 'digital'.
 */
export const CONSENT_FORMS = ['verbal', 'escrito', 'digital', 'ficha', 'migracion'] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];
export const RECORDABLE_CONSENT_FORMS = ['verbal', 'escrito', 'digital'] as const satisfies readonly ConsentForm[];

export const CONSENT_FORM_LABELS: Record<ConsentForm, string> = {
  verbal: 'Verbal',
  escrito: 'Por escrito',
  digital: 'Digital',
  ficha: 'Casilla de la ficha',
  migracion: 'Migración (dato anterior)',
};

export type ConsentActor = 'terapeuta' | 'paciente';
export const CONSENT_ACTOR_LABELS: Record<ConsentActor, string> = { terapeuta: 'Terapeuta', paciente: 'Paciente' };

export const CONSENT_NOTE_MAX = 1000;

/** One grant and, once revoked, its revocation: what the therapist reads. */
export interface ConsentRecord {
  id: string;
  tipo: ConsentKind;
  forma: ConsentForm;
  nota: string | null;
  /** ISO 8601 date-time. */
  otorgado_en: string;
  otorgado_por: ConsentActor;
  otorgado_por_nombre: string | null;
  revocado_en: string | null;
  revocado_por: ConsentActor | null;
  revocado_por_nombre: string | null;
  forma_revocacion: ConsentForm | null;
  nota_revocacion: string | null;
}

/** GET /pacientes/consentimientos/{id}: which consents are in force, and every record, newest first. */
export interface ConsentOverview {
  vigentes: Record<ConsentKind, boolean>;
  registros: ConsentRecord[];
}

/** The patient's own view of a record: an allow-list (the therapist's notes stay with the therapist). */
export interface PatientConsentRecord {
  id: string;
  tipo: ConsentKind;
  forma: ConsentForm;
  otorgado_en: string;
  otorgado_por: ConsentActor;
  revocado_en: string | null;
  revocado_por: ConsentActor | null;
}

export interface PatientConsentOverview {
  vigentes: Record<ConsentKind, boolean>;
  registros: PatientConsentRecord[];
}

/** POST /pacientes/consentimientos/{id} */
export interface ConsentGrant {
  tipo: ConsentKind;
  forma: (typeof RECORDABLE_CONSENT_FORMS)[number];
  nota?: string | null;
}

/** POST /pacientes/consentimientos/{id}/{tipo}/revocar */
export interface ConsentRevocation {
  forma: (typeof RECORDABLE_CONSENT_FORMS)[number];
  nota?: string | null;
}

/** The consent in force among `records` for each kind. */
export const consentsInForce = (records: readonly { tipo: ConsentKind; revocado_en: string | null }[]): Record<ConsentKind, boolean> =>
  Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, records.some((r) => r.tipo === kind && r.revocado_en === null)])) as Record<
    ConsentKind,
    boolean
  >;

/**
 * The consents a therapist can take when the patient is created or ask for in the invitation: the ones the
 * work needs (recording, AI). WhatsApp has its own box in the patient's record.
 */
export const ASKABLE_CONSENT_KINDS = ['grabacion', 'ia'] as const satisfies readonly ConsentKind[];
export type AskableConsentKind = (typeof ASKABLE_CONSENT_KINDS)[number];

/** One consent recorded with the new patient (POST /pacientes/ `consentimientos`): as the therapist records it. */
export type InitialConsent = ConsentGrant & { tipo: AskableConsentKind };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What an initial consent may say: anything else is refused, as an unknown field of the body is. */
const INITIAL_CONSENT_KEYS: readonly string[] = ['tipo', 'forma', 'nota'] satisfies (keyof InitialConsent)[];

/** POST /pacientes/ `consentimientos`: absent, null, or a list of grants of distinct askable kinds, and nothing else. */
export function initialConsentsError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > ASKABLE_CONSENT_KINDS.length || !value.every(isObject)) return MSG.consents.initialList;
  for (const item of value) {
    const unknown = Object.keys(item).find((key) => !INITIAL_CONSENT_KEYS.includes(key));
    if (unknown !== undefined) return fillMessage(MSG.validation.notAllowed, { campo: `consentimientos.${unknown}` });
    if (!(ASKABLE_CONSENT_KINDS as readonly unknown[]).includes(item.tipo)) return MSG.consents.askableKind;
    if (!(RECORDABLE_CONSENT_FORMS as readonly unknown[]).includes(item.forma)) return MSG.consents.form;
    if (item.nota !== undefined && item.nota !== null && (typeof item.nota !== 'string' || item.nota.length > CONSENT_NOTE_MAX))
      return MSG.consents.note;
  }
  return new Set(value.map((item) => item.tipo)).size === value.length ? null : MSG.consents.repeated;
}

/** The invitation's `consentimientos` (asked) and the registration's (ticked): absent, null, or distinct askable kinds. */
export function askedConsentsError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > ASKABLE_CONSENT_KINDS.length) return MSG.consents.askableList;
  if (!value.every((kind) => (ASKABLE_CONSENT_KINDS as readonly unknown[]).includes(kind))) return MSG.consents.askableKind;
  return new Set(value).size === value.length ? null : MSG.consents.repeated;
}
