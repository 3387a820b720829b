import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '../auth/entities/user.entity';
import { CurrentUser } from '../auth/current-user.decorator';
import { ClinicalAccess } from '../common/auth/clinical-access.decorator';
import { Endpoint } from '../common/auth/endpoint.decorator';
import { ErrorDto } from '../common/errors/error.dto';
import { DraftProgressDto } from '../drafts/dto/draft.dto';
import { TranscriptionService } from './transcription.service';
import { IdParam } from '../common/http/id-param';
import { AiNotConfiguredAnswer } from '../ai/ai-answers';
import { DraftJobStartAnswers } from '../drafts/draft-job-answers';

@ApiTags('sesiones-asincronas')
@Controller('sesiones-asincronas')
export class TranscriptionController {
  constructor(private readonly transcription: TranscriptionService) {}

  @Post('start-transcription/:draftId')
  @ClinicalAccess('transcripcion', 'creacion')
  @HttpCode(202)
  @Endpoint({
    summary: 'Transcribir por hablante el video del borrador, en segundo plano',
    roles: ['terapeuta'],
    description:
      'Responde 202 al instante con el borrador en `transcribiendo`; su progreso se consulta en GET ' +
      '/sesiones-asincronas/progress/{draftId}. Al terminar vuelve a `borrador` con la transcripción por hablante ' +
      '(archivo_video_info.transcript y script_text) y num_voces; si falla, `fallido` con mensaje_error.',
  })
  @DraftJobStartAnswers()
  @ApiBadRequestResponse({ type: ErrorDto, description: 'El borrador no tiene video' })
  @AiNotConfiguredAnswer()
  start(@CurrentUser() user: User, @IdParam('draftId') draftId: string): Promise<DraftProgressDto> {
    return this.transcription.start(user, draftId);
  }
}
