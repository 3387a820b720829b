import { isoTimestamp } from '../common/sql/iso-timestamp';

/** The columns of an entry as the API and the export give it (`AccessHistoryItem`). */
const ITEM_COLUMNS = `h.id::text as id, ${isoTimestamp('h.occurred_at')} as fecha, h.kind as tipo, h.action as accion,
  u.name as usuario_nombre, h.actor_role as usuario_rol, h.ip, h.user_agent as agente, h.success as exito, h.status as estado_http`;

/** A patient's entries, newest first, optionally of one kind; `total` is the count before the page is cut. */
export const PATIENT_HISTORY_SQL = `select ${ITEM_COLUMNS}, count(*) over () as total
  from access_history h left join users u on u.id = h.actor_id
  where h.patient_id = ? and (?::text is null or h.kind = ?)
  order by h.occurred_at desc, h.id desc limit ? offset ?`;

/**
 * The operator's export: entries of one patient or of all (also those without a patient, with the request's path
 * and the actor's id), in a time range, oldest first, one page after the id `after`.
 */
export const EXPORT_SQL = `select ${ITEM_COLUMNS}, h.patient_id::text as paciente_id, h.actor_id::text as usuario_id, h.method as metodo, h.path as ruta
  from access_history h left join users u on u.id = h.actor_id
  where h.id > ?::bigint and (?::uuid is null or h.patient_id = ?::uuid)
    and (?::timestamptz is null or h.occurred_at >= ?::timestamptz) and (?::timestamptz is null or h.occurred_at < ?::timestamptz)
  order by h.id limit ?`;

/**
 * A patient's own entries for their export, oldest first: when, who (name and role), what, and whether it
 * succeeded. Not where from: the address and browser of whoever read the record are theirs, not the patient's.
 */
export const OWN_HISTORY_SQL = `select ${isoTimestamp('h.occurred_at')} as fecha, h.kind as tipo, h.action as accion,
  u.name as usuario_nombre, h.actor_role as usuario_rol, h.success as exito
  from access_history h left join users u on u.id = h.actor_id
  where h.patient_id = ? order by h.occurred_at, h.id`;

/** Every entry of a patient, oldest first, as the therapist reads them (their export). */
export const FULL_HISTORY_SQL = `select ${ITEM_COLUMNS}
  from access_history h left join users u on u.id = h.actor_id
  where h.patient_id = ? order by h.occurred_at, h.id`;
