import { BadRequestException, Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { MSG, fillMessage } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto, problem } from '../common/errors/error.dto';
import { SessionTypeDto, SessionTypePayloadDto } from './dto/session-type.dto';
import { SessionTypesService } from './session-types.service';
import { IdParam } from '../common/http/id-param';

const OWNER = { name: 'terapeuta_id', required: false, description: 'El terapeuta autenticado (otro id: 403).' } as const;

/** `activo=true|false` filters; absent lists all. */
function parseActive(raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new BadRequestException(problem(fillMessage(MSG.validation.invalid, { campo: 'activo' }), 'VALIDATION'));
}

@ApiTags('tipos-sesion')
@Controller('tipos-sesion')
@ApiForbiddenResponse({ type: ErrorDto, description: 'terapeuta_id de otro terapeuta, o rol paciente' })
export class SessionTypesController {
  constructor(private readonly types: SessionTypesService) {}

  @Get()
  @Endpoint({ summary: 'Tipos de sesión del terapeuta', roles: ['terapeuta'], description: 'activo=true: solo los activos (para elegir).' })
  @ApiQuery(OWNER)
  @ApiQuery({ name: 'activo', required: false, enum: ['true', 'false'] })
  list(
    @CurrentUser() user: User,
    @Query('terapeuta_id') terapeutaId?: string,
    @Query('activo') activo?: string,
  ): Promise<SessionTypeDto[]> {
    this.types.assertOwner(user, terapeutaId);
    return this.types.list(user, parseActive(activo));
  }

  @Get(':id')
  @Endpoint({ summary: 'Un tipo de sesión', roles: ['terapeuta'] })
  @ApiQuery(OWNER)
  @ApiNotFoundResponse({ type: ErrorDto })
  get(@CurrentUser() user: User, @IdParam() id: string, @Query('terapeuta_id') terapeutaId?: string): Promise<SessionTypeDto> {
    this.types.assertOwner(user, terapeutaId);
    return this.types.get(user, id);
  }

  @Post()
  @Endpoint({ summary: 'Crear tipo de sesión', roles: ['terapeuta'] })
  @ApiQuery(OWNER)
  @ApiBadRequestResponse({ type: ErrorDto })
  create(
    @CurrentUser() user: User,
    @Body() dto: SessionTypePayloadDto,
    @Query('terapeuta_id') terapeutaId?: string,
  ): Promise<SessionTypeDto> {
    this.types.assertOwner(user, terapeutaId);
    return this.types.create(user, dto);
  }

  @Put(':id')
  @Endpoint({ summary: 'Actualizar tipo de sesión', roles: ['terapeuta'] })
  @ApiQuery(OWNER)
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(
    @CurrentUser() user: User,
    @IdParam() id: string,
    @Body() dto: SessionTypePayloadDto,
    @Query('terapeuta_id') terapeutaId?: string,
  ): Promise<SessionTypeDto> {
    this.types.assertOwner(user, terapeutaId);
    return this.types.update(user, id, dto);
  }

  @Delete(':id')
  @Endpoint({
    summary: 'Eliminar tipo de sesión',
    roles: ['terapeuta'],
    description: 'Lo archiva: desaparece de las listas y las sesiones que lo usan lo siguen leyendo.',
  })
  @ApiQuery(OWNER)
  @ApiNotFoundResponse({ type: ErrorDto })
  remove(@CurrentUser() user: User, @IdParam() id: string, @Query('terapeuta_id') terapeutaId?: string): Promise<SessionTypeDto> {
    this.types.assertOwner(user, terapeutaId);
    return this.types.remove(user, id);
  }
}
