import { HttpException, Logger, ServiceUnavailableException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { loggableError } from '../logging/loggable-error';
import { problem } from './error.dto';

/** How long a client is told to wait before asking again while a dependency is down (Retry-After, seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** A dependency a request needs (the database, Redis) cannot be reached now: 503 with Retry-After, never a 500. */
export class DependencyUnavailable extends ServiceUnavailableException {
  readonly retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;

  constructor(
    readonly dependency: 'database' | 'redis',
    cause?: unknown,
  ) {
    super(problem(MSG.common.unavailable, 'UNAVAILABLE'), { cause });
    this.message = `${dependency === 'redis' ? 'Redis' : 'The database'} cannot be reached`;
  }
}

/** A peer that is not there: refused, reset, unreachable, its name unresolved, or no answer to connect. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL going away or taking no connections: class 08 (connection exception), 57P01-57P03 (administrator or
 * crash shutdown, cannot connect now), 53300 (too many connections).
 */
const SERVER_GONE = /^(08|57P0[1-3]$|53300$)/;
/** What `pg` says when the server's end of a connection went away (it sets no code). */
const CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** Whether an error (or what it wraps: a driver's exception, Node's AggregateError of each address tried) says the peer is gone. */
export function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isUnreachable(e, depth + 1))) return true;
  return isUnreachable(cause, depth + 1);
}

/**
 * The 503 an unexpected error stands for when it says the database (or another peer) cannot be reached, logged as a
 * warning (it is an outage, not a bug); null for any other error.
 */
export function asUnavailable(exception: unknown, logger: Logger, requestId: string | undefined): DependencyUnavailable | null {
  if (exception instanceof DependencyUnavailable) return exception;
  if (exception instanceof HttpException || !isUnreachable(exception)) return null;
  const { type, code } = loggableError(exception);
  logger.warn({ event: 'dependency_unavailable', request_id: requestId, error: { type, code } });
  return new DependencyUnavailable('database', exception);
}
