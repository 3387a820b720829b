import { AGE_MAX, AGE_MIN, ageError, EDUCATION_LEVELS, MARITAL_STATUSES, MSG } from '@consulta/shared';
import { Check, EmptyAsNull, NullableBoolean, OneOfOrNull, OptionalDate, OptionalText } from '../../common/validation/rules';

/** What patients tell about themselves: the optional fields of create-patient and of the invited registration. */
export class PatientProfileDto {
  /** Integer from 0 to 150, or null. */
  @Check((v) => (v === undefined || v === null || typeof v === 'number' ? ageError(v as number | null | undefined) : MSG.age.integer), {
    type: 'integer',
    minimum: AGE_MIN,
    maximum: AGE_MAX,
    required: false,
    nullable: true,
  })
  @EmptyAsNull()
  edad?: number | null;

  /** soltero, casado, divorciado, viudo, union_libre or null. */
  @OneOfOrNull(MARITAL_STATUSES.map((o) => o.value), MSG.patients.maritalStatus)
  @EmptyAsNull()
  estado_civil?: string | null;

  @OptionalText(200)
  profesion_ocupacion?: string | null;

  /** primaria, secundaria, licenciatura, maestria, doctorado or null. */
  @OneOfOrNull(EDUCATION_LEVELS.map((o) => o.value), MSG.patients.education)
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

  /** Consent to WhatsApp messages about billing and treatment; absent or null means false. */
  @NullableBoolean()
  whatsapp_mensajeria_consentimiento?: boolean | null;

  /** YYYY-MM-DD, not in the future. */
  @OptionalDate(MSG.patients.birthDate, true)
  @EmptyAsNull()
  fecha_nacimiento?: string | null;
}
