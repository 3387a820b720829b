import { QUESTIONNAIRES, SEVERITY_LABELS, type QuestionnaireCode, type Severity } from '@consulta/shared';

/** The colour of each band, from calm to urgent (chips and the chart's bands). */
export const SEVERITY_COLORS: Record<Severity, string> = {
  minima: '#2e7d32',
  leve: '#7cb342',
  moderada: '#f9a825',
  moderadamente_grave: '#ef6c00',
  grave: '#c62828',
};

export const severityLabel = (gravedad: Severity): string => SEVERITY_LABELS[gravedad];

export const scaleName = (codigo: QuestionnaireCode): string => QUESTIONNAIRES[codigo].nombre;

/** The results of one scale, oldest first (what a chart draws). */
export function resultsOf<T extends { codigo: QuestionnaireCode; fecha: string }>(results: readonly T[], codigo: QuestionnaireCode): T[] {
  return results.filter((r) => r.codigo === codigo).sort((a, b) => a.fecha.localeCompare(b.fecha));
}
