import { applyDecorators } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiGatewayTimeoutResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import { ErrorDto } from '../common/errors/error.dto';

/** Documents 503 AI_NOT_CONFIGURED: the route needs the AI provider (aiNotConfigured()). */
export const AiNotConfiguredAnswer = () => ApiServiceUnavailableResponse({ type: ErrorDto, description: 'AI_NOT_CONFIGURED' });

/**
 * Documents what a route that waits for the AI provider can meet: none configured (503), the provider failed (502,
 * `providerFailed` says how), it did not answer in time (504).
 */
export const AiCallAnswers = (providerFailed = 'AI_PROVIDER_FAILED') =>
  applyDecorators(
    AiNotConfiguredAnswer(),
    ApiBadGatewayResponse({ type: ErrorDto, description: providerFailed }),
    ApiGatewayTimeoutResponse({ type: ErrorDto, description: 'AI_TIMEOUT' }),
  );
