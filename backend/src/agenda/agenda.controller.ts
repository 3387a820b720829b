import { BadRequestException, Body, Controller, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto, problem } from '../common/errors/error.dto';
import { IdParam } from '../common/http/id-param';
import { parseRange } from './agenda-range';
import { AgendaService } from './agenda.service';
import { AppointmentDto, AppointmentsDto, CancelAppointmentDto, CreateAppointmentDto, UpdateAppointmentDto } from './dto/appointment.dto';

const OVERLAP = {
  type: ErrorDto,
  description:
    'APPOINTMENT_OVERLAP: se solapa con otra cita no cancelada (`conflictos` las nombra); permitir_solapamiento: true para guardarla igualmente.',
};

@ApiTags('citas')
@Controller('citas')
export class AgendaController {
  constructor(private readonly agenda: AgendaService) {}

  @Get()
  @ClinicalAccess('cita', 'lectura')
  @Endpoint({
    summary: 'Citas del terapeuta en un rango',
    roles: ['terapeuta'],
    errors: [404],
    description:
      'desde y hasta: días AAAA-MM-DD en la zona del terapeuta (ambos incluidos) o instantes con zona; como mucho 92 días. paciente_id: solo las de ese paciente.',
  })
  @ApiQuery({ name: 'desde', required: true, example: '2027-03-15' })
  @ApiQuery({ name: 'hasta', required: true, example: '2027-03-21' })
  @ApiQuery({ name: 'paciente_id', required: false })
  @ApiOkResponse({ type: AppointmentDto, isArray: true })
  list(
    @CurrentUser() user: User,
    @Query('desde') desde?: string,
    @Query('hasta') hasta?: string,
    @Query('paciente_id') pacienteId?: string,
  ): Promise<AppointmentDto[]> {
    const range = parseRange(desde, hasta);
    if ('error' in range) throw new BadRequestException(problem(range.error, 'VALIDATION'));
    return this.agenda.list(user, range, pacienteId);
  }

  @Post()
  @ClinicalAccess('cita', 'creacion')
  @Endpoint({
    summary: 'Crear una cita o una serie',
    roles: ['terapeuta'],
    errors: [404, 409],
    description: 'repetir: semanal, quincenal o mensual (el mismo día de la semana de la misma semana del mes), veces 2-52 o hasta un día.',
  })
  @ApiCreatedResponse({ type: AppointmentsDto })
  @ApiConflictResponse(OVERLAP)
  async create(@CurrentUser() user: User, @Body() dto: CreateAppointmentDto): Promise<AppointmentsDto> {
    return { citas: await this.agenda.create(user, dto) };
  }

  @Patch(':id')
  @ClinicalAccess('cita', 'modificacion')
  @Endpoint({
    summary: 'Cambiar o mover una cita',
    roles: ['terapeuta'],
    errors: [404, 409],
    description:
      'alcance: esta (por defecto) o siguientes (esta y las siguientes de su serie). Mover una cita confirmada la deja programada.',
  })
  @ApiOkResponse({ type: AppointmentsDto })
  @ApiConflictResponse(OVERLAP)
  async update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: UpdateAppointmentDto): Promise<AppointmentsDto> {
    return { citas: await this.agenda.update(user, id, dto) };
  }

  @Post(':id/cancelar')
  @HttpCode(200)
  @ClinicalAccess('cita', 'modificacion')
  @Endpoint({
    summary: 'Cancelar una cita',
    roles: ['terapeuta'],
    errors: [404, 409],
    description: 'alcance: esta o siguientes; avisar_paciente (por defecto true) le envía un correo.',
  })
  @ApiOkResponse({ type: AppointmentsDto })
  async cancel(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: CancelAppointmentDto): Promise<AppointmentsDto> {
    return { citas: await this.agenda.cancel(user, id, dto) };
  }
}
