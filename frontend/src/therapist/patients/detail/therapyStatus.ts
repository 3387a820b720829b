import { THERAPY_STATUSES, type TherapyStatus } from '@consulta/shared';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';

export interface TherapyStatusView {
  label: string;
  badge: string;
  color: 'success' | 'default' | 'info';
}

const COLORS: Record<TherapyStatus, TherapyStatusView['color']> = { activo: 'success', inactivo: 'default', alta: 'info' };

/** How a therapy status reads: 'Activo' in the record, 'Terapia activa' as the header badge. */
export function therapyStatusView(status: string | null | undefined): TherapyStatusView | undefined {
  if (!THERAPY_STATUSES.includes(status as TherapyStatus)) return undefined;
  const s = status as TherapyStatus;
  return { label: WORKSPACE_TEXT.patientDetail.statusLabels[s], badge: WORKSPACE_TEXT.patientDetail.statusBadges[s], color: COLORS[s] };
}

/** The options of the status select. */
export const THERAPY_STATUS_OPTIONS = THERAPY_STATUSES.map((value) => ({ value, label: WORKSPACE_TEXT.patientDetail.statusLabels[value] }));
