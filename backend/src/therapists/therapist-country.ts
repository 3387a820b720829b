import { dialCodeOf } from '@consulta/shared';
import type { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';

/** The country of a therapist's practice (ISO 3166): their profile's, else DEFAULT_COUNTRY. */
export async function therapistCountry(em: EntityManager, therapistId: string, defaultCountry: string): Promise<string> {
  const [row] = await execute<{ pais: string }>(
    em,
    `select coalesce((select tp.pais from therapist_profiles tp where tp.user_id = ?), ?) as pais`,
    [therapistId, defaultCountry],
  );
  return row.pais;
}

/** The dial code a phone of this therapist's practice starts with ('+34' in Spain). */
export async function therapistDialCode(em: EntityManager, therapistId: string, defaultCountry: string): Promise<string> {
  return dialCodeOf(await therapistCountry(em, therapistId, defaultCountry));
}
