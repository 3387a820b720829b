import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Where each answered request is counted (AppMetrics, with OPS credentials only: no metrics, no counting). */
export interface RequestObserver {
  observe(method: string, route: string, status: number, seconds: number): void;
}

/** Injection token of the RequestObserver. */
export const REQUEST_OBSERVER = Symbol('REQUEST_OBSERVER');

/** The label of requests no route answered: the frontend's files and pages, unknown paths. */
export const NO_ROUTE = 'other';

/**
 * A request's route as a bounded label: the pattern of the route that answered it (`/api/v1/pacientes/:id`), the
 * mount point of a router that answered it itself (the local store's part uploads, the queue dashboard), else
 * NO_ROUTE. Never the path itself: ids and tokens would make a series per value.
 */
export function routeLabel(req: Request): string {
  const route = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof route === 'string') return `${req.baseUrl ?? ''}${route}`;
  return req.baseUrl || NO_ROUTE;
}

/**
 * Times every request from its arrival to its answer (or to its connection closing first), by method, route and
 * status. The app's first middleware, so answers refused before any route (a malformed body, a part upload) count.
 */
export function requestMetrics(observer: RequestObserver): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let done = false;
    const record = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observer.observe(req.method, routeLabel(req), res.statusCode, seconds);
    };
    res.once('finish', record).once('close', record);
    next();
  };
}
