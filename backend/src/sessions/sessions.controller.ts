import { Body, Controller, Delete, Get, Patch, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { CreateSessionDto, SessionDto, SessionSummaryDto, UpdateSessionDto } from './dto/session.dto';
import { SessionsService } from './sessions.service';
import { DownloadUrlAnswerDto } from '../storage/dto/storage.dto';
import { IdParam } from '../common/http/id-param';

@ApiTags('sesiones')
@Controller('sesiones')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente, sesión, borrador o tipo de sesión no encontrado (o de otro terapeuta)' })
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get('paciente/:id')
  @ClinicalAccess('sesion', 'lectura')
  @Endpoint({
    summary: 'Sesiones de un paciente',
    roles: ['terapeuta'],
    description:
      'Del número más alto al más bajo, lo que muestra cada fila (fecha, número, duración, tipo); los textos, la ' +
      'transcripción y los análisis, con GET /sesiones/{id}. tiene_transcripcion, tiene_analisis_ia y ' +
      'tiene_analisis_ia_paciente dicen si existen.',
  })
  list(@CurrentUser() user: User, @IdParam() patientId: string): Promise<SessionSummaryDto[]> {
    return this.sessions.list(user, patientId);
  }

  @Get('paciente/sesion/:id/download-video')
  @ClinicalAccess('archivo', 'lectura')
  @Endpoint({
    summary: 'Descargar el video de una sesión propia',
    roles: ['paciente'],
    description: 'download_url firmada (1 h) y filename.',
  })
  patientVideo(@CurrentUser() user: User, @IdParam() id: string): Promise<DownloadUrlAnswerDto> {
    return this.sessions.downloadVideo(user, id);
  }

  @Get(':id/download-video')
  @ClinicalAccess('archivo', 'lectura')
  @Endpoint({
    summary: 'Descargar el video de una sesión',
    roles: ['terapeuta'],
    description: 'download_url firmada (1 h; también se reproduce en un <video>) y filename.',
  })
  video(@CurrentUser() user: User, @IdParam() id: string): Promise<DownloadUrlAnswerDto> {
    return this.sessions.downloadVideo(user, id);
  }

  @Get(':id')
  @ClinicalAccess('sesion', 'lectura')
  @Endpoint({ summary: 'Una sesión', roles: ['terapeuta'] })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<SessionDto> {
    return this.sessions.get(user, id);
  }

  @Post()
  @ClinicalAccess('sesion', 'creacion')
  @Endpoint({
    summary: 'Registrar una sesión',
    roles: ['terapeuta'],
    description:
      'numero_sesion: el más alto del paciente + 1 si no se indica. psicoterapia exige notas; psicodelica, intencion y ' +
      'tipo_medicina; un tipo personalizado (tipo_sesion_id), sus campos requeridos en campos_datos. Con draft_id, el ' +
      'borrador se elimina en la misma transacción.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'Ese número de sesión ya existe para el paciente (ALREADY_EXISTS)' })
  create(@CurrentUser() user: User, @Body() dto: CreateSessionDto): Promise<SessionDto> {
    return this.sessions.create(user, dto);
  }

  @Put(':id')
  @ClinicalAccess('sesion', 'modificacion')
  @Endpoint({ summary: 'Actualizar una sesión', roles: ['terapeuta'], description: 'Solo cambian los campos enviados (como PATCH).' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto })
  replace(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: UpdateSessionDto): Promise<SessionDto> {
    return this.sessions.update(user, id, dto);
  }

  @Patch(':id')
  @ClinicalAccess('sesion', 'modificacion')
  @Endpoint({ summary: 'Actualizar una sesión', roles: ['terapeuta'], description: 'Solo cambian los campos enviados.' })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto })
  update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: UpdateSessionDto): Promise<SessionDto> {
    return this.sessions.update(user, id, dto);
  }

  @Delete(':id')
  @ClinicalAccess('sesion', 'eliminacion')
  @Endpoint({ summary: 'Eliminar una sesión', roles: ['terapeuta'], description: 'No se puede deshacer.' })
  remove(@CurrentUser() user: User, @IdParam() id: string): Promise<SessionDto> {
    return this.sessions.remove(user, id);
  }
}
