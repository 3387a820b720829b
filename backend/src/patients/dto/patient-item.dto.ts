import type { PatientDetail, PatientListItem } from '@consulta/shared';

/** A patient in the therapist's list. Dates are YYYY-MM-DD. */
export class PatientItemDto implements PatientListItem {
  id: string;
  nombre: string;
  apellido: string;
  edad: number | null;
  email: string;
  /** Full number: dial code plus digits. */
  telefono_paciente: string | null;
  fecha_nacimiento: string | null;
  estado_civil: string | null;
  profesion_ocupacion: string | null;
  nivel_escolaridad: string | null;
  propuesta_terapia: string | null;
  ha_hecho_terapia: boolean | null;
  ha_hecho_psicodelicos: boolean | null;
  ha_hecho_constelaciones: boolean | null;
  tipo_servicio: string | null;
  /** ISO 8601 timestamp of the registration. */
  fecha_creacion: string;
  terapeuta_id: string;
  total_sesiones: number;
  total_tiempo_minutos: number;
  whatsapp_mensajeria_consentimiento: boolean;
  /** ISO date-time of the next appointment in the agenda (programada or confirmada, still ahead), or null. */
  proxima_cita: string | null;
  /** An answer to a questionnaire raised the safety alert and the therapist has not marked it reviewed yet. */
  alerta_seguridad: boolean;
}

/** One patient as the therapist's detail page shows it, with live totals. */
export class PatientDetailDto extends PatientItemDto implements PatientDetail {
  telefono: string | null;
  fecha_ingreso: string | null;
  estado_terapia: string;
  notas_terapeuticas: string | null;
  objetivos_terapia: string | null;
  plan_tratamiento: string | null;
  /** Said by the patient in 'Mi Perfil'; the therapist reads it and cannot change it. */
  genero: string | null;
  /** The patient's own notes about themself ('Mi Perfil'), read-only here; not the therapist's notas_terapeuticas. */
  notas_paciente: string | null;
  /** ISO date-time of the latest session, or null. */
  ultima_sesion: string | null;
  /** The number the next session gets (highest + 1). */
  siguiente_numero_sesion: number;
}
