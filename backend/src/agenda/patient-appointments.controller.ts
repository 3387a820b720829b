import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import {
  APPOINTMENT_MODES,
  APPOINTMENT_STATES,
  type AppointmentMode,
  type AppointmentState,
  type CancelledBy,
  type PatientAppointment,
  type PatientAppointmentsResponse,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { IdParam } from '../common/http/id-param';
import { PatientCancelDto } from './dto/appointment.dto';
import { PatientAppointmentsService } from './patient-appointments.service';

export class PatientAppointmentDto implements PatientAppointment {
  id: string;
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

@ApiTags('pacientes')
@Controller('pacientes/perfil/citas')
export class PatientAppointmentsController {
  constructor(private readonly appointments: PatientAppointmentsService) {}

  @Get()
  @ClinicalAccess('cita', 'lectura')
  @Endpoint({
    summary: 'Mis citas',
    roles: ['paciente'],
    description: 'Las próximas y las de los últimos 30 días, en la zona horaria del terapeuta.',
  })
  @ApiOkResponse({ type: PatientAppointmentsDto })
  list(@CurrentUser() user: User): Promise<PatientAppointmentsResponse> {
    return this.appointments.list(user);
  }

  @Post(':id/confirmar')
  @HttpCode(200)
  @ClinicalAccess('cita', 'modificacion')
  @Endpoint({ summary: 'Confirmar mi cita', roles: ['paciente'], errors: [404, 409] })
  @ApiOkResponse({ type: PatientAppointmentDto })
  confirm(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientAppointment> {
    return this.appointments.confirm(user, id);
  }

  @Post(':id/cancelar')
  @HttpCode(200)
  @ClinicalAccess('cita', 'modificacion')
  @Endpoint({
    summary: 'Cancelar mi cita',
    roles: ['paciente'],
    errors: [404, 409],
    description: 'Hasta PATIENT_CANCEL_HOURS horas antes del inicio; después, 409 TOO_LATE_TO_CANCEL (contacta con tu terapeuta).',
  })
  @ApiOkResponse({ type: PatientAppointmentDto })
  cancel(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: PatientCancelDto): Promise<PatientAppointment> {
    return this.appointments.cancel(user, id, dto.motivo);
  }
}
