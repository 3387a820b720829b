import {
  DEFAULT_DIAL_CODE,
  MSG,
  PATIENT_PROFILE_LIMITS,
  blankToNull,
  joinPhone,
  phoneError,
  splitFullPhone,
  todayIsoDate,
  type PatientOwnProfile,
  type PatientOwnProfileUpdate,
} from '@consulta/shared';
import { digitsOnly } from '../../components/patient-profile/patientProfileForm';

/** What the patient edits of 'Mi Perfil': phone, address, birth date, gender, their own notes and photo. */
export interface ProfileForm {
  dialCode: string;
  /** The local digits. */
  telefono: string;
  direccion: string;
  /** YYYY-MM-DD, or '' for none. */
  fecha_nacimiento: string;
  genero: string;
  /** The patient's own notes about themself (their therapist reads them). */
  notas: string;
  /** The photo as it will be stored: an uploaded file's key, an https: URL, or null. */
  foto_perfil: string | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

/** The form of the profile; without a phone it starts at the practice's dial code. */
export function toForm(profile: PatientOwnProfile, dialCode: string = DEFAULT_DIAL_CODE): ProfileForm {
  const phone = splitFullPhone(profile.telefono ?? '');
  return {
    dialCode: phone?.dialCode ?? dialCode,
    telefono: phone?.digits ?? digitsOnly(profile.telefono ?? ''),
    direccion: profile.direccion ?? '',
    fecha_nacimiento: profile.fecha_nacimiento ?? '',
    genero: profile.genero ?? '',
    notas: profile.notas ?? '',
    foto_perfil: profile.foto_perfil,
  };
}

/** YYYY-MM-DD naming a day that exists (not 1990-02-30). */
const isCalendarDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The server's rules: a valid phone (it cannot be emptied), a birth date that is a real day and not ahead, a gender
 * and notes within their lengths.
 */
export function validate(form: ProfileForm, today: string = todayIsoDate()): ProfileErrors {
  const errors: ProfileErrors = {};
  const phone = phoneError(form.telefono);
  if (phone) errors.telefono = form.telefono ? phone : MSG.required.telefono;
  const birth = form.fecha_nacimiento;
  if (birth && (!isCalendarDate(birth) || birth > today || birth < '1900-01-01')) errors.fecha_nacimiento = MSG.patients.birthDate;
  if (form.genero.trim().length > PATIENT_PROFILE_LIMITS.generoMax) errors.genero = MSG.patientArea.generoTooLong;
  if (form.notas.trim().length > PATIENT_PROFILE_LIMITS.notasMax) errors.notas = MSG.patientArea.notasTooLong;
  return errors;
}

/** Only what changed, as PATCH /pacientes/perfil takes it. */
export function toPayload(form: ProfileForm, initial: ProfileForm): PatientOwnProfileUpdate {
  const payload: PatientOwnProfileUpdate = {};
  const phone = joinPhone(form.dialCode, form.telefono);
  if (phone !== joinPhone(initial.dialCode, initial.telefono)) payload.telefono = phone;
  if (form.direccion.trim() !== initial.direccion.trim()) payload.direccion = blankToNull(form.direccion);
  if (form.fecha_nacimiento !== initial.fecha_nacimiento) payload.fecha_nacimiento = form.fecha_nacimiento || null;
  if (form.genero.trim() !== initial.genero.trim()) payload.genero = blankToNull(form.genero);
  if (form.notas.trim() !== initial.notas.trim()) payload.notas = blankToNull(form.notas);
  if (form.foto_perfil !== initial.foto_perfil) payload.foto_perfil = form.foto_perfil;
  return payload;
}
