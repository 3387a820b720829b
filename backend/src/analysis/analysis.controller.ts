import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { DraftProgressDto } from '../drafts/dto/draft.dto';
import { SessionDto } from '../sessions/dto/session.dto';
import { AnalysisService } from './analysis.service';
import { IdParam } from '../common/http/id-param';
import { AiNotConfiguredAnswer } from '../ai/ai-answers';
import { DraftJobStartAnswers } from '../drafts/draft-job-answers';

const both =
  'Escribe dos textos: analisis_ia (solo para el terapeuta) y analisis_ia_paciente (para el paciente: sin etiquetas ' +
  'diagnósticas ni nada de las notas privadas del terapeuta). La transcripción se envía al modelo como datos, nunca como instrucciones.';

@ApiTags('análisis IA')
@Controller()
@ApiBadRequestResponse({ type: ErrorDto, description: 'No hay transcripción ni notas que analizar' })
@AiNotConfiguredAnswer()
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post('sesiones-asincronas/start-analysis/:draftId')
  @ClinicalAccess('analisis', 'creacion')
  @HttpCode(202)
  @Endpoint({
    summary: 'Generar los análisis IA del borrador, en segundo plano',
    roles: ['terapeuta'],
    description: `${both} Responde 202 con el borrador en \`procesando\`; al terminar vuelve a \`borrador\` con archivo_video_info.analisis_ia y analisis_ia_paciente, o queda \`fallido\`.`,
  })
  @DraftJobStartAnswers()
  startDraft(@CurrentUser() user: User, @IdParam('draftId') draftId: string): Promise<DraftProgressDto> {
    return this.analysis.startDraft(user, draftId);
  }

  @Post('sesiones/:id/start-background-analysis')
  @ClinicalAccess('analisis', 'creacion')
  @HttpCode(202)
  @Endpoint({
    summary: 'Generar los análisis IA de una sesión guardada, en segundo plano',
    roles: ['terapeuta'],
    description:
      `${both} Responde 202 con la sesión en analisis_estado \`generando\`; al terminar, analisis_estado vuelve a null con ` +
      'los dos textos, y la versión del paciente queda sin publicar (analisis_ia_paciente_publicado=false) hasta que el ' +
      'terapeuta la publique con PATCH /sesiones/{id}. Si falla, analisis_estado `fallido`.',
  })
  @ApiAcceptedResponse({ type: SessionDto })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Sesión no encontrada (o de otro terapeuta)' })
  @ApiConflictResponse({ type: ErrorDto, description: 'JOB_RUNNING: el análisis ya se está generando' })
  startSession(@CurrentUser() user: User, @IdParam() id: string): Promise<SessionDto> {
    return this.analysis.startSession(user, id);
  }
}
