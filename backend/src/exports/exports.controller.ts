import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiGoneResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { DownloadUrlAnswerDto } from '../storage/dto/storage.dto';
import type { User } from '../auth/entities/user.entity';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { PatientExportDto } from './dto/patient-export.dto';
import { ExportsService } from './exports.service';
import { IdParam } from '../common/http/id-param';

const JOB =
  'Responde 202 con la exportación en cola; un trabajo en segundo plano escribe el archivo ZIP (estado, progreso) y la ' +
  'lista dice cuándo está lista. Una a la vez por paciente y persona (409 EXPORT_BUSY).';
const LIST = 'Las exportaciones que pidió quien llama, la más reciente primero (como máximo 10): su estado, no su contenido.';

/** The patient's own export, in 'Mi Perfil' (before the therapist's /pacientes/{id} routes). */
@ApiTags('exportaciones')
@Controller('pacientes/perfil/exportaciones')
export class OwnExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Get()
  @NoClinicalAccess('El estado de las exportaciones del paciente, no su contenido')
  @Endpoint({ summary: 'Mis exportaciones', roles: ['paciente'], description: LIST })
  list(@CurrentUser() user: User): Promise<PatientExportDto[]> {
    return this.exports.listOwn(user);
  }

  @Post()
  @HttpCode(202)
  @ClinicalAccess('exportacion', 'creacion')
  @Endpoint({
    summary: 'Exportar mis datos',
    roles: ['paciente'],
    description: `Mis datos tal como los veo en Consulta (nunca notas del terapeuta). ${JOB}`,
  })
  @ApiConflictResponse({ type: ErrorDto, description: 'EXPORT_BUSY' })
  request(@CurrentUser() user: User): Promise<PatientExportDto> {
    return this.exports.requestOwn(user);
  }
}

/** A therapist's export of one of their patients. */
@ApiTags('exportaciones')
@Controller('pacientes/exportaciones/:id')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
export class PatientExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Get()
  @NoClinicalAccess('El estado de las exportaciones del paciente, no su contenido')
  @Endpoint({ summary: 'Exportaciones del paciente', roles: ['terapeuta'], description: LIST })
  list(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientExportDto[]> {
    return this.exports.list(user, id);
  }

  @Post()
  @HttpCode(202)
  @ClinicalAccess('exportacion', 'creacion')
  @Endpoint({
    summary: 'Exportar todos los datos del paciente',
    roles: ['terapeuta'],
    description: `Ficha, sesiones con transcripciones y análisis, borradores, ejercicios y progreso, consentimientos, historial de accesos y archivos. ${JOB}`,
  })
  @ApiConflictResponse({ type: ErrorDto, description: 'EXPORT_BUSY' })
  request(@CurrentUser() user: User, @IdParam() id: string): Promise<PatientExportDto> {
    return this.exports.request(user, id);
  }
}

/** The archive of a ready export. */
@ApiTags('exportaciones')
@Controller('exportaciones')
export class ExportDownloadsController {
  constructor(private readonly exports: ExportsService) {}

  @Get(':id/descarga')
  @ClinicalAccess('exportacion', 'lectura')
  @Endpoint({
    summary: 'Descargar una exportación',
    roles: ['terapeuta', 'paciente'],
    description: 'Un enlace firmado (1 h) que descarga el ZIP. Solo para quien pidió la exportación.',
  })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Exportación no encontrada (o de otra persona)' })
  @ApiConflictResponse({ type: ErrorDto, description: 'EXPORT_NOT_READY' })
  @ApiGoneResponse({ type: ErrorDto, description: 'EXPORT_EXPIRED: se puede pedir otra' })
  download(@CurrentUser() user: User, @IdParam() id: string): Promise<DownloadUrlAnswerDto> {
    return this.exports.download(user, id);
  }
}
