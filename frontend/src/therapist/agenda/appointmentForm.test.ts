import { MSG, type Appointment } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { AGENDA_TEXT } from '../../i18n/es/agenda';
import { serverFieldErrors } from '../../components/forms';
import {
  APPOINTMENT_SERVER_FIELDS,
  appointmentToForm,
  emptyAppointmentForm,
  hasAppointmentErrors,
  moveToPayload,
  nextWholeHour,
  toCreatePayload,
  toUpdatePayload,
  validateAppointment,
} from './appointmentForm';

const ZONE = 'Europe/Madrid';

const APPOINTMENT: Appointment = {
  id: 'c1',
  paciente_id: 'p1',
  paciente: { nombre: 'Lucía', apellido: 'Fernández' },
  inicio: '2027-03-16T09:00:00.000Z',
  fin: '2027-03-16T09:50:00.000Z',
  duracion_minutos: 50,
  modalidad: 'videollamada',
  lugar_o_enlace: 'https://meet.example.com/abc',
  estado: 'programada',
  serie_id: null,
  sesion_id: null,
  notas: null,
  cancelada_por: null,
  motivo_cancelacion: null,
  confirmada_en: null,
  recordatorio_enviado_en: null,
};

describe('appointment form', () => {
  it("marks a 400's start on the day field, and the other fields by their own names", () => {
    const refused = Object.assign(new Error('x'), {
      status: 400,
      body: { campos: { inicio: 'Fecha no válida', duracion_minutos: 'La duración…' } },
    });
    expect(serverFieldErrors(refused, null, APPOINTMENT_SERVER_FIELDS)).toEqual({
      fecha: 'Fecha no válida',
      duracion_minutos: 'La duración…',
    });
  });

  it('starts a new appointment at the clicked slot, in the therapist’s zone, 50 minutes in person', () => {
    const form = emptyAppointmentForm({ zone: ZONE, start: new Date('2027-03-16T15:30:00Z'), patientId: 'p9' });
    expect(form).toMatchObject({
      paciente_id: 'p9',
      fecha: '2027-03-16',
      hora: '16:30',
      duracion_minutos: '50',
      modalidad: 'presencial',
      repetir: 'no',
      hasta: '2027-04-13',
    });
  });

  it('without a slot starts at the next whole hour of the zone', () => {
    expect(nextWholeHour(ZONE, new Date('2027-03-16T09:10:00Z'))).toEqual({ fecha: '2027-03-16', hora: '11:00' });
    expect(nextWholeHour(ZONE, new Date('2027-03-16T09:00:00Z'))).toEqual({ fecha: '2027-03-16', hora: '11:00' });
    expect(nextWholeHour('America/Bogota', new Date('2027-03-16T04:30:00Z'))).toEqual({ fecha: '2027-03-16', hora: '00:00' });
  });

  it('reads an appointment in the zone', () => {
    expect(appointmentToForm(APPOINTMENT, ZONE)).toMatchObject({
      fecha: '2027-03-16',
      hora: '10:00',
      duracion_minutos: '50',
      modalidad: 'videollamada',
      lugar_o_enlace: 'https://meet.example.com/abc',
      notas: '',
      estado: 'programada',
    });
    expect(appointmentToForm(APPOINTMENT, 'America/New_York')).toMatchObject({ fecha: '2027-03-16', hora: '05:00' });
  });

  it('checks patient, start, duration and the repetition with the server’s messages', () => {
    const base = emptyAppointmentForm({ zone: ZONE, start: '2027-03-16T09:00:00Z' });
    expect(validateAppointment(base, ZONE, true)).toEqual({ paciente_id: MSG.agenda.patientRequired });
    const form = { ...base, paciente_id: 'p1' };
    expect(validateAppointment(form, ZONE, true)).toEqual({});
    expect(validateAppointment({ ...form, fecha: '' }, ZONE, true).fecha).toBe(MSG.agenda.startRequired);
    expect(validateAppointment({ ...form, fecha: '2027-03-28', hora: '02:30' }, ZONE, true).hora).toBe(AGENDA_TEXT.dialog.nonexistentTime);
    const duration = 'La duración debe ser un número entero de minutos entre 15 y 480';
    expect(validateAppointment({ ...form, duracion_minutos: '10' }, ZONE, true).duracion_minutos).toBe(duration);
    expect(validateAppointment({ ...form, duracion_minutos: '481' }, ZONE, true).duracion_minutos).toBe(duration);
    expect(validateAppointment({ ...form, duracion_minutos: '50.5' }, ZONE, true).duracion_minutos).toBe(duration);
    expect(validateAppointment({ ...form, repetir: 'semanal', veces: '1' }, ZONE, true).veces).toBe('Una serie tiene entre 2 y 52 citas');
    expect(validateAppointment({ ...form, repetir: 'semanal', veces: '53' }, ZONE, true).veces).toBe('Una serie tiene entre 2 y 52 citas');
    expect(validateAppointment({ ...form, repetir: 'mensual', fin: 'hasta', hasta: '2027-03-15' }, ZONE, true).hasta).toBe(
      MSG.agenda.untilBeforeStart,
    );
    expect(validateAppointment({ ...form, repetir: 'mensual', fin: 'hasta', hasta: '' }, ZONE, true).hasta).toBe(MSG.agenda.repeatUntil);
    // An existing appointment keeps its patient and series: neither is checked.
    expect(hasAppointmentErrors(validateAppointment({ ...base, repetir: 'semanal', veces: '0' }, ZONE, false))).toBe(false);
  });

  it('builds POST /citas: the start with the offset of that day, texts trimmed, the repetition by count or date', () => {
    const form = {
      ...emptyAppointmentForm({ zone: ZONE, start: '2027-03-16T09:00:00Z', patientId: 'p1' }),
      notas: '  ',
      lugar_o_enlace: ' Consulta 2 ',
    };
    expect(toCreatePayload(form, ZONE)).toEqual({
      paciente_id: 'p1',
      inicio: '2027-03-16T10:00:00+01:00',
      duracion_minutos: 50,
      modalidad: 'presencial',
      lugar_o_enlace: 'Consulta 2',
      notas: null,
      repetir: null,
    });
    expect(toCreatePayload({ ...form, repetir: 'semanal', veces: ' 8 ' }, ZONE).repetir).toEqual({ frecuencia: 'semanal', veces: 8 });
    expect(toCreatePayload({ ...form, repetir: 'quincenal', fin: 'hasta', hasta: '2027-06-30' }, ZONE).repetir).toEqual({
      frecuencia: 'quincenal',
      hasta: '2027-06-30',
    });
    // A series that crosses the change of hour keeps 10:00: the server repeats the wall time of the zone.
    expect(toCreatePayload({ ...form, fecha: '2027-04-06' }, ZONE).inicio).toBe('2027-04-06T10:00:00+02:00');
  });

  it('builds PATCH /citas/{id} with only what changed', () => {
    const initial = appointmentToForm(APPOINTMENT, ZONE);
    expect(toUpdatePayload(initial, initial, ZONE)).toEqual({});
    expect(toUpdatePayload({ ...initial, hora: '11:30', notas: ' Traer informe ' }, initial, ZONE)).toEqual({
      inicio: '2027-03-16T11:30:00+01:00',
      notas: 'Traer informe',
    });
    expect(toUpdatePayload({ ...initial, lugar_o_enlace: '', estado: 'realizada' }, initial, ZONE)).toEqual({
      lugar_o_enlace: null,
      estado: 'realizada',
    });
  });

  it('turns a drag into a new start, and a resize into a new duration too', () => {
    const start = new Date('2027-03-17T10:00:00Z');
    expect(moveToPayload(start, new Date('2027-03-17T10:50:00Z'), APPOINTMENT)).toEqual({ inicio: '2027-03-17T10:00:00.000Z' });
    expect(moveToPayload(start, new Date('2027-03-17T11:30:00Z'), APPOINTMENT)).toEqual({
      inicio: '2027-03-17T10:00:00.000Z',
      duracion_minutos: 90,
    });
  });
});
