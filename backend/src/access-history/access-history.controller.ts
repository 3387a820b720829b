import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AccessHistoryGroup, AccessHistoryItem } from '@consulta/shared';
import type { Response } from 'express';
import type { User } from '../auth/entities/user.entity';
import { NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { ListQueryDto } from '../common/http/list-query.dto';
import { contentRange } from '../common/http/ra-list';
import { AccessHistoryService } from './access-history.service';
import { AccessHistoryGroupDto, AccessHistoryItemDto } from './dto/access-history-item.dto';
import { IdParam } from '../common/http/id-param';

@ApiTags('pacientes')
@Controller('pacientes')
export class AccessHistoryController {
  constructor(private readonly history: AccessHistoryService) {}

  @Get('historial-accesos/:id')
  @Endpoint({
    summary: 'Historial de accesos a los datos clínicos de un paciente',
    roles: ['terapeuta'],
    description:
      'Quién leyó o cambió qué y cuándo, desde dónde y con qué resultado; lo más reciente primero. range (sin él, las ' +
      '100 últimas), filter ({"tipo": "sesion"}); cabecera Content-Range.',
  })
  @NoClinicalAccess('Lee el historial, no los datos clínicos; mirarlo no lo alarga')
  @ApiOkResponse({ type: AccessHistoryItemDto, isArray: true })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
  async list(
    @CurrentUser() user: User,
    @IdParam() id: string,
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccessHistoryItem[]> {
    const { items, total, start } = await this.history.list(user, id, query);
    res.setHeader('Content-Range', contentRange('historial-accesos', start, items.length, total));
    return items;
  }

  @Get('historial-accesos/:id/agrupado')
  @Endpoint({
    summary: 'Historial de accesos de un paciente, con las entradas iguales seguidas agrupadas',
    roles: ['terapeuta'],
    description:
      'Las entradas seguidas de la misma persona, con el mismo tipo, acción, resultado, dirección y navegador, cada una ' +
      'como mucho 10 minutos después de la anterior, forman un grupo (de 100 entradas como mucho) con todas sus fechas; ' +
      'el grupo más reciente primero. range y Content-Range cuentan grupos; filter ({"tipo": "sesion"}) como el historial.',
  })
  @NoClinicalAccess('Lee el historial, no los datos clínicos; mirarlo no lo alarga')
  @ApiOkResponse({ type: AccessHistoryGroupDto, isArray: true })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
  async groups(
    @CurrentUser() user: User,
    @IdParam() id: string,
    @Query() query: ListQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccessHistoryGroup[]> {
    const { items, total, start } = await this.history.groups(user, id, query);
    res.setHeader('Content-Range', contentRange('historial-accesos', start, items.length, total));
    return items;
  }
}
