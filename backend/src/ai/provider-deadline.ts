import { BadGatewayException, GatewayTimeoutException, HttpException, type Logger } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';

/** A request's time limit: the caller's signal, or `timeoutMs`, whichever comes first. */
export interface ProviderDeadline {
  signal: AbortSignal;
  timedOut: () => boolean;
  clear: () => void;
}

export function providerDeadline(outer: AbortSignal, timeoutMs: number): ProviderDeadline {
  const timer = new AbortController();
  const handle = setTimeout(() => timer.abort(), timeoutMs);
  return { signal: AbortSignal.any([outer, timer.signal]), timedOut: () => timer.signal.aborted, clear: () => clearTimeout(handle) };
}

/**
 * What an interactive AI request that failed answers: 504 AI_TIMEOUT past its deadline, our own refusal as it is,
 * else 502 AI_PROVIDER_FAILED. Only the provider's own message is logged (`what` names the request), never the
 * data sent.
 */
export function providerFailure(error: unknown, timedOut: boolean, logger: Logger, what: string): HttpException {
  if (timedOut) return new GatewayTimeoutException(problem(MSG.aiChat.timeout, 'AI_TIMEOUT'));
  if (error instanceof HttpException) return error;
  logger.warn(`The AI provider failed ${what}: ${error instanceof Error ? error.message : String(error)}`);
  return new BadGatewayException(problem(MSG.aiChat.providerFailed, 'AI_PROVIDER_FAILED'));
}
