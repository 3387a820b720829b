import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { SessionSearchResult } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { SearchSessionsQueryDto, SessionSearchResultDto } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('busqueda')
@Controller('busqueda')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('sesiones')
  // One entry per search: without paciente_id, one without a patient (no entry per patient found).
  @ClinicalAccess('busqueda', 'lectura')
  @Endpoint({
    summary: 'Buscar en las sesiones de los pacientes',
    roles: ['terapeuta'],
    description:
      'En notas, temas importantes, observaciones, intención, tipo de medicina, transcripción, análisis IA (los dos) y ' +
      'los campos personalizados de texto. Cada palabra es obligatoria, con o sin tildes y en cualquier forma ' +
      '(singular o plural, masculino o femenino); una "frase entre comillas", exacta. Una fila por sesión y campo, ' +
      'con el fragmento que coincide (e inicio_segundos del turno, en la transcripción), las mejores primero.',
  })
  @ApiOkResponse({ type: SessionSearchResultDto, isArray: true })
  @ApiBadRequestResponse({
    type: ErrorDto,
    description: 'q vacío, sin palabras o de más de 200 caracteres; limit o paciente_id no válidos',
  })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
  sessions(@CurrentUser() user: User, @Query() query: SearchSessionsQueryDto): Promise<SessionSearchResult[]> {
    return this.search.sessions(user, query);
  }
}
