import {
  DEFAULT_DIAL_CODE,
  MSG,
  ageError,
  blankToNull,
  emailError,
  joinPhone,
  nameError,
  normalizeEmail,
  phoneError,
  type CreatePatientPayload,
} from '@consulta/shared';
import type { TriStateValue } from '../TriStateCheckbox';
import { todayIsoDate } from '../../i18n/format';

export interface CreatePatientForm {
  nombre: string;
  apellido: string;
  email: string;
  dialCode: string;
  /** Local number, digits only. */
  telefono: string;
  /** As typed: empty or an integer. */
  edad: string;
  fecha_nacimiento: string;
  estado_civil: string;
  profesion_ocupacion: string;
  nivel_escolaridad: string;
  ha_hecho_terapia: TriStateValue;
  ha_hecho_psicodelicos: TriStateValue;
  ha_hecho_constelaciones: TriStateValue;
  propuesta_terapia: string;
  whatsapp_mensajeria_consentimiento: TriStateValue;
}

/** An empty form whose phone starts with the practice's dial code (see usePracticeDialCode). */
export const emptyCreatePatientForm = (dialCode: string = DEFAULT_DIAL_CODE): CreatePatientForm => ({
  nombre: '',
  apellido: '',
  email: '',
  dialCode,
  telefono: '',
  edad: '',
  fecha_nacimiento: '',
  estado_civil: '',
  profesion_ocupacion: '',
  nivel_escolaridad: '',
  ha_hecho_terapia: null,
  ha_hecho_psicodelicos: null,
  ha_hecho_constelaciones: null,
  propuesta_terapia: '',
  whatsapp_mensajeria_consentimiento: null,
});

export type CreatePatientErrors = Partial<Record<keyof CreatePatientForm, string>>;

/** The phone field keeps digits only. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** Keys the age input refuses. */
export const BLOCKED_AGE_KEYS: readonly string[] = ['-', '+', 'e', 'E'];

/** The create-patient rules, with the shared ones. */
export function validateCreatePatient(form: CreatePatientForm): CreatePatientErrors {
  const errors: CreatePatientErrors = {};
  const put = (key: keyof CreatePatientForm, message: string | null) => {
    if (message) errors[key] = message;
  };
  put('nombre', nameError(form.nombre, 'nombre'));
  put('apellido', nameError(form.apellido, 'apellido'));
  put('email', emailError(form.email));
  put('telefono', phoneError(form.telefono));
  const edad = form.edad.trim();
  put('edad', edad && !/^\d+$/.test(edad) ? (edad.startsWith('-') ? ageError(-1) : ageError(Number.NaN)) : ageError(edad));
  if (form.fecha_nacimiento && !/^\d{4}-\d{2}-\d{2}$/.test(form.fecha_nacimiento)) {
    errors.fecha_nacimiento = MSG.patients.birthDate;
  } else if (form.fecha_nacimiento && form.fecha_nacimiento > todayIsoDate()) {
    errors.fecha_nacimiento = 'La fecha de nacimiento no puede ser futura';
  }
  return errors;
}

/** What the patient says about themselves, as both the create and the update payloads write it. */
export function profilePayload(form: CreatePatientForm) {
  const edad = form.edad.trim();
  return {
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    edad: edad === '' ? null : Number(edad),
    fecha_nacimiento: form.fecha_nacimiento || null,
    estado_civil: form.estado_civil || null,
    profesion_ocupacion: blankToNull(form.profesion_ocupacion),
    nivel_escolaridad: form.nivel_escolaridad || null,
    // History flags: indeterminate stays null (unknown).
    ha_hecho_terapia: form.ha_hecho_terapia,
    ha_hecho_psicodelicos: form.ha_hecho_psicodelicos,
    ha_hecho_constelaciones: form.ha_hecho_constelaciones,
    propuesta_terapia: blankToNull(form.propuesta_terapia),
    // Consent: indeterminate means no consent.
    whatsapp_mensajeria_consentimiento: form.whatsapp_mensajeria_consentimiento === true,
  };
}

/** The create-patient payload, every field of the patient record. */
export function buildCreatePatientPayload(form: CreatePatientForm, now: Date = new Date()): CreatePatientPayload {
  const digits = digitsOnly(form.telefono);
  return {
    ...profilePayload(form),
    email: normalizeEmail(form.email),
    telefono_paciente: joinPhone(form.dialCode || DEFAULT_DIAL_CODE, digits),
    telefono: digits || null,
    tipo_servicio: null,
    fecha_ingreso: todayIsoDate(now),
    estado_terapia: 'activo',
    notas_terapeuticas: null,
    objetivos_terapia: null,
    plan_tratamiento: null,
  };
}
