import type { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';

/** The zone a therapist works in, as SQL: their profile's `zona_horaria`, else `fallback` (a SQL expression). */
export const therapistZoneSql = (therapistId: string, fallback: string): string =>
  `coalesce((select tz.zona_horaria from therapist_profiles tz where tz.user_id = ${therapistId}), ${fallback})`;

/** The zone a therapist works in: their profile's, else DEFAULT_TIME_ZONE. */
export async function therapistZone(em: EntityManager, therapistId: string, defaultZone: string): Promise<string> {
  const [row] = await execute<{ zona: string }>(em, `select ${therapistZoneSql('?', '?')} as zona`, [therapistId, defaultZone]);
  return row.zona;
}
