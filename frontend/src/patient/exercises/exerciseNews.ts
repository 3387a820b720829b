import type { AssignedExercise } from '@consulta/shared';
import type { ExerciseNews } from '../../components/exercises/AssignedExerciseItem';
import { parseDate } from '../../i18n/format';

/**
 * Whether an exercise is new to the patient: assigned after their last look (`seenBefore`; never looked: all is new).
 * A new one names the patient's last session on or before its assignment ('sugerido tras tu sesión del …'), if any.
 */
export function exerciseNews(
  exercise: Pick<AssignedExercise, 'asignado_en'>,
  seenBefore: string | null,
  sessions: readonly { fecha: string }[],
): ExerciseNews | null {
  const assigned = parseDate(exercise.asignado_en)?.getTime();
  if (assigned === undefined) return null;
  const seen = parseDate(seenBefore)?.getTime();
  if (seen !== undefined && assigned <= seen) return null;
  let after: { at: number; fecha: string } | null = null;
  for (const s of sessions) {
    const at = parseDate(s.fecha)?.getTime();
    if (at !== undefined && at <= assigned && (!after || at > after.at)) after = { at, fecha: s.fecha };
  }
  return { afterSession: after?.fecha ?? null };
}
