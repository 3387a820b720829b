import { MSG } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import {
  buildCreatePatientPayload,
  digitsOnly,
  emptyCreatePatientForm,
  validateCreatePatient,
  type CreatePatientForm,
} from './patientProfileForm';
import { nextTriState } from '../TriStateCheckbox';

const valid = (changes: Partial<CreatePatientForm> = {}): CreatePatientForm => ({
  ...emptyCreatePatientForm(),
  nombre: 'Lucía',
  apellido: "García-O'Neil",
  email: ' Lucia@Ejemplo.com ',
  telefono: '3001234567',
  ...changes,
});

describe('create-patient validation', () => {
  it('accepts a complete form', () => {
    expect(validateCreatePatient(valid())).toEqual({});
  });

  it('requires name, surname, e-mail and phone', () => {
    expect(validateCreatePatient(emptyCreatePatientForm())).toEqual({
      nombre: MSG.required.nombre,
      apellido: MSG.required.apellido,
      email: MSG.required.email,
      telefono: MSG.required.telefono,
    });
  });

  it('applies the shared name, e-mail, phone and age rules', () => {
    expect(validateCreatePatient(valid({ nombre: 'Ana3' })).nombre).toBe(MSG.name.nombre);
    expect(validateCreatePatient(valid({ email: 'ana@@x.com' })).email).toBe(MSG.email.oneAt);
    expect(validateCreatePatient(valid({ telefono: '123456' })).telefono).toBe(MSG.phone.tooShort);
    expect(validateCreatePatient(valid({ telefono: '1234567890123' })).telefono).toBe(MSG.phone.tooLong);
    expect(validateCreatePatient(valid({ telefono: '0123456789' })).telefono).toBe(MSG.phone.invalid);
    expect(validateCreatePatient(valid({ edad: '151' })).edad).toBe(MSG.age.tooHigh);
    expect(validateCreatePatient(valid({ edad: '-3' })).edad).toBe(MSG.age.negative);
    expect(validateCreatePatient(valid({ edad: '20.5' })).edad).toBe(MSG.age.integer);
    expect(validateCreatePatient(valid({ edad: '0' })).edad).toBeUndefined();
    expect(validateCreatePatient(valid({ edad: '' })).edad).toBeUndefined();
  });

  it('keeps digits only in the phone field', () => {
    expect(digitsOnly('(300) 123-45 67')).toBe('3001234567');
    expect(digitsOnly('+57abc')).toBe('57');
  });

  it('cycles a tri-state checkbox: indeterminate → checked → unchecked → indeterminate', () => {
    expect(nextTriState(null)).toBe(true);
    expect(nextTriState(true)).toBe(false);
    expect(nextTriState(false)).toBeNull();
  });
});

describe('create-patient payload', () => {
  const now = new Date(2026, 10, 22, 23, 30);

  it('maps the form with every field of the patient record, indeterminate flags as null and consent as false', () => {
    expect(buildCreatePatientPayload(valid(), now)).toEqual({
      email: 'lucia@ejemplo.com',
      telefono_paciente: '+343001234567',
      nombre: 'Lucía',
      apellido: "García-O'Neil",
      edad: null,
      estado_civil: null,
      profesion_ocupacion: null,
      nivel_escolaridad: null,
      ha_hecho_terapia: null,
      ha_hecho_psicodelicos: null,
      ha_hecho_constelaciones: null,
      propuesta_terapia: null,
      tipo_servicio: null,
      telefono: '3001234567',
      whatsapp_mensajeria_consentimiento: false,
      fecha_nacimiento: null,
      fecha_ingreso: '2026-11-22',
      estado_terapia: 'activo',
      notas_terapeuticas: null,
      objetivos_terapia: null,
      plan_tratamiento: null,
    });
  });

  it('carries checked and unchecked flags, the consent, options and the chosen dial code', () => {
    const payload = buildCreatePatientPayload(
      valid({
        dialCode: '+593',
        telefono: '991234567',
        edad: '34',
        fecha_nacimiento: '1992-03-14',
        estado_civil: 'union_libre',
        nivel_escolaridad: 'maestria',
        profesion_ocupacion: ' Arquitecta ',
        propuesta_terapia: 'Ansiedad laboral',
        ha_hecho_terapia: true,
        ha_hecho_psicodelicos: false,
        ha_hecho_constelaciones: null,
        whatsapp_mensajeria_consentimiento: true,
      }),
      now,
    );
    expect(payload).toMatchObject({
      telefono_paciente: '+593991234567',
      edad: 34,
      fecha_nacimiento: '1992-03-14',
      estado_civil: 'union_libre',
      nivel_escolaridad: 'maestria',
      profesion_ocupacion: 'Arquitecta',
      propuesta_terapia: 'Ansiedad laboral',
      ha_hecho_terapia: true,
      ha_hecho_psicodelicos: false,
      ha_hecho_constelaciones: null,
      whatsapp_mensajeria_consentimiento: true,
    });
    expect(buildCreatePatientPayload(valid({ whatsapp_mensajeria_consentimiento: false }), now).whatsapp_mensajeria_consentimiento).toBe(
      false,
    );
  });
});
