import { fillMessage } from './messages';

/**
 * Validated questionnaires (measurement between sessions). A scale is data: its items, its answer options, how it
 * is scored and its severity bands; the server scores with it and the screens draw from it. The texts are the
 * published Spanish versions of the original authors (see docs/decisions/questionnaires.md for the source).
 */

/**
 * The questionnaires' Spanish messages, the server's and the screens' alike. Kept here rather than in MSG so that a page
 * that never shows a scale (the sign-in page) does not carry them.
 */
export const QUESTIONNAIRE_MSG = {
  notFound: 'Cuestionario no encontrado',
  resultNotFound: 'Resultado no encontrado',
  code: 'El cuestionario debe ser phq9 o gad7',
  frequency: 'La frecuencia debe ser 0 (una vez), 7, 14 o 28 días',
  until: 'La fecha final debe ser un día (AAAA-MM-DD) a partir de hoy',
  /** Templates: {n}, {nombre}. */
  answerCount: 'Responde las {n} preguntas del {nombre}, una respuesta por pregunta',
  /** Templates: {numero}, {min}, {max}. */
  answerValue: 'La respuesta a la pregunta {numero} debe ser un número entero entre {min} y {max}',
  /** Template: {fecha}: the day it falls due. */
  notDueYet: 'Este cuestionario todavía no te toca: podrás responderlo el {fecha}',
  answered: 'Ya has respondido este cuestionario: no queda ninguno pendiente',
  stopped: 'Tu terapeuta ha dejado de pedirte este cuestionario',
  alreadyStopped: 'El cuestionario ya estaba detenido',
  assigned: 'Cuestionario asignado',
  stoppedOk: 'Cuestionario detenido',
  reviewed: 'Resultado marcado como revisado',
  sent: 'Respuestas enviadas',
  loadFailed: 'No se pudieron cargar los cuestionarios',
  saveFailed: 'No se pudieron guardar las respuestas',
} as const;

export const QUESTIONNAIRE_CODES = ['phq9', 'gad7'] as const;
export type QuestionnaireCode = (typeof QUESTIONNAIRE_CODES)[number];
export const isQuestionnaireCode = (value: unknown): value is QuestionnaireCode =>
  typeof value === 'string' && (QUESTIONNAIRE_CODES as readonly string[]).includes(value);

/** Once (0) or every 7, 14 or 28 days. */
export const QUESTIONNAIRE_FREQUENCIES = [0, 7, 14, 28] as const;
export type QuestionnaireFrequency = (typeof QUESTIONNAIRE_FREQUENCIES)[number];
export const QUESTIONNAIRE_FREQUENCY_LABELS: Record<QuestionnaireFrequency, string> = {
  0: 'Una vez',
  7: 'Cada semana',
  14: 'Cada dos semanas',
  28: 'Cada cuatro semanas',
};

export const SEVERITIES = ['minima', 'leve', 'moderada', 'moderadamente_grave', 'grave'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY_LABELS: Record<Severity, string> = {
  minima: 'Mínima',
  leve: 'Leve',
  moderada: 'Moderada',
  moderadamente_grave: 'Moderadamente grave',
  grave: 'Grave',
};

export interface QuestionnaireItem {
  numero: number;
  texto: string;
}

export interface QuestionnaireOption {
  valor: number;
  texto: string;
}

/** A severity band: scores from `desde` to `hasta`, both included. */
export interface SeverityBand {
  gravedad: Severity;
  etiqueta: string;
  desde: number;
  hasta: number;
}

/** One scale of the catalogue (GET /cuestionarios). */
export interface Questionnaire {
  codigo: QuestionnaireCode;
  nombre: string;
  /** What it measures, for the therapist choosing one ('Depresión', 'Ansiedad'). */
  mide: string;
  instrucciones: string;
  items: QuestionnaireItem[];
  opciones: QuestionnaireOption[];
  bandas: SeverityBand[];
  puntuacion_maxima: number;
  /** The item whose answer above 0 raises the safety alert, if the scale has one. */
  item_alerta: number | null;
  fuente: string;
}

/** The four answers of both scales: how often in the last two weeks. */
const HOW_OFTEN: QuestionnaireOption[] = [
  { valor: 0, texto: 'Ningún día' },
  { valor: 1, texto: 'Varios días' },
  { valor: 2, texto: 'Más de la mitad de los días' },
  { valor: 3, texto: 'Casi todos los días' },
];

const band = (gravedad: Severity, desde: number, hasta: number): SeverityBand => ({
  gravedad,
  etiqueta: SEVERITY_LABELS[gravedad],
  desde,
  hasta,
});

const items = (texts: string[]): QuestionnaireItem[] => texts.map((texto, i) => ({ numero: i + 1, texto }));

// The calls building QUESTIONNAIRES are marked pure: a bundle that does not use the scales (the sign-in page's) leaves
// their texts out.

const SOURCE =
  'Desarrollado por los doctores Robert L. Spitzer, Janet B. W. Williams, Kurt Kroenke y colegas, mediante una subvención educativa de Pfizer Inc. Versión en español publicada por sus autores; no se requiere permiso para reproducirlo, traducirlo, presentarlo o distribuirlo.';

export const QUESTIONNAIRES: Record<QuestionnaireCode, Questionnaire> = {
  phq9: {
    codigo: 'phq9',
    nombre: 'PHQ-9',
    mide: 'Depresión',
    instrucciones: 'Durante las últimas 2 semanas, ¿qué tan seguido ha tenido molestias debido a los siguientes problemas?',
    items: /* @__PURE__ */ items([
      'Poco interés o placer en hacer cosas',
      'Se ha sentido decaído(a), deprimido(a) o sin esperanzas',
      'Ha tenido dificultad para quedarse o permanecer dormido(a), o ha dormido demasiado',
      'Se ha sentido cansado(a) o con poca energía',
      'Sin apetito o ha comido en exceso',
      'Se ha sentido mal con usted mismo(a) – o que es un fracaso o que ha quedado mal con usted mismo(a) o con su familia',
      'Ha tenido dificultad para concentrarse en ciertas actividades, tales como leer el periódico o ver la televisión',
      '¿Se ha movido o hablado tan lento que otras personas podrían haberlo notado? o lo contrario – muy inquieto(a) o agitado(a) que ha estado moviéndose mucho más de lo normal',
      'Pensamientos de que estaría mejor muerto(a) o de lastimarse de alguna manera',
    ]),
    opciones: HOW_OFTEN,
    bandas: [
      /* @__PURE__ */ band('minima', 0, 4),
      /* @__PURE__ */ band('leve', 5, 9),
      /* @__PURE__ */ band('moderada', 10, 14),
      /* @__PURE__ */ band('moderadamente_grave', 15, 19),
      /* @__PURE__ */ band('grave', 20, 27),
    ],
    puntuacion_maxima: 27,
    item_alerta: 9,
    fuente: SOURCE,
  },
  gad7: {
    codigo: 'gad7',
    nombre: 'GAD-7',
    mide: 'Ansiedad',
    instrucciones: 'Durante las últimas 2 semanas, ¿con qué frecuencia le han molestado los siguientes problemas?',
    items: /* @__PURE__ */ items([
      'Se ha sentido nervioso(a), ansioso(a) o con los nervios de punta',
      'No ha sido capaz de parar o controlar su preocupación',
      'Se ha preocupado demasiado por motivos diferentes',
      'Ha tenido dificultad para relajarse',
      'Se ha sentido tan inquieto(a) que no ha podido quedarse quieto(a)',
      'Se ha molestado o irritado fácilmente',
      'Ha tenido miedo de que algo terrible fuera a pasar',
    ]),
    opciones: HOW_OFTEN,
    bandas: [
      /* @__PURE__ */ band('minima', 0, 4),
      /* @__PURE__ */ band('leve', 5, 9),
      /* @__PURE__ */ band('moderada', 10, 14),
      /* @__PURE__ */ band('grave', 15, 21),
    ],
    puntuacion_maxima: 21,
    item_alerta: null,
    fuente: SOURCE,
  },
};

export interface QuestionnaireScore {
  puntuacion: number;
  gravedad: Severity;
  /** An answer above 0 on the scale's alert item (PHQ-9 item 9: thoughts of being better off dead or of self-harm). */
  alerta: boolean;
}

/** Why a list of answers does not fit a scale, or null when it does (one whole option value per item). */
export function answersProblem(scale: Questionnaire, respuestas: unknown): string | null {
  if (!Array.isArray(respuestas) || respuestas.length !== scale.items.length) {
    return fillMessage(QUESTIONNAIRE_MSG.answerCount, { n: scale.items.length, nombre: scale.nombre });
  }
  const values = new Set(scale.opciones.map((o) => o.valor));
  const wrong = respuestas.findIndex((r) => typeof r !== 'number' || !values.has(r));
  if (wrong >= 0) {
    return fillMessage(QUESTIONNAIRE_MSG.answerValue, { numero: wrong + 1, min: Math.min(...values), max: Math.max(...values) });
  }
  return null;
}

/** The score, its band and the alert of answers that fit the scale (check them with answersProblem first). */
export function scoreQuestionnaire(scale: Questionnaire, respuestas: readonly number[]): QuestionnaireScore {
  const puntuacion = respuestas.reduce((sum, r) => sum + r, 0);
  const found = scale.bandas.find((b) => puntuacion >= b.desde && puntuacion <= b.hasta);
  if (!found) throw new RangeError(`${scale.codigo}: ${puntuacion} is outside every band`);
  const alerta = scale.item_alerta !== null && respuestas[scale.item_alerta - 1] > 0;
  return { puntuacion, gravedad: found.gravedad, alerta };
}

/** A crisis line shown to a patient whose answers raised the alert (CRISIS_LINES). */
export interface CrisisLine {
  numero: string;
  nombre: string;
}

/** Spain's: the suicide-prevention line and emergencies. */
export const DEFAULT_CRISIS_LINES: CrisisLine[] = [
  { numero: '024', nombre: 'Línea de atención a la conducta suicida (gratuita, 24 horas)' },
  { numero: '112', nombre: 'Emergencias' },
];

/** An assignment of a scale to a patient (POST /cuestionarios/asignaciones, GET …?paciente_id=). */
export interface QuestionnaireAssignment {
  id: string;
  paciente_id: string;
  codigo: QuestionnaireCode;
  frecuencia_dias: QuestionnaireFrequency;
  /** Last day it may fall due (AAAA-MM-DD), or null: until stopped (or once, for frecuencia_dias 0). */
  hasta: string | null;
  /** The day it is or falls next due (AAAA-MM-DD, the therapist's zone); null once it has nothing left. */
  proxima_fecha: string | null;
  activa: boolean;
  creada_en: string;
  detenida_en: string | null;
  respuestas_recibidas: number;
}

/** A scored answer, as the therapist reads it (GET /cuestionarios/resultados/{pacienteId}). */
export interface QuestionnaireResult {
  id: string;
  asignacion_id: string | null;
  codigo: QuestionnaireCode;
  fecha: string;
  puntuacion: number;
  gravedad: Severity;
  respuestas: number[];
  alerta: boolean;
  revisada: boolean;
  revisada_en: string | null;
}

/** What the patient sees of a scale that is due. */
export interface DueQuestionnaire {
  asignacion_id: string;
  codigo: QuestionnaireCode;
  nombre: string;
  /** The day it fell due (AAAA-MM-DD). */
  fecha: string;
}

/** What the patient sees of their own past answers: score and band. */
export interface OwnQuestionnaireResult {
  id: string;
  codigo: QuestionnaireCode;
  fecha: string;
  puntuacion: number;
  gravedad: Severity;
}

/** GET /pacientes/perfil/cuestionarios. */
export interface PatientQuestionnairesResponse {
  pendientes: DueQuestionnaire[];
  resultados: OwnQuestionnaireResult[];
}

/** The answer to POST /pacientes/perfil/cuestionarios/{asignacionId}/respuestas. */
export interface QuestionnaireAnswerResponse extends QuestionnaireScore {
  /** With an alert: the crisis lines to show at once (CRISIS_LINES). */
  lineas_crisis: CrisisLine[];
}

/** Body of POST /cuestionarios/asignaciones. */
export interface AssignQuestionnairePayload {
  paciente_id: string;
  codigo: QuestionnaireCode;
  frecuencia_dias: QuestionnaireFrequency;
  hasta?: string | null;
}

/** Body of POST /pacientes/perfil/cuestionarios/{asignacionId}/respuestas: one option value per item, in order. */
export interface AnswerQuestionnairePayload {
  respuestas: number[];
}
