import type { Role } from './roles';

/**
 * The access history (issue 17): every read and write of a patient's clinical data, one entry per request and
 * patient reached. The codes are stored; the labels are what the therapist reads ('Historial de accesos').
 */
export const ACCESS_KINDS = {
  ficha: 'Ficha del paciente',
  sesion: 'Sesión',
  borrador: 'Borrador de sesión',
  transcripcion: 'Transcripción',
  analisis: 'Análisis IA',
  archivo: 'Archivo',
  chat_ia: 'Chat IA',
  ejercicios: 'Ejercicios y módulos',
  consentimiento: 'Consentimientos',
  exportacion: 'Exportación de datos',
  busqueda: 'Búsqueda en sesiones',
  cita: 'Citas',
  cuestionario: 'Cuestionarios',
} as const;
export type AccessKind = keyof typeof ACCESS_KINDS;
export const isAccessKind = (value: unknown): value is AccessKind => typeof value === 'string' && Object.hasOwn(ACCESS_KINDS, value);

export const ACCESS_ACTIONS = {
  lectura: 'Lectura',
  creacion: 'Creación',
  modificacion: 'Modificación',
  eliminacion: 'Eliminación',
} as const;
export type AccessAction = keyof typeof ACCESS_ACTIONS;

/** At most this many characters of a user agent are kept. */
export const ACCESS_USER_AGENT_MAX = 300;

/** One entry of a patient's access history (GET /pacientes/historial-accesos/{id}), newest first. */
export interface AccessHistoryItem {
  id: string;
  /** ISO 8601 date-time of the request. */
  fecha: string;
  tipo: AccessKind;
  accion: AccessAction;
  /** Who: the user's current name (null once that user is deleted) and the role they acted in. */
  usuario_nombre: string | null;
  usuario_rol: Role;
  /** From where: the client address (behind TRUST_PROXY, the forwarded one) and its user agent. */
  ip: string | null;
  agente: string | null;
  /** Whether the request succeeded (a 2xx answer), and its HTTP status. */
  exito: boolean;
  estado_http: number;
}

/**
 * How the therapist's history groups entries into visits: consecutive entries (in time order, within the kind filter)
 * of the same person, role, address and browser form one group, whatever they read or did, while each comes at most
 * this many minutes after the one before.
 */
export const ACCESS_GROUP_GAP_MINUTES = 10;
/** A longer visit is cut into groups of at most this many (every answer stays small). */
export const ACCESS_GROUP_MAX_ENTRIES = 100;

/** One entry inside a group: what it read or did and its result; who and from where are the group's. */
export type AccessGroupEntry = Pick<AccessHistoryItem, 'id' | 'fecha' | 'tipo' | 'accion' | 'exito' | 'estado_http'>;

/**
 * One visit (GET /pacientes/historial-accesos/{id}/agrupado): one person's consecutive entries from one address and
 * browser, newest group first. `fecha` is its newest entry's, `desde` its oldest's; `id` is its oldest entry's (it
 * stays as newer entries join); `tipo` and `accion` are its newest entry's; `exito` is false when any entry failed,
 * with `estado_http` the newest failure's status.
 */
export interface AccessHistoryGroup extends AccessHistoryItem {
  desde: string;
  /** How many entries the group holds (1 for an entry alone). */
  veces: number;
  /** Every entry of the group, newest first. */
  entradas: AccessGroupEntry[];
}
