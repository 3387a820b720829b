import { ApiHideProperty } from '@nestjs/swagger';
import { fullPhoneError, MSG, nameError, THERAPY_STATUSES, type PatientUpdatePayload } from '@consulta/shared';
import { Check, EmptyAsNull, OptionalDate, OptionalDateTime, OptionalText } from '../../common/validation/rules';
import { PatientProfileDto } from './patient-profile.dto';

const absentOr = (check: (v: unknown) => string | null) => (v: unknown) => (v === undefined ? null : check(v));

/**
 * PATCH /pacientes/{id}: the therapy fields and the personal fields the therapist may correct. Only the fields
 * sent change. Not the e-mail (the patient's sign-in) nor terapeuta_id.
 */
export class UpdatePatientDto extends PatientProfileDto implements PatientUpdatePayload {
  @Check(absentOr((v) => (typeof v === 'string' ? nameError(v, 'nombre') : MSG.name.nombre)))
  nombre?: string;

  @Check(absentOr((v) => (typeof v === 'string' ? nameError(v, 'apellido') : MSG.name.apellido)))
  apellido?: string;

  /** Full number: a dial code of the list plus 7-12 digits. */
  @Check(absentOr((v) => (typeof v === 'string' ? fullPhoneError(v) : MSG.phone.invalid)))
  telefono_paciente?: string;

  @OptionalText(30)
  telefono?: string | null;

  @OptionalText(100)
  tipo_servicio?: string | null;

  @OptionalDate(MSG.patients.admissionDate)
  @EmptyAsNull()
  fecha_ingreso?: string | null;

  /** activo, inactivo or alta. */
  @Check(absentOr((v) => (THERAPY_STATUSES.includes(v as never) ? null : MSG.patients.therapyStatus)), {
    enum: [...THERAPY_STATUSES],
    required: false,
  })
  estado_terapia?: string;

  @OptionalText(20000)
  propuesta_terapia?: string | null;

  @OptionalText(20000)
  objetivos_terapia?: string | null;

  @OptionalText(20000)
  plan_tratamiento?: string | null;

  @OptionalText(20000)
  notas_terapeuticas?: string | null;

  /**
   * Accepted and ignored, for the clients written before the agenda: `proxima_cita` is now the start of the patient's
   * next appointment in the agenda (POST /citas), never a date typed apart.
   */
  @OptionalDateTime(MSG.patientRecord.proximaCita)
  @EmptyAsNull()
  proxima_cita?: string | null;

  /** Refused with a clear message: the e-mail is the patient's sign-in. */
  @ApiHideProperty()
  @Check(absentOr(() => MSG.patientRecord.emailNotEditable))
  email?: unknown;
}
