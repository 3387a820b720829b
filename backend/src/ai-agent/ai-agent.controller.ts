import { Body, Controller, Get, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess, NoClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { AiAgentService } from './ai-agent.service';
import { respond } from './chat-response';
import { AiChatAnswerDto, AiContextSummaryDto, ChatRequestDto, PatientAiContextSummaryDto, PatientChatRequestDto } from './dto/chat.dto';
import { AiCallAnswers } from '../ai/ai-answers';

const CHAT =
  'Responde { response, sesiones } (las sesiones cuyo contenido recibió el asistente). Con `Accept: text/event-stream` ' +
  'responde eventos del servidor: `sesiones`, `token` ({ text }) a medida que se escribe, y `done` ({ response, sesiones }) ' +
  'o `error` ({ detail, code }). Las transcripciones, notas e historial llegan al modelo como datos, nunca como instrucciones.';

@ApiTags('asistente IA')
@Controller('ai-agent')
export class AiAgentController {
  constructor(private readonly agent: AiAgentService) {}

  @Get('context')
  @NoClinicalAccess('Contadores de la consulta, sin datos de ningún paciente')
  @Endpoint({ summary: 'Datos disponibles para la IA (contadores del terapeuta)', roles: ['terapeuta'] })
  @ApiOkResponse({ type: AiContextSummaryDto })
  context(@CurrentUser() user: User): Promise<AiContextSummaryDto> {
    return this.agent.summary(user);
  }

  @Get('patient-context')
  @NoClinicalAccess('Contadores de las propias sesiones, sin su contenido')
  @Endpoint({
    summary: 'Datos del paciente disponibles para su asistente (contadores)',
    roles: ['paciente'],
    description: 'Sesiones, sesiones con transcripción y sesiones con análisis publicado para el paciente.',
  })
  @ApiOkResponse({ type: PatientAiContextSummaryDto })
  patientContext(@CurrentUser() user: User): Promise<PatientAiContextSummaryDto> {
    return this.agent.patientSummary(user);
  }

  @Post('chat')
  @ClinicalAccess('chat_ia', 'lectura')
  @Endpoint({
    summary: 'Consultar al asistente del terapeuta',
    roles: ['terapeuta'],
    description: `Sin patient_id conoce la consulta a nivel de resumen; con él, solo a ese paciente, en profundidad. ${CHAT}`,
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({ type: AiChatAnswerDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Mensaje vacío o demasiado largo, historial no válido' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'patient_id no es un paciente del terapeuta' })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiadas consultas del usuario (AI_CHAT_THROTTLE_LIMIT)' })
  @AiCallAnswers()
  async chat(@CurrentUser() user: User, @Body() dto: ChatRequestDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await respond(this.agent, await this.agent.therapistChat(user, dto), req, res);
  }

  @Post('patient-chat')
  @ClinicalAccess('chat_ia', 'lectura')
  @Endpoint({
    summary: 'Consultar al asistente del paciente',
    roles: ['paciente'],
    description: `El asistente conoce solo lo que el paciente puede leer de sí mismo (nunca las notas privadas del terapeuta). ${CHAT}`,
  })
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({ type: AiChatAnswerDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'Mensaje vacío o demasiado largo, historial no válido' })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiadas consultas del usuario (AI_CHAT_THROTTLE_LIMIT)' })
  @AiCallAnswers()
  async patientChat(
    @CurrentUser() user: User,
    @Body() dto: PatientChatRequestDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await respond(this.agent, await this.agent.patientChat(user, dto), req, res);
  }
}
