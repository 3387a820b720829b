import type { PatientListItem } from '@consulta/shared';
import { EDUCATION_LEVELS, MARITAL_STATUSES, labelOf } from '@consulta/shared';
import { formatDateEs } from '../../i18n/format';
import { yesNo } from './patientFormat';

const COLUMNS: { header: string; value: (p: PatientListItem) => string | number | null | undefined }[] = [
  { header: 'Nombre', value: (p) => p.nombre },
  { header: 'Apellido', value: (p) => p.apellido },
  { header: 'Email', value: (p) => p.email },
  { header: 'Teléfono', value: (p) => p.telefono_paciente },
  { header: 'Edad', value: (p) => p.edad },
  { header: 'Fecha de nacimiento', value: (p) => (p.fecha_nacimiento ? formatDateEs(p.fecha_nacimiento) : '') },
  { header: 'Estado civil', value: (p) => labelOf(MARITAL_STATUSES, p.estado_civil) ?? '' },
  { header: 'Nivel de escolaridad', value: (p) => labelOf(EDUCATION_LEVELS, p.nivel_escolaridad) ?? '' },
  { header: 'Profesión u ocupación', value: (p) => p.profesion_ocupacion },
  { header: 'Sesiones', value: (p) => p.total_sesiones ?? 0 },
  { header: 'Tiempo total (minutos)', value: (p) => p.total_tiempo_minutos ?? 0 },
  { header: 'Fecha de registro', value: (p) => formatDateEs(p.fecha_creacion, '') },
  { header: 'Terapia previa', value: (p) => yesNo(p.ha_hecho_terapia) },
  { header: 'Psicodélicos', value: (p) => yesNo(p.ha_hecho_psicodelicos) },
  { header: 'Constelaciones', value: (p) => yesNo(p.ha_hecho_constelaciones) },
  { header: 'Consentimiento WhatsApp', value: (p) => (p.whatsapp_mensajeria_consentimiento ? 'Sí' : 'No') },
  { header: 'Propuesta de terapia', value: (p) => p.propuesta_terapia },
];

const cell = (value: string | number | null | undefined): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV with Spanish headers, prefixed with a BOM so spreadsheet apps read the accents right. */
export function patientsToCsv(patients: PatientListItem[]): string {
  const lines = [COLUMNS.map((c) => cell(c.header)).join(',')];
  for (const p of patients) lines.push(COLUMNS.map((c) => cell(c.value(p))).join(','));
  return '\uFEFF' + lines.join('\r\n');
}
