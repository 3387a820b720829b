import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { ConsentOverviewDto, GrantConsentDto, PatientConsentOverviewDto, RevokeConsentDto } from './dto/consent.dto';
import { ConsentsService } from './consents.service';
import { IdParam } from '../common/http/id-param';

const KINDS = 'tipo: grabacion (adjuntar videos), ia (transcripción, análisis y asistente de IA) o whatsapp.';

/** The patient's own consents, in 'Mi Perfil' (registered before the therapist's /pacientes/{id}/ routes). */
@ApiTags('consentimientos')
@Controller('pacientes/perfil/consentimientos')
export class OwnConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get()
  @ClinicalAccess('consentimiento', 'lectura')
  @Endpoint({
    summary: 'Mis consentimientos',
    roles: ['paciente'],
    description: 'vigentes por tipo y cada registro, el más reciente primero (sin las notas del terapeuta).',
  })
  list(@CurrentUser() user: User): Promise<PatientConsentOverviewDto> {
    return this.consents.own(user);
  }

  @Post(':tipo/revocar')
  @HttpCode(200)
  @ClinicalAccess('consentimiento', 'modificacion')
  @Endpoint({
    summary: 'Revocar uno de mis consentimientos',
    roles: ['paciente'],
    description: `${KINDS} Queda registrado como revocado por el paciente, de forma digital.`,
  })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Tipo desconocido' })
  @ApiConflictResponse({ type: ErrorDto, description: 'No está vigente' })
  revoke(@CurrentUser() user: User, @Param('tipo') tipo: string): Promise<PatientConsentOverviewDto> {
    return this.consents.revokeOwn(user, tipo);
  }
}

/** A therapist's record of their patient's consents. */
@ApiTags('consentimientos')
@Controller('pacientes/consentimientos/:id')
@ApiNotFoundResponse({ type: ErrorDto, description: 'Paciente no encontrado (o de otro terapeuta)' })
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get()
  @ClinicalAccess('consentimiento', 'lectura')
  @Endpoint({
    summary: 'Consentimientos del paciente',
    roles: ['terapeuta'],
    description: 'vigentes por tipo y cada registro (quién, cuándo, cómo), el más reciente primero.',
  })
  list(@CurrentUser() user: User, @IdParam() id: string): Promise<ConsentOverviewDto> {
    return this.consents.list(user, id);
  }

  @Post()
  @ClinicalAccess('consentimiento', 'creacion')
  @Endpoint({
    summary: 'Registrar un consentimiento del paciente',
    roles: ['terapeuta'],
    description: `${KINDS} forma: verbal, escrito o digital; nota opcional.`,
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'ALREADY_EXISTS: ya está vigente' })
  grant(@CurrentUser() user: User, @IdParam() id: string, @Body() dto: GrantConsentDto): Promise<ConsentOverviewDto> {
    return this.consents.grant(user, id, dto);
  }

  @Post(':tipo/revocar')
  @HttpCode(200)
  @ClinicalAccess('consentimiento', 'modificacion')
  @Endpoint({
    summary: 'Revocar un consentimiento del paciente',
    roles: ['terapeuta'],
    description: `${KINDS} forma: cómo lo retiró el paciente; nota opcional.`,
  })
  @ApiBadRequestResponse({ type: ErrorDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'No está vigente' })
  revoke(
    @CurrentUser() user: User,
    @IdParam() id: string,
    @Param('tipo') tipo: string,
    @Body() dto: RevokeConsentDto,
  ): Promise<ConsentOverviewDto> {
    return this.consents.revoke(user, id, tipo, dto);
  }
}
