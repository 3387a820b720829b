import { isoTimestamp } from '../common/sql/iso-timestamp';

/**
 * The patient (user `?`) looks at their exercises, in one statement: the time is set to now and the one before is
 * answered (the self-join reads the row as it was before the update), so two devices never both miss what is new.
 * Here because `patients` is written in patients/ only; exercises/ serves it.
 */
export const MARK_EXERCISES_SEEN_SQL = `update patients p set ejercicios_vistos_en = now()
  from patients before where before.id = p.id and p.user_id = ?
  returning ${isoTimestamp('before.ejercicios_vistos_en')} as visto_antes`;
