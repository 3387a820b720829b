import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PatientAppointment, PatientAppointmentsResponse } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { IdParam } from '../common/http/id-param';
import { PatientAppointmentDto, PatientAppointmentsDto, PatientCancelDto } from './dto/appointment.dto';
import { PatientAppointmentsService } from './patient-appointments.service';

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
