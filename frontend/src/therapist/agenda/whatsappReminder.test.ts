import { describe, expect, it } from 'vitest';
import { whatsappReminderUrl } from './whatsappReminder';

const appointment = {
  inicio: '2027-03-16T09:00:00.000Z',
  modalidad: 'videollamada' as const,
  lugar_o_enlace: 'https://meet.example.com/abc',
};

describe("'Recordar por WhatsApp'", () => {
  it('opens a chat with the patient’s number and the reminder written, in the therapist’s zone', () => {
    const url = whatsappReminderUrl(
      { nombre: 'Lucía', telefono_paciente: '+34 612 34 56 78', whatsapp_mensajeria_consentimiento: true },
      appointment,
      'Europe/Madrid',
      'Dra. Ana Martínez',
    );
    expect(url).toMatch(/^https:\/\/wa\.me\/34612345678\?text=/);
    const text = decodeURIComponent(url!.split('?text=')[1]);
    expect(text).toBe(
      'Hola, Lucía. Te recuerdo tu cita (videollamada) del martes, 16 de marzo de 2027, 10:00.\n' +
        'Lugar o enlace: https://meet.example.com/abc\nUn saludo, Dra. Ana Martínez.',
    );
  });

  it('is not offered without the patient’s consent or a number', () => {
    const patient = { nombre: 'Lucía', telefono_paciente: '+34612345678', whatsapp_mensajeria_consentimiento: false };
    expect(whatsappReminderUrl(patient, appointment, 'Europe/Madrid', null)).toBeNull();
    expect(
      whatsappReminderUrl(
        { ...patient, whatsapp_mensajeria_consentimiento: true, telefono_paciente: null },
        appointment,
        'Europe/Madrid',
        null,
      ),
    ).toBeNull();
    expect(whatsappReminderUrl(undefined, appointment, 'Europe/Madrid', null)).toBeNull();
  });
});
