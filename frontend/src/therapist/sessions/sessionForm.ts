import {
  BUILT_IN_SESSION_TYPES,
  MSG,
  NUM_VOCES_DEFAULT,
  SESSION_LIMITS,
  fillMessage,
  isBuiltInSessionType,
  transcriptText,
  type CamposDatos,
  type DraftPayload,
  type Session,
  type SessionDraft,
  type SessionPayload,
  type SessionType,
  type TranscriptSegment,
} from '@consulta/shared';

/**
 * The session form shared by the new-session panel (a draft) and the edit dialog (a saved session): what the
 * inputs hold, the session form's rules, and the payloads of the session and draft calls.
 */

/** A custom field's value as typed (numbers too, so '1,' survives while typing), or a checkbox's state. */
export type FieldValue = string | boolean;

export interface SessionForm {
  /** Draft only. */
  titulo: string;
  /** Draft only. */
  descripcion: string;
  /** A `datetime-local` value: 'YYYY-MM-DDTHH:mm', local time. */
  fecha: string;
  /** Edit only: a new session gets the next number from the server. */
  numero_sesion: string;
  /** '' (not chosen), 'psicoterapia', 'psicodelica' or a custom type's id. */
  tipo: string;
  duracion_minutos: string;
  num_voces: number;
  notas: string;
  temas_importantes: string;
  intencion: string;
  tipo_medicina: string;
  cantidad: string;
  observaciones: string;
  /** Custom field name → value. */
  campos: Record<string, FieldValue>;
  /** The transcript as text; with `segments`, always their text (one turn a line), derived as they are edited. */
  transcripcion: string;
  /** Draft only: the diarized transcript, edited turn by turn; empty without one. */
  segments: TranscriptSegment[];
  /** Read-only: the therapist's AI analysis. */
  analisis_ia: string;
  /** The patient version of the analysis: editable before it is saved or published. */
  analisis_ia_paciente: string;
  /** The agenda's appointment this session records ('' for none): saving it marks the appointment 'realizada'. */
  cita_id: string;
}

/** The appointment a draft carries (a saved session is linked from the appointment's side: it has none). */
const appointmentOf = (record: Session | SessionDraft): string => ('cita_id' in record ? (record.cita_id ?? '') : '');
/** `cita_id` in a payload only when the form has one (a draft or session of no appointment sends nothing new). */
const appointmentField = (form: SessionForm): { cita_id?: string } => (form.cita_id ? { cita_id: form.cita_id } : {});

/** The session fields of a payload (the caller adds paciente_id and draft_id). */
export type SessionFields = Omit<SessionPayload, 'paciente_id' | 'draft_id' | 'terapeuta_id'>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A date as the `datetime-local` input shows it, in local time. */
export function toLocalDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO date-time; null when empty, undefined when it is no date. */
export function fromLocalDateTime(value: string): string | null | undefined {
  if (!value.trim()) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A decimal as typed ('1.5' or '1,5'); null when empty, undefined when it is no number. */
export function parseDecimal(text: string): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return undefined;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

/** A whole number within bounds; null when empty, undefined otherwise. */
function parseWhole(text: string, min: number, max: number): number | null | undefined {
  const t = text.trim();
  if (!t) return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= min && n <= max ? n : undefined;
}

const blank = (text: string) => text.trim() === '';
/** Unlike blankToNull, keeps the text as typed: a transcript's or a note's layout is part of it. */
const textOrNull = (text: string): string | null => (blank(text) ? null : text);

export const emptySessionForm = (now: Date = new Date()): SessionForm => ({
  titulo: '',
  descripcion: '',
  fecha: toLocalDateTime(now),
  numero_sesion: '',
  tipo: '',
  duracion_minutos: '',
  num_voces: NUM_VOCES_DEFAULT,
  notas: '',
  temas_importantes: '',
  intencion: '',
  tipo_medicina: '',
  cantidad: '',
  observaciones: '',
  campos: {},
  transcripcion: '',
  segments: [],
  analisis_ia: '',
  analisis_ia_paciente: '',
  cita_id: '',
});

/** The form's value of a session's or draft's type: a built-in name, else the custom type's id ('' for none). */
export const tipoOf = (tipoSesion: string | null, tipoSesionId: string | null): string =>
  isBuiltInSessionType(tipoSesionId) ? tipoSesionId : (tipoSesionId ?? (isBuiltInSessionType(tipoSesion) ? tipoSesion : ''));

const camposOf = (datos: CamposDatos | null | undefined): Record<string, FieldValue> =>
  Object.fromEntries(
    Object.entries(datos ?? {})
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, typeof v === 'boolean' ? v : String(v)]),
  );

const numberText = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** What the common fields of a session and a draft put in the form. */
function fromContent(
  c: Session | SessionDraft,
): Omit<SessionForm, 'titulo' | 'descripcion' | 'numero_sesion' | 'transcripcion' | 'segments' | 'analisis_ia'> {
  return {
    fecha: toLocalDateTime(c.fecha),
    tipo: tipoOf(c.tipo_sesion, c.tipo_sesion_id),
    duracion_minutos: numberText(c.duracion_minutos),
    num_voces: c.num_voces || NUM_VOCES_DEFAULT,
    notas: c.notas ?? '',
    temas_importantes: c.temas_importantes ?? '',
    intencion: c.intencion ?? '',
    tipo_medicina: c.tipo_medicina ?? '',
    cantidad: numberText(c.cantidad),
    observaciones: c.observaciones ?? '',
    campos: camposOf(c.campos_datos),
    analisis_ia_paciente: c.analisis_ia_paciente ?? '',
    cita_id: appointmentOf(c),
  };
}

export function fromDraft(draft: SessionDraft): SessionForm {
  const video = draft.archivo_video_info ?? {};
  return {
    ...fromContent(draft),
    titulo: draft.titulo ?? '',
    descripcion: draft.descripcion ?? '',
    numero_sesion: '',
    transcripcion: video.script_text ?? transcriptText(video.transcript),
    segments: video.transcript ?? [],
    analisis_ia: video.analisis_ia ?? '',
  };
}

export function fromSession(session: Session): SessionForm {
  return {
    ...fromContent(session),
    titulo: '',
    descripcion: '',
    numero_sesion: numberText(session.numero_sesion),
    transcripcion: session.transcripcion ?? '',
    segments: session.transcripcion_segmentos ?? [],
    analisis_ia: session.analisis_ia ?? '',
  };
}

/** The custom type the form's `tipo` names, if it is one of `types`. */
export const customTypeOf = (tipo: string, types: readonly SessionType[]): SessionType | null =>
  isBuiltInSessionType(tipo) ? null : (types.find((t) => t.id === tipo) ?? null);

/** The label of the form's type choice: built-in, or a custom type's name; null when unknown. */
export function typeChoiceLabel(tipo: string | null | undefined, types: readonly SessionType[]): string | null {
  if (!tipo) return null;
  return BUILT_IN_SESSION_TYPES.find((t) => t.value === tipo)?.label ?? types.find((t) => t.id === tipo)?.nombre ?? null;
}

const fieldMessage = (template: string, name: string) => fillMessage(template, { name });

/**
 * The custom fields of `type` as the API stores them: numbers as JSON numbers (decimals), checkboxes as booleans,
 * the rest as text; empty fields left out. A number that does not parse is left out too (validation reports it).
 */
export function camposDatosOf(form: SessionForm, type: SessionType): CamposDatos {
  const datos: CamposDatos = {};
  for (const campo of type.campos) {
    const value = form.campos[campo.nombre];
    if (campo.tipo === 'checkbox') {
      if (value === true) datos[campo.nombre] = true;
      continue;
    }
    if (typeof value !== 'string' || blank(value)) continue;
    if (campo.tipo === 'number') {
      const n = parseDecimal(value);
      if (typeof n === 'number') datos[campo.nombre] = n;
    } else {
      datos[campo.nombre] = value;
    }
  }
  return datos;
}

/** A field of the session form a refused save marks: its own name, or `campos.<name>` for a custom field. */
export type SessionFieldName =
  | 'fecha'
  | 'numero_sesion'
  | 'tipo'
  | 'duracion_minutos'
  | 'notas'
  | 'temas_importantes'
  | 'intencion'
  | 'tipo_medicina'
  | 'cantidad'
  | 'observaciones'
  | `campos.${string}`;

/** The name a custom field is marked by. */
export const customFieldName = (nombre: string): SessionFieldName => `campos.${nombre}`;

/** The payload's properties a server's 400 names, as the form's fields. */
export const SESSION_SERVER_FIELDS: Partial<Record<string, SessionFieldName>> = { tipo_sesion: 'tipo', tipo_sesion_id: 'tipo' };

/**
 * Each field at fault with its message (the patient page's rules): a valid type; psychotherapy needs notes and
 * important topics; a psychedelic session its intention, medicine and observations; a custom type each required
 * field. Then the shapes the server checks: date, number, duration, amount, number fields.
 * `type` is the custom type the form names (see customTypeOf), null for a built-in one.
 */
export function sessionFieldErrors(form: SessionForm, type: SessionType | null): Partial<Record<SessionFieldName, string>> {
  const errors: Partial<Record<SessionFieldName, string>> = {};
  if (form.tipo === 'psicoterapia') {
    if (blank(form.notas)) errors.notas = MSG.sessions.notesRequired;
    if (blank(form.temas_importantes)) errors.temas_importantes = MSG.sessions.topicsRequired;
  } else if (form.tipo === 'psicodelica') {
    if (blank(form.intencion)) errors.intencion = MSG.sessions.psychedelicRequired;
    if (blank(form.tipo_medicina)) errors.tipo_medicina = MSG.sessions.psychedelicRequired;
    if (blank(form.observaciones)) errors.observaciones = MSG.sessions.observationsRequired;
  } else if (!type || type.id !== form.tipo) {
    errors.tipo = MSG.sessions.typeRequired;
  } else {
    for (const campo of type.campos) {
      const value = form.campos[campo.nombre];
      const empty = campo.tipo === 'checkbox' ? value !== true : typeof value !== 'string' || blank(value);
      if (empty) {
        if (campo.requerido) errors[customFieldName(campo.nombre)] = fieldMessage(MSG.sessions.fieldRequired, campo.nombre);
        continue;
      }
      if (campo.tipo === 'number' && typeof parseDecimal(value as string) !== 'number')
        errors[customFieldName(campo.nombre)] = fieldMessage(MSG.sessions.fieldNumber, campo.nombre);
    }
  }
  if (!fromLocalDateTime(form.fecha)) errors.fecha = MSG.sessions.fecha;
  if (parseWhole(form.numero_sesion, 1, SESSION_LIMITS.numeroMax) === undefined) errors.numero_sesion = MSG.sessions.numero;
  if (parseWhole(form.duracion_minutos, 0, SESSION_LIMITS.duracionMax) === undefined) errors.duracion_minutos = MSG.sessions.duracion;
  const cantidad = parseDecimal(form.cantidad);
  if (
    form.tipo === 'psicodelica' &&
    (cantidad === undefined || (cantidad !== null && (cantidad < 0 || cantidad > SESSION_LIMITS.cantidadMax)))
  ) {
    errors.cantidad = MSG.sessions.cantidad;
  }
  return errors;
}

/** The first problem of the form, or null (see sessionFieldErrors). */
export function validateSession(form: SessionForm, type: SessionType | null): string | null {
  return Object.values(sessionFieldErrors(form, type))[0] ?? null;
}

/** The type fields of a payload: a built-in name, or a custom type's id. */
const typeFields = (tipo: string) =>
  isBuiltInSessionType(tipo) ? { tipo_sesion: tipo, tipo_sesion_id: null } : { tipo_sesion: null, tipo_sesion_id: tipo || null };

/**
 * POST /sesiones/ fields of a valid form: only the chosen type's own fields (the others null), custom fields typed
 * by their definitions, no video yet. `numero_sesion` only when the form has one (otherwise the server assigns it).
 */
export function toSessionPayload(form: SessionForm, type: SessionType | null): SessionFields {
  const psico = form.tipo === 'psicoterapia';
  const psyche = form.tipo === 'psicodelica';
  const numero = parseWhole(form.numero_sesion, 1, SESSION_LIMITS.numeroMax);
  const cantidad = parseDecimal(form.cantidad);
  return {
    fecha: fromLocalDateTime(form.fecha) ?? null,
    ...(typeof numero === 'number' ? { numero_sesion: numero } : {}),
    ...typeFields(form.tipo),
    duracion_minutos: parseWhole(form.duracion_minutos, 0, SESSION_LIMITS.duracionMax) ?? null,
    num_voces: form.num_voces,
    notas: psico ? textOrNull(form.notas) : null,
    temas_importantes: psico ? textOrNull(form.temas_importantes) : null,
    intencion: psyche ? textOrNull(form.intencion) : null,
    tipo_medicina: psyche ? textOrNull(form.tipo_medicina) : null,
    cantidad: psyche ? (cantidad ?? null) : null,
    observaciones: psyche ? textOrNull(form.observaciones) : null,
    campos_datos: type ? camposDatosOf(form, type) : {},
    transcripcion: textOrNull(form.transcripcion),
    // The turns keep their times (the text is theirs); without turns, the text alone.
    transcripcion_segmentos: form.segments.length > 0 ? form.segments : null,
    analisis_ia: textOrNull(form.analisis_ia),
    analisis_ia_paciente: textOrNull(form.analisis_ia_paciente),
    video_url: null,
    ...appointmentField(form),
  };
}

/** Equality of JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The entries of `next` whose value differs from `previous` (an entry missing from `next` is no change). */
export function changedFields<T extends object>(next: T, previous: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(next).filter(([key, value]) => !sameJson(value, (previous as Record<string, unknown>)[key])),
  ) as Partial<T>;
}

/**
 * What a draft stores of the form, flat (the video info's keys beside the rest). Every text is kept, whatever the
 * type (switching type loses nothing); a value the server would refuse (a duration that is no whole number...) is
 * left out, so it never blocks saving the rest. Custom fields only when their type is known.
 */
function draftContent(form: SessionForm, type: SessionType | null) {
  const fecha = fromLocalDateTime(form.fecha);
  const duracion = parseWhole(form.duracion_minutos, 0, SESSION_LIMITS.duracionMax);
  const cantidad = parseDecimal(form.cantidad);
  const builtIn = isBuiltInSessionType(form.tipo);
  return {
    titulo: textOrNull(form.titulo.slice(0, SESSION_LIMITS.titleMax)),
    descripcion: textOrNull(form.descripcion),
    ...(fecha === undefined ? {} : { fecha }),
    ...typeFields(form.tipo),
    ...(duracion === undefined ? {} : { duracion_minutos: duracion }),
    num_voces: form.num_voces,
    notas: textOrNull(form.notas),
    temas_importantes: textOrNull(form.temas_importantes),
    intencion: textOrNull(form.intencion),
    tipo_medicina: textOrNull(form.tipo_medicina),
    ...(cantidad === undefined || (cantidad !== null && cantidad < 0) ? {} : { cantidad }),
    observaciones: textOrNull(form.observaciones),
    ...(builtIn || !form.tipo ? { campos_datos: {} } : type ? { campos_datos: camposDatosOf(form, type) } : {}),
    analisis_ia_paciente: textOrNull(form.analisis_ia_paciente),
    script_text: textOrNull(form.transcripcion),
    // Segments only when there are some: a draft never loses a job's transcript to a form that has none.
    ...(form.segments.length > 0 ? { transcript: form.segments } : {}),
    ...appointmentField(form),
  };
}
type DraftContent = ReturnType<typeof draftContent>;

/** The flat content as the draft call takes it: the transcript (text and segments) inside `archivo_video_info`. */
function nest({ script_text, transcript, ...rest }: Partial<DraftContent> & { transcript?: TranscriptSegment[] }): DraftPayload {
  const video = { ...(script_text === undefined ? {} : { script_text }), ...(transcript === undefined ? {} : { transcript }) };
  return Object.keys(video).length === 0 ? rest : { ...rest, archivo_video_info: video };
}

/**
 * POST /sesiones-asincronas/drafts: the whole form (the caller adds paciente_id), analyses included, so a draft
 * created again after the first one went missing keeps them.
 */
export function toDraftPayload(form: SessionForm, type: SessionType | null): DraftPayload {
  const payload = nest(draftContent(form, type));
  const analisis = textOrNull(form.analisis_ia);
  return analisis ? { ...payload, archivo_video_info: { ...payload.archivo_video_info, analisis_ia: analisis } } : payload;
}

/**
 * PUT /sesiones-asincronas/drafts/{id}: only what differs from the last saved snapshot, so a save never
 * overwrites a field it did not change (a job's transcript, another tab's edit). Empty when nothing changed.
 */
export function toDraftChanges(form: SessionForm, lastSaved: SessionForm, type: SessionType | null): DraftPayload {
  return nest(changedFields(draftContent(form, type), draftContent(lastSaved, type)));
}

/** The fields a background job may own while it runs (a save touching them is refused with DRAFT_BUSY). */
export const JOB_FIELDS = [
  'transcripcion',
  'segments',
  'analisis_ia',
  'analisis_ia_paciente',
] as const satisfies readonly (keyof SessionForm)[];

/**
 * Merges a draft reloaded from the server into the form being edited: a field changed here since the last save
 * keeps what was typed, every other field takes the server's value. `serverWins` fields always take the server's.
 */
export function mergeReloaded(
  current: SessionForm,
  lastSaved: SessionForm,
  server: SessionForm,
  serverWins: readonly (keyof SessionForm)[] = [],
): SessionForm {
  const merged = { ...server };
  for (const key of Object.keys(server) as (keyof SessionForm)[]) {
    if (!serverWins.includes(key) && !sameJson(current[key], lastSaved[key])) (merged as Record<string, unknown>)[key] = current[key];
  }
  return merged;
}
