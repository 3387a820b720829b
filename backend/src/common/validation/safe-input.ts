import { BadRequestException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import type { NextFunction, Request, Response } from 'express';

/** Deeper than any payload of the API; far below what would exhaust the stack of the DTO transformer. */
const MAX_DEPTH = 16;
/** NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not valid Unicode, refused by jsonb). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a decoded input (body, query, a parsed JSON parameter) cannot be accepted, or null. */
export function unsafeInputError(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? MSG.common.invalidText : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return MSG.common.tooDeep;
  for (const [key, item] of Object.entries(value)) {
    const problem = unsafeInputError(key) ?? unsafeInputError(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Refuses such input with a 400 before any route sees it, so it never reaches the database as a 500. */
export function safeInput(req: Request, _res: Response, next: NextFunction): void {
  const problem = unsafeInputError(req.body) ?? unsafeInputError(req.query);
  next(problem ? new BadRequestException(problem) : undefined);
}
