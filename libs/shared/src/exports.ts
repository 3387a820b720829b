/**
 * A patient's data export (issue 17): one archive (ZIP) with a readable JSON layout and the files, made by a
 * background job. The therapist exports everything held about one patient; a patient exports their own data as
 * their own area shows it (never a therapist-only field). Only whoever asked for an export can download it.
 */
export const EXPORT_SCOPES = ['terapeuta', 'paciente'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];

/** pendiente → generando → listo (or error); a ready archive is deleted after EXPORT_TTL_DAYS: caducado. */
export const EXPORT_STATES = ['pendiente', 'generando', 'listo', 'error', 'caducado'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

export const EXPORT_STATE_LABELS: Record<ExportState, string> = {
  pendiente: 'En cola',
  generando: 'Generando',
  listo: 'Lista para descargar',
  error: 'Error',
  caducado: 'Caducada',
};

/** A ready archive can be downloaded for this long; then it is deleted (a new export can always be asked for). */
export const EXPORT_TTL_DAYS = 7;

/** The exports a list shows (the latest first). */
export const EXPORT_LIST_MAX = 10;

/** One export, as GET /pacientes/exportaciones/{id} and GET /pacientes/perfil/exportaciones list them. */
export interface PatientExport {
  id: string;
  alcance: ExportScope;
  estado: ExportState;
  /** 0-100 while generando; 100 once listo. */
  progreso: number;
  /** Why it failed (Spanish), when estado is error. */
  mensaje_error: string | null;
  /** The archive's name when downloaded. */
  nombre_archivo: string | null;
  tamano_bytes: number | null;
  /** Files of the record copied into the archive (videos, exercise files, profile photo). */
  archivos: number | null;
  /** ISO 8601 date-times. */
  solicitado_en: string;
  completado_en: string | null;
  /** When a ready archive is deleted. */
  caduca_en: string | null;
}
