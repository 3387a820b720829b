import {
  DEFAULT_DIAL_CODE,
  MSG,
  blankToNull,
  THERAPY_STATUSES,
  joinPhone,
  splitFullPhone,
  type PatientDetail,
  type PatientUpdatePayload,
} from '@consulta/shared';
import {
  digitsOnly,
  profilePayload,
  validateCreatePatient,
  type CreatePatientForm,
} from '../../../components/patient-profile/patientProfileForm';

/**
 * The therapist's edit form of a patient record (PATCH /pacientes/{id}): the profile fields of 'Nuevo Paciente'
 * plus the therapy fields. Only the fields that changed are sent. The next appointment is not among them: the agenda
 * answers it (read-only here, changed in the patient's 'Citas').
 */
export interface PatientRecordForm extends CreatePatientForm {
  fecha_ingreso: string;
  estado_terapia: string;
  tipo_servicio: string;
  objetivos_terapia: string;
  plan_tratamiento: string;
  notas_terapeuticas: string;
}

export type PatientRecordErrors = Partial<Record<keyof PatientRecordForm, string>>;

/** Limits of the server (PATCH /pacientes/{id}). */
export const RECORD_LIMITS = { serviceType: 100, longText: 20_000 } as const;

const text = (value: string | null | undefined) => value ?? '';
const dateOnly = (value: string | null | undefined) => (value ?? '').slice(0, 10);

/** The form of a patient as the server answers it; a record without a phone starts at the practice's dial code. */
export function toForm(patient: PatientDetail, dialCode: string = DEFAULT_DIAL_CODE): PatientRecordForm {
  const phone = splitFullPhone(patient.telefono_paciente ?? '');
  return {
    nombre: text(patient.nombre),
    apellido: text(patient.apellido),
    email: text(patient.email),
    dialCode: phone?.dialCode ?? dialCode,
    telefono: phone?.digits ?? digitsOnly(patient.telefono ?? ''),
    edad: patient.edad === null || patient.edad === undefined ? '' : String(patient.edad),
    fecha_nacimiento: dateOnly(patient.fecha_nacimiento),
    estado_civil: text(patient.estado_civil),
    profesion_ocupacion: text(patient.profesion_ocupacion),
    nivel_escolaridad: text(patient.nivel_escolaridad),
    ha_hecho_terapia: patient.ha_hecho_terapia ?? null,
    ha_hecho_psicodelicos: patient.ha_hecho_psicodelicos ?? null,
    ha_hecho_constelaciones: patient.ha_hecho_constelaciones ?? null,
    propuesta_terapia: text(patient.propuesta_terapia),
    whatsapp_mensajeria_consentimiento: patient.whatsapp_mensajeria_consentimiento === true,
    fecha_ingreso: dateOnly(patient.fecha_ingreso),
    estado_terapia: text(patient.estado_terapia),
    tipo_servicio: text(patient.tipo_servicio),
    objetivos_terapia: text(patient.objetivos_terapia),
    plan_tratamiento: text(patient.plan_tratamiento),
    notas_terapeuticas: text(patient.notas_terapeuticas),
  };
}

/**
 * The rules of 'Nuevo Paciente' (shared with the server) plus the therapy fields. The e-mail is not edited here;
 * a patient recorded without a phone may stay without one.
 */
export function validate(form: PatientRecordForm, initial: PatientRecordForm): PatientRecordErrors {
  const errors: PatientRecordErrors = validateCreatePatient(form);
  delete errors.email;
  if (!form.telefono && !initial.telefono) delete errors.telefono;
  if (!THERAPY_STATUSES.includes(form.estado_terapia as never)) errors.estado_terapia = MSG.patients.therapyStatus;
  if (form.fecha_ingreso && !/^\d{4}-\d{2}-\d{2}$/.test(form.fecha_ingreso)) errors.fecha_ingreso = MSG.patients.admissionDate;
  return errors;
}

export const hasErrors = (errors: PatientRecordErrors): boolean => Object.keys(errors).length > 0;

/** Every editable field of the form as the PATCH payload writes it. */
function fullPayload(form: PatientRecordForm): PatientUpdatePayload {
  const digits = digitsOnly(form.telefono);
  return {
    ...profilePayload(form),
    // No number typed: nothing to send (the server requires a full number when the field is sent).
    telefono_paciente: digits ? joinPhone(form.dialCode || DEFAULT_DIAL_CODE, digits) : undefined,
    telefono: digits || undefined,
    fecha_ingreso: form.fecha_ingreso || null,
    estado_terapia: form.estado_terapia,
    tipo_servicio: blankToNull(form.tipo_servicio),
    objetivos_terapia: blankToNull(form.objetivos_terapia),
    plan_tratamiento: blankToNull(form.plan_tratamiento),
    notas_terapeuticas: blankToNull(form.notas_terapeuticas),
  };
}

/** The PATCH payload: only the fields whose value differs from the record as it was loaded. */
export function toPayload(form: PatientRecordForm, initial: PatientRecordForm): PatientUpdatePayload {
  const after = fullPayload(form);
  const before = fullPayload(initial);
  const changed = (Object.keys(after) as (keyof PatientUpdatePayload)[]).filter(
    (key) => after[key] !== undefined && after[key] !== before[key],
  );
  return Object.fromEntries(changed.map((key) => [key, after[key]])) as PatientUpdatePayload;
}
