import { MSG } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { aPatient } from '../../../test/factories';
import { toForm, toPayload, validate } from './patientRecordForm';

const PATIENT = aPatient({
  edad: 34,
  telefono_paciente: '+34612345678',
  telefono: '612345678',
  fecha_nacimiento: '1992-03-04',
  estado_civil: 'casado',
  profesion_ocupacion: 'Docente',
  propuesta_terapia: 'Ansiedad',
  ha_hecho_terapia: true,
  ha_hecho_constelaciones: false,
  total_sesiones: 2,
  total_tiempo_minutos: 100,
  fecha_ingreso: '2026-11-01',
  objetivos_terapia: 'Dormir mejor',
  ultima_sesion: '2026-11-20T10:00:00.000Z',
  siguiente_numero_sesion: 3,
});

describe('patient record form', () => {
  it('reads the record: phone split by dial code, empty texts as empty fields', () => {
    const form = toForm(PATIENT);
    expect(form).toMatchObject({
      dialCode: '+34',
      telefono: '612345678',
      edad: '34',
      nivel_escolaridad: '',
      plan_tratamiento: '',
      estado_terapia: 'activo',
      ha_hecho_psicodelicos: null,
    });
    expect(toForm({ ...PATIENT, telefono_paciente: null, telefono: null }).telefono).toBe('');
  });

  it("starts a record without a phone at the practice's dial code, and keeps a saved number's own", () => {
    expect(toForm({ ...PATIENT, telefono_paciente: null, telefono: null }, '+52').dialCode).toBe('+52');
    expect(toForm({ ...PATIENT, telefono_paciente: null, telefono: null }).dialCode).toBe('+34');
    expect(toForm(PATIENT, '+52').dialCode).toBe('+34');
  });

  it('sends nothing when nothing changed', () => {
    const form = toForm(PATIENT);
    expect(toPayload({ ...form, nombre: ' Lucía ', plan_tratamiento: '  ' }, form)).toEqual({});
  });

  it('sends only the changed fields, trimmed, empty texts as null', () => {
    const initial = toForm(PATIENT);
    const payload = toPayload(
      {
        ...initial,
        estado_terapia: 'alta',
        plan_tratamiento: ' Dos sesiones al mes ',
        objetivos_terapia: '',
        edad: '',
        ha_hecho_psicodelicos: true,
        dialCode: '+57',
        telefono: '3001234567',
      },
      initial,
    );
    expect(payload).toEqual({
      estado_terapia: 'alta',
      plan_tratamiento: 'Dos sesiones al mes',
      objetivos_terapia: null,
      edad: null,
      ha_hecho_psicodelicos: true,
      telefono_paciente: '+573001234567',
      telefono: '3001234567',
    });
  });

  it('never sends the next appointment: the agenda answers it', () => {
    const initial = toForm({ ...PATIENT, proxima_cita: '2026-12-01T09:30:00.000Z' });
    expect(initial).not.toHaveProperty('proxima_cita');
    expect(toPayload({ ...initial, nombre: 'Lucía María' }, initial)).toEqual({ nombre: 'Lucía María' });
  });

  it('validates with the rules of a new patient, the e-mail aside', () => {
    const initial = toForm(PATIENT);
    const errors = validate({ ...initial, nombre: ' ', email: '', telefono: '12', edad: '200', estado_terapia: 'pausa' }, initial);
    expect(errors).toEqual({
      nombre: MSG.required.nombre,
      telefono: MSG.phone.tooShort,
      edad: MSG.age.tooHigh,
      estado_terapia: MSG.patients.therapyStatus,
    });
    expect(validate({ ...initial, telefono: '' }, initial).telefono).toBe(MSG.required.telefono);
    expect(validate(initial, initial)).toEqual({});
  });

  it('lets a patient recorded without a phone stay without one', () => {
    const initial = toForm({ ...PATIENT, telefono_paciente: null, telefono: null });
    expect(validate(initial, initial)).toEqual({});
    expect(toPayload({ ...initial, dialCode: '+52' }, initial)).toEqual({});
  });
});
