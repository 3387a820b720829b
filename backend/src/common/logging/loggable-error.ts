import { withoutUrlQueries } from './url-queries';

/** Data-layer errors: their text quotes the statement with its parameters, the offending value or the where clause. */
const DATA_LAYER_ERROR = /Exception$|^(NotFoundError|ValidationError|DatabaseError)$/;
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * What a log line may say of an unexpected error: named fields only (a driver's error carries a row's values in its
 * own properties), no message for a data-layer error, whose text can hold clinical text, and no URL's query in
 * any other (a signature). The stack's frames still say where it happened.
 */
export function loggableError(exception: unknown): { type: string; code?: unknown; message?: string; stack?: string } {
  const error = exception instanceof Error ? exception : new Error(String(exception));
  const code = (error as { code?: unknown }).code;
  const fromDataLayer = DATA_LAYER_ERROR.test(error.name) || (typeof code === 'string' && SQLSTATE.test(code));
  const frames = error.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return { type: error.name, code, message: fromDataLayer ? undefined : withoutUrlQueries(error.message), stack: frames };
}
