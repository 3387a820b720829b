import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  QUESTIONNAIRE_CODES,
  QUESTIONNAIRES,
  type Questionnaire,
  type QuestionnaireAssignment,
  type QuestionnaireResult,
} from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { IdParam } from '../common/http/id-param';
import { AssignQuestionnaireDto, QuestionnaireAssignmentDto, QuestionnaireDto, QuestionnaireResultDto } from './dto/questionnaire.dto';
import { QuestionnairesService } from './questionnaires.service';

const CATALOGUE: Questionnaire[] = QUESTIONNAIRE_CODES.map((code) => QUESTIONNAIRES[code]);

@ApiTags('cuestionarios')
@Controller('cuestionarios')
export class QuestionnairesController {
  constructor(private readonly questionnaires: QuestionnairesService) {}

  @Get()
  @NoClinicalAccess('El catálogo de escalas: ningún dato de un paciente')
  @Endpoint({ summary: 'Catálogo de cuestionarios', roles: ['terapeuta', 'paciente'] })
  @ApiOkResponse({ type: QuestionnaireDto, isArray: true })
  catalogue(): Questionnaire[] {
    return CATALOGUE;
  }

  @Post('asignaciones')
  @ClinicalAccess('cuestionario', 'creacion')
  @Endpoint({
    summary: 'Asignar un cuestionario a un paciente',
    roles: ['terapeuta'],
    errors: [404],
    description: 'Pendiente desde hoy; frecuencia_dias 0 (una vez), 7, 14 o 28; hasta: último día en que puede tocar.',
  })
  @ApiCreatedResponse({ type: QuestionnaireAssignmentDto })
  assign(@CurrentUser() user: User, @Body() dto: AssignQuestionnaireDto): Promise<QuestionnaireAssignment> {
    return this.questionnaires.assign(user, dto);
  }

  @Get('asignaciones')
  @ClinicalAccess('cuestionario', 'lectura')
  @Endpoint({ summary: 'Cuestionarios asignados a un paciente', roles: ['terapeuta'], errors: [404] })
  @ApiQuery({ name: 'paciente_id', required: true })
  @ApiOkResponse({ type: QuestionnaireAssignmentDto, isArray: true })
  assignments(@CurrentUser() user: User, @Query('paciente_id') pacienteId?: string): Promise<QuestionnaireAssignment[]> {
    return this.questionnaires.assignments(user, pacienteId);
  }

  @Delete('asignaciones/:id')
  @ClinicalAccess('cuestionario', 'modificacion')
  @Endpoint({ summary: 'Dejar de pedir un cuestionario', roles: ['terapeuta'], errors: [404], description: 'Sus resultados se conservan.' })
  @ApiOkResponse({ type: QuestionnaireAssignmentDto })
  stop(@CurrentUser() user: User, @IdParam() id: string): Promise<QuestionnaireAssignment> {
    return this.questionnaires.stop(user, id);
  }

  @Get('resultados/:pacienteId')
  @ClinicalAccess('cuestionario', 'lectura')
  @Endpoint({ summary: 'Resultados de un paciente', roles: ['terapeuta'], errors: [404], description: 'Del más antiguo al más reciente.' })
  @ApiOkResponse({ type: QuestionnaireResultDto, isArray: true })
  results(@CurrentUser() user: User, @Param('pacienteId') pacienteId: string): Promise<QuestionnaireResult[]> {
    return this.questionnaires.results(user, pacienteId);
  }

  @Post('resultados/:id/revisar')
  @HttpCode(200)
  @ClinicalAccess('cuestionario', 'modificacion')
  @Endpoint({
    summary: 'Marcar un resultado como revisado',
    roles: ['terapeuta'],
    errors: [404],
    description: 'Quita la alerta de seguridad.',
  })
  @ApiOkResponse({ type: QuestionnaireResultDto })
  review(@CurrentUser() user: User, @IdParam() id: string): Promise<QuestionnaireResult> {
    return this.questionnaires.review(user, id);
  }
}
