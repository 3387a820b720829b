import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MSG, fillMessage } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto, problem } from '../common/errors/error.dto';
import { CreateDraftDto, DraftDto, DraftListItemDto, DraftProgressDto, UpdateDraftDto } from './dto/draft.dto';
import { DraftsService } from './drafts.service';
import { IdParam } from '../common/http/id-param';

/** `preserve_video=true|false`; absent is false. */
function parseFlag(raw: string | undefined, name: string): boolean {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new BadRequestException(problem(fillMessage(MSG.validation.invalid, { campo: name }), 'VALIDATION'));
}

@ApiTags('sesiones-asincronas')
@Controller('sesiones-asincronas')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Borrador o paciente no encontrado (o de otro terapeuta)' })
export class DraftsController {
  constructor(private readonly drafts: DraftsService) {}

  @Post('drafts')
  @ClinicalAccess('borrador', 'creacion')
  @Endpoint({
    summary: 'Crear un borrador de sesión',
    roles: ['terapeuta'],
    description: 'paciente_id es obligatorio; el resto, opcional.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  create(@CurrentUser() user: User, @Body() dto: CreateDraftDto): Promise<DraftDto> {
    return this.drafts.create(user, dto);
  }

  @Get('drafts/paciente/:id')
  @ClinicalAccess('borrador', 'lectura')
  @Endpoint({
    summary: 'Borradores de un paciente',
    roles: ['terapeuta'],
    description:
      'El guardado más reciente primero; sin los que ya son sesiones (`completado`). Cada uno sin los textos largos ' +
      '(la transcripción y los análisis: GET drafts/{id} los tiene), con transcripcion_preview: sus 3 primeras ' +
      'intervenciones, 200 caracteres como mucho.',
  })
  @ApiOkResponse({ type: DraftListItemDto, isArray: true })
  list(@CurrentUser() user: User, @IdParam() patientId: string): Promise<DraftListItemDto[]> {
    return this.drafts.list(user, patientId);
  }

  @Get('drafts/:id')
  @ClinicalAccess('borrador', 'lectura')
  @Endpoint({ summary: 'Un borrador', roles: ['terapeuta'] })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Error: ID de borrador inválido' })
  get(@CurrentUser() user: User, @IdParam() id: string): Promise<DraftDto> {
    return this.drafts.get(user, id);
  }

  @Put('drafts/:id')
  @ClinicalAccess('borrador', 'modificacion')
  @Endpoint({
    summary: 'Guardar un borrador (auto-guardado)',
    roles: ['terapeuta'],
    description:
      'Solo cambian los campos enviados. Mientras un proceso en segundo plano trabaja en el borrador, cambiar la ' +
      'transcripción o los análisis responde 409 DRAFT_BUSY sin cambiar nada. archivo_video_info.estado_upload ' +
      "'subiendo' pone el borrador en `subiendo_video` (si ningún proceso lo tiene); 'completado' o null lo devuelven " +
      'a `borrador`. Un borrador que ya es sesión (`completado`) responde 409 DRAFT_SAVED.',
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'DRAFT_BUSY, DRAFT_SAVED' })
  update(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: UpdateDraftDto): Promise<DraftDto> {
    return this.drafts.update(user, id, dto);
  }

  @Delete('drafts/:id')
  @ClinicalAccess('borrador', 'eliminacion')
  @Endpoint({ summary: 'Eliminar un borrador', roles: ['terapeuta'] })
  @ApiQuery({ name: 'preserve_video', required: false, enum: ['true', 'false'] })
  remove(@CurrentUser() user: User, @IdParam() id: string, @Query('preserve_video') preserveVideo?: string): Promise<DraftDto> {
    return this.drafts.remove(user, id, parseFlag(preserveVideo, 'preserve_video'));
  }

  @Post('cancel/:draftId')
  @ClinicalAccess('borrador', 'modificacion')
  @HttpCode(200)
  @Endpoint({
    summary: 'Cancelar el procesamiento del borrador',
    roles: ['terapeuta'],
    description:
      'Detiene la transcripción o el análisis en curso: el trabajo se detiene en su siguiente paso (en un segundo a lo ' +
      'sumo) sin otra petición al proveedor de IA, y el borrador, con lo que tenía antes del trabajo, pasa a ' +
      '`cancelado`. Desde ahí se edita, se guarda o se vuelve a procesar como cualquier borrador. 409 NOTHING_RUNNING ' +
      'si no hay ningún procesamiento en curso.',
  })
  @ApiOkResponse({ type: DraftProgressDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Error: ID de borrador inválido' })
  @ApiConflictResponse({ type: ErrorDto, description: 'NOTHING_RUNNING: no hay ningún procesamiento en curso' })
  cancel(@CurrentUser() user: User, @IdParam('draftId') id: string): Promise<DraftProgressDto> {
    return this.drafts.cancel(user, id);
  }

  @Get('progress/:draftId')
  @NoClinicalAccess('El estado de un trabajo (etapa y porcentaje), sin contenido clínico; se consulta cada pocos segundos')
  @Endpoint({ summary: 'Estado y progreso de un borrador', roles: ['terapeuta'] })
  progress(@CurrentUser() user: User, @IdParam('draftId') id: string): Promise<DraftProgressDto> {
    return this.drafts.progress(user, id);
  }
}
