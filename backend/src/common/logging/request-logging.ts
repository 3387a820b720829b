import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An id a proxy or a client may hand us: short, and nothing a log reader's terminal or a header would mangle. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The incoming X-Request-Id when it is sane, else a new uuid; answered in the X-Request-Id header. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const sent = req.headers['x-request-id'];
  const id = typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** The id pino-http gave this request (every request has one: its middleware comes first). */
export function requestIdOf(req: IncomingMessage | undefined): string | undefined {
  return typeof req?.id === 'string' ? req.id : undefined;
}

/** A path segment this long may be a token or a file name (a storage key): masked when no route names it. */
const LONG_SEGMENT = 24;

/**
 * How a request's path is logged: the pattern of the route that answered it (`/api/v1/invitations/validate/:token`),
 * never the values, since tokens and storage keys travel in paths; without a route (static files, unknown paths),
 * the path with long segments masked. Never the query string (reset tokens, signatures).
 */
export function loggedPath(req: Request): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${req.baseUrl ?? ''}${route}`;
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  return path
    .split('/')
    .map((segment) => (segment.length > LONG_SEGMENT ? '…' : segment))
    .join('/');
}

const HEALTH = /^\/api\/v1\/health(?:\/|$)/;

/**
 * The line requestLogger writes when a request ends, for a route answered before it (`path`: its pattern; `started`:
 * Date.now() when it came in). The request's id is `req.id` (see requestId).
 */
export function logAnswer(logger: Logger, req: IncomingMessage, res: ServerResponse, path: string, started: number): void {
  const failed = res.statusCode >= 500;
  const line = { request_id: requestIdOf(req), method: req.method, path, status: res.statusCode, duration_ms: Date.now() - started };
  if (failed) logger.error(line, 'request failed');
  else logger.info(line, 'request completed');
}

/**
 * pino-http, the first middleware of the app: gives each request its id, binds it to every line logged while
 * the request runs (`request_id`), and writes one line when it ends: method, path as above, status and duration.
 * No headers, no bodies, no query strings. Passing health checks are debug lines (a probe every few seconds).
 */
export function requestLogger(logger: Logger) {
  const fields = (req: Request, res: ServerResponse, responseTime: number) => ({
    method: req.method,
    path: loggedPath(req),
    status: res.statusCode,
    duration_ms: responseTime,
  });
  return pinoHttp<Request, ServerResponse>({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'request_id' },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      return HEALTH.test(req.originalUrl ?? '') ? 'debug' : 'info';
    },
    customSuccessObject: (req, res, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customSuccessMessage: () => 'request completed',
    customErrorMessage: () => 'request failed',
  });
}
