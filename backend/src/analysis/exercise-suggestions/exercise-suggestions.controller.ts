import { Controller, HttpCode, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { User } from '../../auth/entities/user.entity';
import { CurrentUser } from '../../auth/current-user.decorator';
import { ClinicalAccess } from '../../common/auth/clinical-access.decorator';
import { Endpoint } from '../../common/auth/endpoint.decorator';
import { ErrorDto } from '../../common/errors/error.dto';
import { IdParam } from '../../common/http/id-param';
import { ExerciseSuggestionsDto } from './exercise-suggestion.dto';
import { ExerciseSuggestionsService } from './exercise-suggestions.service';
import { AiCallAnswers } from '../../ai/ai-answers';

@ApiTags('análisis IA')
@Controller()
export class ExerciseSuggestionsController {
  constructor(private readonly suggestions: ExerciseSuggestionsService) {}

  @Post('sesiones/:id/sugerir-ejercicios')
  @ClinicalAccess('analisis', 'lectura')
  @HttpCode(200)
  @Endpoint({
    summary: 'Sugerir ejercicios del banco del terapeuta para esta sesión',
    roles: ['terapeuta'],
    description:
      'La IA propone hasta 3 ejercicios del propio banco del terapeuta que encajen con la sesión, cada uno con un motivo ' +
      'de una frase. La sesión y el banco se envían al modelo como datos, nunca como instrucciones; solo se devuelven ' +
      'ejercicios del banco (un id inventado, ajeno o retirado se descarta). No asigna nada: el terapeuta asigna con ' +
      'POST /paciente-ejercicios/. Cuenta en el límite de consultas a la IA del usuario (AI_CHAT_THROTTLE_LIMIT).',
  })
  @ApiOkResponse({ type: ExerciseSuggestionsDto })
  @ApiBadRequestResponse({ type: ErrorDto, description: 'La sesión no tiene transcripción ni notas, o el banco está vacío' })
  @ApiNotFoundResponse({ type: ErrorDto, description: 'Sesión no encontrada (o de otro terapeuta)' })
  @ApiConflictResponse({ type: ErrorDto, description: 'CONSENT_REQUIRED: el paciente no ha dado su consentimiento para la IA' })
  @ApiTooManyRequestsResponse({ type: ErrorDto, description: 'Demasiadas consultas a la IA del usuario (AI_CHAT_THROTTLE_LIMIT)' })
  @AiCallAnswers('AI_PROVIDER_FAILED: el proveedor falló o respondió algo que no es el JSON pedido')
  suggest(@CurrentUser() user: User, @IdParam() id: string, @Res({ passthrough: true }) res: Response): Promise<ExerciseSuggestionsDto> {
    // A client that leaves stops the provider's request.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) gone.abort();
    });
    return this.suggestions.suggest(user, id, gone.signal);
  }
}
