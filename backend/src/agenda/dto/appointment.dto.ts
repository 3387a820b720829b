import {
  AGENDA_LIMITS,
  APPOINTMENT_MODES,
  APPOINTMENT_SCOPES,
  APPOINTMENT_STATES,
  fillMessage,
  MSG,
  SERIES_FREQUENCIES,
  type Appointment,
  type AppointmentConflict,
  type AppointmentMode,
  type AppointmentPatient,
  type AppointmentRepeat,
  type AppointmentScope,
  type AppointmentState,
  type AppointmentTimes,
  type CancelAppointmentPayload,
  type CancelledBy,
  type CreateAppointmentPayload,
  type PatientAppointment,
  type PatientAppointmentsResponse,
  type SeriesFrequency,
  type UpdateAppointmentPayload,
} from '@consulta/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateIf, ValidateNested } from 'class-validator';
import { Check, NullableBoolean, OneOf, OneOfOrNull, OptionalText, RequiredId } from '../../common/validation/rules';
import { isDay, parseInstant } from '../agenda-time';

const { minMinutes, maxMinutes, seriesMin, seriesMax } = AGENDA_LIMITS;
const durationMessage = fillMessage(MSG.agenda.duration, { min: minMinutes, max: maxMinutes });
const isAbsent = (v: unknown) => v === undefined || v === null;

const INSTANT_FACET = { type: 'string', format: 'date-time', example: '2027-03-16T10:00:00+01:00' } as const;
const instantRule = (value: unknown) => (parseInstant(value) ? null : MSG.agenda.startOffset);
const durationRule = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= minMinutes && (value as number) <= maxMinutes ? null : durationMessage;
const DURATION_FACET = { type: 'integer', minimum: minMinutes, maximum: maxMinutes } as const;
/** The states a PATCH may set: cancelling has its own action (a reason, who cancelled, the patient told). */
const SETTABLE_STATES: readonly AppointmentState[] = APPOINTMENT_STATES.filter((s) => s !== 'cancelada');

export class AppointmentRepeatDto implements AppointmentRepeat {
  @OneOf(SERIES_FREQUENCIES, MSG.agenda.frequency)
  frecuencia: SeriesFrequency;

  @Check(
    (value, args) => {
      if ((args.object as AppointmentRepeat).hasta !== undefined && !isAbsent(value)) return MSG.agenda.repeatOne;
      if (isAbsent(value)) return isAbsent((args.object as AppointmentRepeat).hasta) ? MSG.agenda.repeatOne : null;
      return Number.isInteger(value) && (value as number) >= seriesMin && (value as number) <= seriesMax
        ? null
        : fillMessage(MSG.agenda.repeatCount, { min: seriesMin, max: seriesMax });
    },
    { type: 'integer', minimum: seriesMin, maximum: seriesMax, required: false, description: 'Citas en total (o `hasta`).' },
  )
  veces?: number;

  @Check((value) => (isAbsent(value) || isDay(value) ? null : MSG.agenda.repeatUntil), {
    type: 'string',
    format: 'date',
    required: false,
    description: 'Último día (incluido), en la zona del terapeuta (o `veces`).',
  })
  hasta?: string;
}

/** Body of POST /citas. */
export class CreateAppointmentDto implements CreateAppointmentPayload {
  @RequiredId(MSG.agenda.patientRequired)
  paciente_id: string;

  @Check(instantRule, { ...INSTANT_FACET, required: true })
  inicio: string;

  @Check(durationRule, { ...DURATION_FACET, required: true })
  duracion_minutos: number;

  @OneOf(APPOINTMENT_MODES, MSG.agenda.mode)
  modalidad: AppointmentMode;

  @OptionalText(AGENDA_LIMITS.placeMax)
  lugar_o_enlace?: string | null;

  @OptionalText(AGENDA_LIMITS.notesMax)
  notas?: string | null;

  @ApiProperty({ type: AppointmentRepeatDto, required: false, nullable: true })
  @ValidateIf((o: CreateAppointmentDto) => o.repetir !== undefined && o.repetir !== null)
  @ValidateNested()
  @IsObject({ message: MSG.agenda.frequency })
  @Type(() => AppointmentRepeatDto)
  repetir?: AppointmentRepeatDto | null;

  @NullableBoolean()
  permitir_solapamiento?: boolean;
}

/** Body of PATCH /citas/{id}. */
export class UpdateAppointmentDto implements UpdateAppointmentPayload {
  @Check((v) => (v === undefined ? null : instantRule(v)), { ...INSTANT_FACET, required: false })
  inicio?: string;

  @Check((v) => (v === undefined ? null : durationRule(v)), { ...DURATION_FACET, required: false })
  duracion_minutos?: number;

  @Check((v) => (v === undefined || APPOINTMENT_MODES.includes(v as AppointmentMode) ? null : MSG.agenda.mode), {
    type: 'string',
    enum: [...APPOINTMENT_MODES],
    required: false,
  })
  modalidad?: AppointmentMode;

  @OptionalText(AGENDA_LIMITS.placeMax)
  lugar_o_enlace?: string | null;

  @OptionalText(AGENDA_LIMITS.notesMax)
  notas?: string | null;

  @Check((v) => (v === undefined || SETTABLE_STATES.includes(v as AppointmentState) ? null : MSG.agenda.state), {
    type: 'string',
    enum: [...SETTABLE_STATES],
    required: false,
  })
  estado?: AppointmentState;

  @OneOfOrNull(APPOINTMENT_SCOPES, MSG.agenda.scope)
  alcance?: AppointmentScope;

  @NullableBoolean()
  permitir_solapamiento?: boolean;
}

/** Body of POST /citas/{id}/cancelar. */
export class CancelAppointmentDto implements CancelAppointmentPayload {
  @OptionalText(AGENDA_LIMITS.reasonMax)
  motivo?: string | null;

  @OneOfOrNull(APPOINTMENT_SCOPES, MSG.agenda.scope)
  alcance?: AppointmentScope;

  @NullableBoolean()
  avisar_paciente?: boolean;
}

/** Body of the patient's cancellation (their area, or the mailed link). */
export class PatientCancelDto {
  @OptionalText(AGENDA_LIMITS.reasonMax)
  motivo?: string | null;
}

export class AppointmentPatientDto implements AppointmentPatient {
  nombre: string;
  apellido: string;
}

/** When, how and in what state: what every answer about an appointment says (the therapist's, the patient's, the link's). */
export class AppointmentTimesDto implements AppointmentTimes {
  @ApiProperty({ format: 'date-time' })
  inicio: string;
  @ApiProperty({ format: 'date-time' })
  fin: string;
  duracion_minutos: number;
  @ApiProperty({ enum: APPOINTMENT_MODES })
  modalidad: AppointmentMode;
  lugar_o_enlace: string | null;
  @ApiProperty({ enum: APPOINTMENT_STATES })
  estado: AppointmentState;
}

export class AppointmentDto extends AppointmentTimesDto implements Appointment {
  id: string;
  paciente_id: string;
  paciente: AppointmentPatientDto;
  serie_id: string | null;
  sesion_id: string | null;
  /** Solo del terapeuta. */
  notas: string | null;
  @ApiProperty({ enum: ['terapeuta', 'paciente'], nullable: true, type: String })
  cancelada_por: CancelledBy | null;
  motivo_cancelacion: string | null;
  confirmada_en: string | null;
  recordatorio_enviado_en: string | null;
}

/** The patient's own appointment ('Mis citas'): never the therapist's notes. */
export class PatientAppointmentDto extends AppointmentTimesDto implements PatientAppointment {
  id: string;
  @ApiProperty({ enum: ['terapeuta', 'paciente'], nullable: true, type: String })
  cancelada_por: CancelledBy | null;
  motivo_cancelacion: string | null;
  confirmada_en: string | null;
  terapeuta_nombre: string;
  puede_cancelar: boolean;
  puede_confirmar: boolean;
}

export class PatientAppointmentsDto implements PatientAppointmentsResponse {
  zona_horaria: string;
  horas_cancelacion: number;
  @ApiProperty({ type: [PatientAppointmentDto] })
  proximas: PatientAppointmentDto[];
  @ApiProperty({ type: [PatientAppointmentDto] })
  pasadas: PatientAppointmentDto[];
}

export class AppointmentsDto {
  @ApiProperty({ type: [AppointmentDto] })
  citas: AppointmentDto[];
}

export class AppointmentConflictDto implements AppointmentConflict {
  id: string;
  inicio: string;
  fin: string;
  paciente: AppointmentPatientDto;
}
