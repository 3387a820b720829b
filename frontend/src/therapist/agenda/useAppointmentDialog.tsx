import { useState, type ReactElement } from 'react';
import type { Appointment } from '@consulta/shared';
import { AppointmentDialog, type AppointmentTarget } from './AppointmentDialog';

/** One appointment dialog for a screen (the agenda, a patient's 'Citas', today's list): open it on a new or an existing appointment. */
export function useAppointmentDialog(zone: string): {
  openCreate: (options?: { start?: Date | string | null; patientId?: string }) => void;
  openEdit: (appointment: Appointment) => void;
  element: ReactElement | null;
} {
  const [target, setTarget] = useState<AppointmentTarget | null>(null);
  return {
    openCreate: (options = {}) => setTarget({ mode: 'create', ...options }),
    openEdit: (appointment) => setTarget({ mode: 'edit', appointment }),
    element: target && <AppointmentDialog target={target} zone={zone} onClose={() => setTarget(null)} />,
  };
}
