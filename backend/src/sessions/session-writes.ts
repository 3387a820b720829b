import type { Execute } from '../common/sql/execute';

/**
 * The background analysis's writes to a saved session, as targeted UPDATE statements (no Nest, no ORM): the job
 * holds the session while its `analisis_estado` is `generando`, and every write after the claim applies only then,
 * so a job never revives a session that was deleted or given up meanwhile. The therapist's own writes go through
 * SessionsService.
 */

/** The sessions an analysis job holds (a stopped process may have left them so). */
export async function sessionsInAnalysis(execute: Execute): Promise<string[]> {
  const rows = (await execute(`select id::text as id from sessions where analisis_estado = 'generando'`, [])) as { id: string }[];
  return rows.map((r) => r.id);
}

/** Hands the session to an analysis job; false when one holds it already (or the session is gone). */
export async function claimSessionAnalysis(execute: Execute, id: string): Promise<boolean> {
  const rows = await execute(
    `update sessions set analisis_estado = 'generando' where id = ? and analisis_estado is distinct from 'generando' returning id`,
    [id],
  );
  return rows.length > 0;
}

/** The job's result: both texts, the patient's unpublished (the therapist reads it first); the job lets go. */
export async function writeSessionAnalysis(execute: Execute, id: string, texts: { therapist: string; patient: string }): Promise<void> {
  await execute(
    `update sessions set analisis_ia = ?, analisis_ia_paciente = ?, analisis_ia_paciente_publicado = false, analisis_estado = null,
        updated_at = now() where id = ? and analisis_estado = 'generando'`,
    [texts.therapist, texts.patient, id],
  );
}

/** The job is given up: `fallido` (a session has no message column; its state tells the UI). */
export async function failSessionAnalysis(execute: Execute, id: string): Promise<void> {
  await execute(`update sessions set analisis_estado = 'fallido' where id = ? and analisis_estado = 'generando'`, [id]);
}
