import type { PatientListItem } from '@consulta/shared';
import { EDUCATION_LEVELS, MARITAL_STATUSES, csvRow, labelOf } from '@consulta/shared';
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

/** CSV with Spanish headers, ';'-separated (Spanish spreadsheet programs split columns on ';', ',' is their decimal
 * separator), prefixed with a BOM so they read the accents right; every cell quoted, formulas kept as text. */
export function patientsToCsv(patients: PatientListItem[]): string {
  const lines = [
    csvRow(
      COLUMNS.map((c) => c.header),
      ';',
    ),
  ];
  for (const p of patients)
    lines.push(
      csvRow(
        COLUMNS.map((c) => c.value(p)),
        ';',
      ),
    );
  return '\uFEFF' + lines.join('\r\n');
}
