import {
  ASKABLE_CONSENT_KINDS,
  CONSENT_NOTE_MAX,
  emailError,
  fullPhoneError,
  initialConsentsError,
  MSG,
  nameError,
  RECORDABLE_CONSENT_FORMS,
  THERAPY_STATUSES,
  type CreatePatientResponse,
  type InitialConsent,
} from '@consulta/shared';
import { Check, EmptyAsNull, OneOfOrNull, OptionalDate, OptionalText } from '../../common/validation/rules';
import { PatientProfileDto } from './patient-profile.dto';

const text = (value: unknown): string | null | undefined => (typeof value === 'string' ? value : (value as null | undefined));

/** The create-patient payload, checked with the contact, name and age rules of @consulta/shared. */
export class CreatePatientDto extends PatientProfileDto {
  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? emailError(text(v)) : MSG.email.format))
  email: string;

  /** Full number: a dial code of the list plus 7-12 digits, e.g. +573001234567. */
  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? fullPhoneError(text(v)) : MSG.phone.invalid))
  telefono_paciente: string;

  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? nameError(text(v), 'nombre') : MSG.name.nombre))
  nombre: string;

  @Check((v) => (v === undefined || v === null || typeof v === 'string' ? nameError(text(v), 'apellido') : MSG.name.apellido))
  apellido: string;

  @OptionalText(100)
  tipo_servicio?: string | null;

  /** The local number as typed (optional). */
  @OptionalText(30)
  telefono?: string | null;

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

  /** Consents taken with the patient: recorded in the same transaction, by the therapist, dated now. */
  @Check(initialConsentsError, {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['tipo', 'forma'],
      properties: {
        tipo: { type: 'string', enum: [...ASKABLE_CONSENT_KINDS] },
        forma: { type: 'string', enum: [...RECORDABLE_CONSENT_FORMS] },
        nota: { type: 'string', nullable: true, maxLength: CONSENT_NOTE_MAX },
      },
    },
    maxItems: ASKABLE_CONSENT_KINDS.length,
    required: false,
    nullable: true,
    description:
      'Consentimientos que el paciente dio al terapeuta (grabacion, ia; forma verbal, escrito o digital; nota opcional), uno por tipo: se registran con el paciente, por el terapeuta, con fecha de hoy.',
  })
  consentimientos?: InitialConsent[] | null;
}

export class CreatePatientResponseDto implements CreatePatientResponse {
  /** The new patient's id (same as patient_id). */
  id: string;
  patient_id: string;
  email: string;
  /** Shown once: the patient must change it at first sign-in. */
  temporary_password: string;
}
