import { applyDecorators } from '@nestjs/common';
import { ApiAcceptedResponse, ApiConflictResponse, ApiNotFoundResponse } from '@nestjs/swagger';
import { ErrorDto } from '../common/errors/error.dto';
import { DraftProgressDto } from './dto/draft.dto';

/** Documents a route that starts a background job on a draft: 202 with its progress, 404, 409 while a job holds it. */
export const DraftJobStartAnswers = () =>
  applyDecorators(
    ApiAcceptedResponse({ type: DraftProgressDto }),
    ApiNotFoundResponse({ type: ErrorDto, description: 'Borrador no encontrado (o de otro terapeuta)' }),
    ApiConflictResponse({ type: ErrorDto, description: 'JOB_RUNNING: ya hay un proceso en curso para el borrador' }),
  );
