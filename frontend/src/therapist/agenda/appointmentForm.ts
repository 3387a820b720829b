import {
  AGENDA_LIMITS,
  APPOINTMENT_MODES,
  DEFAULT_APPOINTMENT_MINUTES,
  MSG,
  blankToNull,
  fillMessage,
  type Appointment,
  type AppointmentMode,
  type AppointmentState,
  type CreateAppointmentPayload,
  type SeriesFrequency,
  type UpdateAppointmentPayload,
} from '@consulta/shared';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { addDays, existsInZone, instantOf, isDay, wallClockOf } from './zonedTime';

/**
 * The appointment dialog's form (new and existing appointments): what its fields hold, its rules and the payloads
 * of POST /citas and PATCH /citas/{id}. Days and times are the therapist's zone's, whatever the browser's.
 */

export type RepeatChoice = 'no' | SeriesFrequency;
export type RepeatEnd = 'veces' | 'hasta';

export interface AppointmentForm {
  paciente_id: string;
  /** YYYY-MM-DD in the therapist's zone. */
  fecha: string;
  /** HH:mm in the therapist's zone. */
  hora: string;
  duracion_minutos: string;
  modalidad: AppointmentMode;
  lugar_o_enlace: string;
  notas: string;
  /** Existing appointments only (a new one is 'programada'). */
  estado: AppointmentState;
  /** New appointments only. */
  repetir: RepeatChoice;
  fin: RepeatEnd;
  veces: string;
  hasta: string;
}

export type AppointmentErrors = Partial<Record<keyof AppointmentForm, string>>;

/** The states the dialog offers (cancelling has its own button and call). */
export const EDITABLE_STATES = ['programada', 'confirmada', 'realizada', 'no_asistio'] as const satisfies readonly AppointmentState[];

const DEFAULT_SERIES_COUNT = 4;

/** The next whole hour from `now`, in the zone: where a new appointment without a chosen slot starts. */
export function nextWholeHour(zone: string, now: Date = new Date()): { fecha: string; hora: string } {
  const next = new Date(Math.ceil((now.getTime() + 1) / 3_600_000) * 3_600_000);
  const { date, time } = wallClockOf(next, zone);
  return { fecha: date, hora: time };
}

/** A new appointment: at `start` (a slot clicked in the calendar) or the next whole hour, 50 minutes, in person. */
export function emptyAppointmentForm({
  zone,
  start,
  patientId = '',
  now = new Date(),
}: {
  zone: string;
  start?: Date | string | null;
  patientId?: string;
  now?: Date;
}): AppointmentForm {
  const at = start ? wallClockOf(start, zone) : null;
  const { fecha, hora } = at ? { fecha: at.date, hora: at.time } : nextWholeHour(zone, now);
  return {
    paciente_id: patientId,
    fecha,
    hora,
    duracion_minutos: String(DEFAULT_APPOINTMENT_MINUTES),
    modalidad: 'presencial',
    lugar_o_enlace: '',
    notas: '',
    estado: 'programada',
    repetir: 'no',
    fin: 'veces',
    veces: String(DEFAULT_SERIES_COUNT),
    hasta: addDays(fecha, 28),
  };
}

/** An existing appointment in the form. */
export function appointmentToForm(appointment: Appointment, zone: string): AppointmentForm {
  const { date, time } = wallClockOf(appointment.inicio, zone);
  return {
    paciente_id: appointment.paciente_id,
    fecha: date,
    hora: time,
    duracion_minutos: String(appointment.duracion_minutos),
    modalidad: appointment.modalidad,
    lugar_o_enlace: appointment.lugar_o_enlace ?? '',
    notas: appointment.notas ?? '',
    estado: appointment.estado,
    repetir: 'no',
    fin: 'veces',
    veces: String(DEFAULT_SERIES_COUNT),
    hasta: addDays(date, 28),
  };
}

/** A whole number as typed, within bounds; null otherwise. */
function wholeIn(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/**
 * The form's problems, by field, in the server's words. `isNew`: the patient and the repetition are checked too
 * (an existing appointment keeps its patient and its series).
 */
export function validateAppointment(form: AppointmentForm, zone: string, isNew: boolean): AppointmentErrors {
  const errors: AppointmentErrors = {};
  if (isNew && !form.paciente_id) errors.paciente_id = MSG.agenda.patientRequired;
  if (!isDay(form.fecha) || !form.hora) errors.fecha = MSG.agenda.startRequired;
  else if (!instantOf(form.fecha, form.hora, zone)) errors.hora = MSG.agenda.startRequired;
  else if (!existsInZone(form.fecha, form.hora, zone)) errors.hora = AGENDA_TEXT.dialog.nonexistentTime;
  if (wholeIn(form.duracion_minutos, AGENDA_LIMITS.minMinutes, AGENDA_LIMITS.maxMinutes) === null)
    errors.duracion_minutos = fillMessage(MSG.agenda.duration, { min: AGENDA_LIMITS.minMinutes, max: AGENDA_LIMITS.maxMinutes });
  if (!APPOINTMENT_MODES.includes(form.modalidad)) errors.modalidad = MSG.agenda.mode;
  if (isNew && form.repetir !== 'no') {
    if (form.fin === 'veces') {
      if (wholeIn(form.veces, AGENDA_LIMITS.seriesMin, AGENDA_LIMITS.seriesMax) === null)
        errors.veces = fillMessage(MSG.agenda.repeatCount, { min: AGENDA_LIMITS.seriesMin, max: AGENDA_LIMITS.seriesMax });
    } else if (!isDay(form.hasta)) errors.hasta = MSG.agenda.repeatUntil;
    else if (isDay(form.fecha) && form.hasta < form.fecha) errors.hasta = MSG.agenda.untilBeforeStart;
  }
  return errors;
}

export const hasAppointmentErrors = (errors: AppointmentErrors): boolean => Object.keys(errors).length > 0;

/** A 400's `campos` by the form's names: the start (one instant on the server) is the day field here. */
export const APPOINTMENT_SERVER_FIELDS: Partial<Record<string, keyof AppointmentForm>> = { inicio: 'fecha' };

/** POST /citas of a valid form (the caller adds `permitir_solapamiento` when the therapist insists). */
export function toCreatePayload(form: AppointmentForm, zone: string): CreateAppointmentPayload {
  return {
    paciente_id: form.paciente_id,
    inicio: instantOf(form.fecha, form.hora, zone)!,
    duracion_minutos: Number(form.duracion_minutos.trim()),
    modalidad: form.modalidad,
    lugar_o_enlace: blankToNull(form.lugar_o_enlace),
    notas: blankToNull(form.notas),
    repetir:
      form.repetir === 'no'
        ? null
        : form.fin === 'veces'
          ? { frecuencia: form.repetir, veces: Number(form.veces.trim()) }
          : { frecuencia: form.repetir, hasta: form.hasta },
  };
}

/** What a PATCH of the form writes, every field (compared with the form it started from by `toUpdatePayload`). */
function updateFields(form: AppointmentForm, zone: string): Required<Omit<UpdateAppointmentPayload, 'alcance' | 'permitir_solapamiento'>> {
  return {
    inicio: instantOf(form.fecha, form.hora, zone) ?? '',
    duracion_minutos: Number(form.duracion_minutos.trim()),
    modalidad: form.modalidad,
    lugar_o_enlace: blankToNull(form.lugar_o_enlace),
    notas: blankToNull(form.notas),
    estado: form.estado,
  };
}

/** PATCH /citas/{id} of a valid form: only what changed since `initial` (empty when nothing did). */
export function toUpdatePayload(form: AppointmentForm, initial: AppointmentForm, zone: string): UpdateAppointmentPayload {
  const after = updateFields(form, zone);
  const before = updateFields(initial, zone);
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
  return Object.fromEntries(changed.map((key) => [key, after[key]])) as UpdateAppointmentPayload;
}

/** The new start of an appointment moved in the calendar to `start`, with its duration: the PATCH of a drag. */
export function moveToPayload(start: Date, end: Date | null, appointment: Appointment): UpdateAppointmentPayload {
  const payload: UpdateAppointmentPayload = { inicio: start.toISOString() };
  const minutes = end ? Math.round((end.getTime() - start.getTime()) / 60_000) : appointment.duracion_minutos;
  if (minutes !== appointment.duracion_minutos && minutes >= AGENDA_LIMITS.minMinutes && minutes <= AGENDA_LIMITS.maxMinutes)
    payload.duracion_minutos = minutes;
  return payload;
}

/** Whether a change of the appointment is a move (start or duration), for the scope question's wording. */
export const isMove = (payload: UpdateAppointmentPayload): boolean =>
  Object.keys(payload).every((key) => key === 'inicio' || key === 'duracion_minutos');
