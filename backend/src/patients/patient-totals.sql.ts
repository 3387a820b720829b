/**
 * The body of the trigger `patient_totals` on `sessions` (declared on the Session entity): it keeps the patient's
 * total_sesiones and total_tiempo_minutos (read by the patient list) in step with their sessions.
 */
export const PATIENT_TOTALS_TRIGGER_BODY =
  "if tg_op in ('UPDATE', 'DELETE') then update patients set total_sesiones = total_sesiones - 1, " +
  'total_tiempo_minutos = total_tiempo_minutos - coalesce(old.duracion_minutos, 0) where id = old.patient_id; end if; ' +
  "if tg_op in ('INSERT', 'UPDATE') then update patients set total_sesiones = total_sesiones + 1, " +
  'total_tiempo_minutos = total_tiempo_minutos + coalesce(new.duracion_minutos, 0) where id = new.patient_id; end if; return null';
