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

/**
 * A patient's history as visits: the consecutive entries (in time order, within the kind filter) of one person in one
 * role from one address and browser (`key`), each at most `gap` minutes after the one before, whatever they read or
 * did; a visit longer than `max` entries is cut from its oldest end, so older groups keep their shape while new entries
 * arrive. A group's kind and action are its newest entry's; its result is a failure if any entry failed (the status
 * of the newest failure). Every entry keeps its own kind, action and result. Parameters: patient, kind, kind, gap
 * (minutes), max.
 */
const GROUPS_CTE = `
with keyed as (
  select h.id, h.occurred_at, h.kind, h.action, h.actor_id, h.actor_role, h.ip, h.user_agent, h.success, h.status,
    row(h.actor_id, h.actor_role, h.ip, h.user_agent)::text as key
  from access_history h
  where h.patient_id = ? and (?::text is null or h.kind = ?)
),
marked as (
  select k.*, case when k.key = lag(k.key) over w and k.occurred_at - lag(k.occurred_at) over w <= make_interval(mins => ?::int)
    then 0 else 1 end as starts
  from keyed k window w as (order by k.occurred_at, k.id)
),
runs as (
  select m.*, sum(m.starts) over (order by m.occurred_at, m.id rows unbounded preceding) as run from marked m
),
cut as (
  select r.*, (row_number() over (partition by r.run order by r.occurred_at, r.id) - 1) / ?::int as part from runs r
),
groups as (
  select c.run, c.part, c.actor_id, c.actor_role, c.ip, c.user_agent,
    (array_agg(c.kind order by c.occurred_at desc, c.id desc))[1] as kind,
    (array_agg(c.action order by c.occurred_at desc, c.id desc))[1] as action,
    bool_and(c.success) as success,
    coalesce((array_agg(c.status order by c.occurred_at desc, c.id desc) filter (where not c.success))[1],
      (array_agg(c.status order by c.occurred_at desc, c.id desc))[1]) as status,
    count(*)::int as veces, min(c.occurred_at) as oldest_at, max(c.occurred_at) as newest_at, max(c.id) as newest_id,
    (array_agg(c.id order by c.occurred_at, c.id))[1] as first_id,
    jsonb_agg(jsonb_build_object('id', c.id::text, 'fecha', ${isoTimestamp('c.occurred_at')}, 'tipo', c.kind, 'accion', c.action,
      'exito', c.success, 'estado_http', c.status) order by c.occurred_at desc, c.id desc) as entradas
  from cut c
  group by c.run, c.part, c.actor_id, c.actor_role, c.ip, c.user_agent
)`;

/** One page of the groups, newest first (parameters: those of the groups, then limit and offset); `total` counts the groups. */
export const PATIENT_HISTORY_GROUPS_SQL = `${GROUPS_CTE}
select g.first_id::text as id, ${isoTimestamp('g.newest_at')} as fecha, ${isoTimestamp('g.oldest_at')} as desde, g.veces,
  g.kind as tipo, g.action as accion, u.name as usuario_nombre, g.actor_role as usuario_rol, g.ip, g.user_agent as agente,
  g.success as exito, g.status as estado_http, g.entradas, count(*) over () as total
from groups g left join users u on u.id = g.actor_id
order by g.newest_at desc, g.newest_id desc limit ? offset ?`;

/** How many groups there are (for a page past the end, where no row carries the total). */
export const PATIENT_HISTORY_GROUP_COUNT_SQL = `${GROUPS_CTE}
select count(*) as n from groups`;
