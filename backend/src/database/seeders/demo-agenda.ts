import type { AppointmentMode, AppointmentState, CancelledBy } from '@consulta/shared';
import { DateTime } from 'luxon';

/** One appointment of the demo agenda: which patient (by e-mail), when (days from today's Monday, hour), and how it went. */
export interface DemoAppointment {
  email: string;
  inicio: Date;
  duracionMinutos: number;
  modalidad: AppointmentMode;
  lugarOEnlace: string;
  estado: AppointmentState;
  canceladaPor?: CancelledBy;
  motivoCancelacion?: string;
  notas?: string;
  serie?: string;
}

const PLACE = 'Consulta 2 · Calle de Alcalá 120, Madrid';
const LINK = 'https://meet.consulta.example/ana-martinez';

/** [days from today, hour, minute, patient, modalidad, note] of the seven days around today (and the next seven). */
type Slot = [number, number, number, string, AppointmentMode, string?];
const WEEK: Slot[] = [
  [-3, 9, 0, 'lucia.fernandez', 'presencial', 'Revisar el registro de pensamientos automáticos.'],
  [-3, 17, 0, 'mateo.gomez', 'videollamada'],
  [-2, 10, 0, 'carmen.ortega', 'presencial'],
  [-1, 18, 0, 'javier.morales', 'videollamada', 'Pareja: traer los acuerdos de la semana.'],
  [0, 9, 30, 'sofia.ramirez', 'presencial'],
  [0, 18, 0, 'lucia.fernandez', 'videollamada'],
  [1, 11, 0, 'mateo.gomez', 'presencial'],
  [2, 17, 30, 'carmen.ortega', 'videollamada'],
  [3, 10, 0, 'javier.morales', 'presencial'],
  [3, 12, 0, 'sofia.ramirez', 'videollamada'],
];

/**
 * A week of the demo practice in every state, in the therapist's zone, whatever day it is seeded: of the seven
 * days around today, what has passed was held (realizada), missed (no_asistio) or cancelled by the patient; what is
 * ahead is programada, confirmada or cancelled by the therapist; the seven days after repeat the pattern, and Lucía
 * has a weekly series (six weeks from three days ago, 09:00). Every demo patient has a next appointment.
 */
export function demoAgenda(domain: string, zone: string, now = new Date()): DemoAppointment[] {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const at = (week: number, [day, hour, minute]: Slot) => today.plus({ weeks: week, days: day }).set({ hour, minute }).toJSDate();
  const out: DemoAppointment[] = [];
  WEEK.forEach((slot, i) => {
    for (const week of [0, 1]) {
      const [, , , who, modalidad, notas] = slot;
      if (i === 0) continue; // the series below
      const inicio = at(week, slot);
      const past = inicio.getTime() + 50 * 60_000 <= now.getTime();
      const base = {
        email: `${who}@${domain}`,
        inicio,
        duracionMinutos: 50,
        modalidad,
        lugarOEnlace: modalidad === 'presencial' ? PLACE : LINK,
      };
      out.push({ ...base, notas: week === 0 ? notas : undefined, ...outcome(past, (i + week * 2) % 5) });
    }
  });
  for (let week = 0; week < 6; week++) {
    const inicio = at(week, WEEK[0]);
    const past = inicio.getTime() + 50 * 60_000 <= now.getTime();
    out.push({
      email: `lucia.fernandez@${domain}`,
      inicio,
      duracionMinutos: 50,
      modalidad: 'presencial',
      lugarOEnlace: PLACE,
      serie: 'lucia-lunes',
      notas: week === 0 ? WEEK[0][5] : undefined,
      ...outcome(past, week === 0 ? 0 : 3),
    });
  }
  return out;
}

/** How the `n`-th appointment went (past) or stands (ahead), so that every state shows in a week. */
function outcome(past: boolean, n: number): Pick<DemoAppointment, 'estado' | 'canceladaPor' | 'motivoCancelacion'> {
  if (past) {
    if (n === 1) return { estado: 'no_asistio' };
    if (n === 2) return { estado: 'cancelada', canceladaPor: 'paciente', motivoCancelacion: 'Me he puesto enferma, lo siento.' };
    return { estado: 'realizada' };
  }
  if (n === 1 || n === 3) return { estado: 'confirmada' };
  if (n === 4) return { estado: 'cancelada', canceladaPor: 'terapeuta', motivoCancelacion: 'Formación de la terapeuta ese día.' };
  return { estado: 'programada' };
}
