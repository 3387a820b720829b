import { describe, expect, it } from 'vitest';
import { appointmentAskedByLink, newSessionFromAppointmentUrl, withoutAppointment } from './appointmentLink';

describe('a session registered from an appointment', () => {
  const appointment = { id: 'c 1', paciente_id: 'p1', inicio: '2027-03-16T09:00:00.000Z', duracion_minutos: 50 };

  it('opens the patient’s new-session tab with the appointment in the query', () => {
    const url = newSessionFromAppointmentUrl(appointment);
    expect(url).toBe('/dashboard/terapeuta/pacientes/p1/nueva-sesion?cita=c+1&inicio=2027-03-16T09%3A00%3A00.000Z&duracion=50');
    expect(appointmentAskedByLink(new URL(url, 'http://x').searchParams)).toEqual({
      id: 'c 1',
      start: '2027-03-16T09:00:00.000Z',
      minutes: 50,
    });
  });

  it('reads only what is valid, and nothing without an appointment', () => {
    expect(appointmentAskedByLink(new URLSearchParams('cita=c1&inicio=mañana&duracion=-3'))).toEqual({
      id: 'c1',
      start: '',
      minutes: null,
    });
    expect(appointmentAskedByLink(new URLSearchParams('borrador=d1'))).toBeNull();
    expect(withoutAppointment(new URLSearchParams('cita=c1&inicio=x&duracion=5&borrador=d1')).toString()).toBe('borrador=d1');
  });
});
