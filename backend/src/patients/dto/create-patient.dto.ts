import {
  ageError,
  EDUCATION_LEVELS,
  emailError,
  fullPhoneError,
  MARITAL_STATUSES,
  MSG,
  nameError,
  THERAPY_STATUSES,
  type CreatePatientResponse,
} from '@consulta/shared';
import { Check, EmptyAsNull, NullableBoolean, OneOfOrNull, OptionalDate, OptionalText } from '../../common/validation/rules';

const text = (value: unknown): string | null | undefined => (typeof value === 'string' ? value : (value as null | undefined));

/** The create-patient payload (spec 1 §3), checked with the rules of spec 1 §5. */
export class CreatePatientDto {
  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? emailError(text(v)) : MSG.email.format))
  email: string;

  /** Full number: a dial code of the list plus 7-12 digits, e.g. +573001234567. */
  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? fullPhoneError(text(v)) : MSG.phone.invalid))
  telefono_paciente: string;

  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? nameError(text(v), 'nombre') : MSG.name.nombre))
  nombre: string;

  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? nameError(text(v), 'apellido') : MSG.name.apellido))
  apellido: string;

  /** Integer from 0 to 150, or null. */
  @Check((v) => (v === undefined || v === null || typeof v === 'number' ? ageError(v as number | null | undefined) : MSG.age.integer))
  @EmptyAsNull()
  edad?: number | null;

  /** soltero, casado, divorciado, viudo, union_libre or null. */
  @OneOfOrNull(
    MARITAL_STATUSES.map((o) => o.value),
    MSG.patients.maritalStatus,
  )
  @EmptyAsNull()
  estado_civil?: string | null;

  @OptionalText(200)
  profesion_ocupacion?: string | null;

  /** primaria, secundaria, licenciatura, maestria, doctorado or null. */
  @OneOfOrNull(
    EDUCATION_LEVELS.map((o) => o.value),
    MSG.patients.education,
  )
  @EmptyAsNull()
  nivel_escolaridad?: string | null;

  @NullableBoolean()
  ha_hecho_terapia?: boolean | null;

  @NullableBoolean()
  ha_hecho_psicodelicos?: boolean | null;

  @NullableBoolean()
  ha_hecho_constelaciones?: boolean | null;

  @OptionalText(5000)
  propuesta_terapia?: string | null;

  @OptionalText(100)
  tipo_servicio?: string | null;

  /** The local number as typed (optional). */
  @OptionalText(30)
  telefono?: string | null;

  /** Consent to WhatsApp messages about billing and treatment; absent or null means false. */
  @NullableBoolean()
  whatsapp_mensajeria_consentimiento?: boolean | null;

  /** YYYY-MM-DD, not in the future. */
  @OptionalDate(MSG.patients.birthDate, true)
  @EmptyAsNull()
  fecha_nacimiento?: string | null;

  /** YYYY-MM-DD; today when absent. */
  @OptionalDate(MSG.patients.admissionDate)
  @EmptyAsNull()
  fecha_ingreso?: string | null;

  /** activo (default), inactivo or alta. */
  @OneOfOrNull(THERAPY_STATUSES, MSG.patients.therapyStatus)
  @EmptyAsNull()
  estado_terapia?: string | null;

  @OptionalText(20000)
  notas_terapeuticas?: string | null;

  @OptionalText(20000)
  objetivos_terapia?: string | null;

  @OptionalText(20000)
  plan_tratamiento?: string | null;

  /** Ignored unless present: then it must be the signed-in therapist's id. */
  @OptionalText(64)
  @EmptyAsNull()
  terapeuta_id?: string | null;
}

export class CreatePatientResponseDto implements CreatePatientResponse {
  /** The new patient's id (same as patient_id). */
  id: string;
  patient_id: string;
  email: string;
  /** Shown once: the patient must change it at first sign-in. */
  temporary_password: string;
}
