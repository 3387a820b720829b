import type { Execute } from '../common/sql/execute';

/**
 * The agenda's writes that other domains make: a session recorded from an appointment marks it `realizada` and
 * links both (the sessions module, in the session's own transaction).
 */

/** An appointment of `patientId` a session may be recorded from: its state and whether a session has it already. */
export async function recordableAppointment(
  execute: Execute,
  id: string,
  patientId: string,
): Promise<{ estado: string; sesion_id: string | null } | null> {
  const [row] = (await execute(`select estado, session_id as sesion_id from appointments where id = ? and patient_id = ?`, [
    id,
    patientId,
  ])) as {
    estado: string;
    sesion_id: string | null;
  }[];
  return row ?? null;
}

/** Marks the appointment `realizada` with its session; false when another session took it meanwhile. */
export async function markRecorded(execute: Execute, id: string, sessionId: string): Promise<boolean> {
  const rows = await execute(
    `update appointments set estado = 'realizada', session_id = ?, version = version + 1, fecha_actualizacion = now()
     where id = ? and session_id is null and estado <> 'cancelada' returning id`,
    [sessionId, id],
  );
  return rows.length > 0;
}
