import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { PublicAppointment } from '@consulta/shared';
import { NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { PatientCancelDto } from './dto/appointment.dto';
import { PublicAppointmentDto } from './dto/public-appointment.dto';
import { PublicAppointmentsService } from './public-appointments.service';

const TOKEN = { name: 'token', type: String, description: 'El token del enlace del correo de recordatorio.' };
const INVALID = {
  type: ErrorDto,
  description: 'INVALID_LINK: enlace falsificado, alterado, de otra acción o caducado (la cita ya empezó).',
};
/** No signed-in reader to record: the link is the patient's own, as the public registration writes no entry. */
const NO_READER = 'Enlace firmado del correo del propio paciente, sin sesión: no hay lector que registrar';

/**
 * The mailed links of a reminder, without sign-in. Registered before AgendaController (agenda.module.ts), so that
 * nothing under `citas/publica/` is ever read as `citas/{id}`.
 */
@ApiTags('citas')
@Controller('citas/publica')
export class PublicAppointmentsController {
  constructor(private readonly appointments: PublicAppointmentsService) {}

  @Get(':token')
  @NoClinicalAccess(NO_READER)
  @Endpoint({
    summary: 'La cita de un enlace del correo',
    public: true,
    description: 'vigente=false con motivo_no_vigente cuando ya no actúa (cancelada, empezada, movida o demasiado tarde para cancelar).',
  })
  @ApiParam(TOKEN)
  @ApiOkResponse({ type: PublicAppointmentDto })
  @ApiBadRequestResponse(INVALID)
  read(@Param('token') token: string): Promise<PublicAppointment> {
    return this.appointments.read(token);
  }

  @Post(':token/confirmar')
  @HttpCode(200)
  @NoClinicalAccess(NO_READER)
  @Endpoint({ summary: 'Confirmar la asistencia desde el correo', public: true, errors: [409] })
  @ApiParam(TOKEN)
  @ApiOkResponse({ type: PublicAppointmentDto })
  @ApiBadRequestResponse(INVALID)
  confirm(@Param('token') token: string): Promise<PublicAppointment> {
    return this.appointments.confirm(token);
  }

  @Post(':token/cancelar')
  @HttpCode(200)
  @NoClinicalAccess(NO_READER)
  @Endpoint({
    summary: 'Cancelar la cita desde el correo',
    public: true,
    description: 'Hasta PATIENT_CANCEL_HOURS horas antes del inicio; el terapeuta recibe un correo.',
  })
  @ApiParam(TOKEN)
  @ApiOkResponse({ type: PublicAppointmentDto })
  @ApiBadRequestResponse(INVALID)
  @ApiConflictResponse({ type: ErrorDto, description: 'TOO_LATE_TO_CANCEL, ya cancelada, empezada o movida desde el correo.' })
  cancel(@Param('token') token: string, @Body() dto: PatientCancelDto): Promise<PublicAppointment> {
    return this.appointments.cancel(token, dto.motivo);
  }
}
