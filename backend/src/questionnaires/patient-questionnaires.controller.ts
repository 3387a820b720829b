import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { PatientQuestionnairesResponse, QuestionnaireAnswerResponse } from '@consulta/shared';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { AnswerQuestionnaireDto, PatientQuestionnairesDto, QuestionnaireAnswerDto } from './dto/questionnaire.dto';
import { PatientQuestionnairesService } from './patient-questionnaires.service';

@ApiTags('pacientes')
@Controller('pacientes/perfil/cuestionarios')
export class PatientQuestionnairesController {
  constructor(private readonly questionnaires: PatientQuestionnairesService) {}

  @Get()
  @ClinicalAccess('cuestionario', 'lectura')
  @Endpoint({ summary: 'Mis cuestionarios', roles: ['paciente'], description: 'Los pendientes y mis resultados (puntuación y gravedad).' })
  @ApiOkResponse({ type: PatientQuestionnairesDto })
  list(@CurrentUser() user: User): Promise<PatientQuestionnairesResponse> {
    return this.questionnaires.list(user);
  }

  @Post(':asignacionId/respuestas')
  @ClinicalAccess('cuestionario', 'creacion')
  @Endpoint({
    summary: 'Responder un cuestionario',
    roles: ['paciente'],
    errors: [404, 409],
    description: 'Una respuesta por pregunta. 409 si aún no toca o ya está respondido; 400 si las respuestas no encajan (nada se guarda).',
  })
  @ApiCreatedResponse({ type: QuestionnaireAnswerDto })
  answer(
    @CurrentUser() user: User,
    @Param('asignacionId') asignacionId: string,
    @Body() dto: AnswerQuestionnaireDto,
  ): Promise<QuestionnaireAnswerResponse> {
    return this.questionnaires.answer(user, asignacionId, dto.respuestas);
  }
}
