import { BadRequestException } from '@nestjs/common';
import { MSG, fillMessage } from '@consulta/shared';
import type { NextFunction, Request, Response } from 'express';
import { problem } from '../errors/error.dto';

/** Deeper than any payload of the API; far below what would exhaust the stack of the DTO transformer. */
const MAX_DEPTH = 16;
/** Keys of one object: a DTO has about 30 fields, a session's custom values at most 50. */
const MAX_KEYS_PER_OBJECT = 200;
/**
 * Keys and array items of one input in all. A 1 MB body holds at most ~14,000 transcript segments (4 keys
 * each) or 10,000 multipart parts (2 keys each); an input past this is not a request of the product.
 */
const MAX_VALUES = 100_000;
/** NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not valid Unicode, refused by jsonb). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Keys that lead to an object's prototype (`__proto__`, or `constructor.prototype` in a merge), alone or as a part
 * of a bracketed or dotted query key (`a[__proto__][b]`). JSON.parse keeps `"__proto__"` as an own key, but
 * class-transformer and object spreads drop it without a word: refused here like any unknown field, at any depth.
 */
const PROTOTYPE_KEY = /(?:^|[[\].])(?:__proto__|constructor|prototype)(?:$|[[\].])/;

/**
 * Why a decoded input (body, query, a parsed JSON parameter) cannot be accepted, or null. It looks at each
 * value once and stops at the first problem, so refusing a body of 100,000 keys costs less than parsing it.
 */
export function unsafeInputError(value: unknown): string | null {
  const budget = { left: MAX_VALUES };
  return check(value, 0, budget);
}

function check(value: unknown, depth: number, budget: { left: number }): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? MSG.common.invalidText : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return MSG.common.tooDeep;
  if (Array.isArray(value)) {
    if ((budget.left -= value.length) < 0) return MSG.common.tooManyFields;
    for (const item of value) {
      const problem = check(item, depth + 1, budget);
      if (problem) return problem;
    }
    return null;
  }
  let keys = 0;
  for (const key in value) {
    if (++keys > MAX_KEYS_PER_OBJECT || --budget.left < 0) return MSG.common.tooManyFields;
    if (PROTOTYPE_KEY.test(key)) return fillMessage(MSG.validation.notAllowed, { campo: key });
    const problem = check(key, depth, budget) ?? check((value as Record<string, unknown>)[key], depth + 1, budget);
    if (problem) return problem;
  }
  return null;
}

const [QUOTE, BACKSLASH, COLON, COMMA, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [...'"\\:,{}[]'].map((c) => c.charCodeAt(0));

/**
 * The same bounds (nesting, keys per object, keys and items in all), read from the raw bytes of a JSON body
 * before it is parsed: parsing an object of 100,000 keys alone blocks the process for 70-350 ms, refusing it here
 * takes a few. It refuses no body `unsafeInputError` would accept (keys are counted as written, array items one
 * short), and leaves malformed JSON to the parser. UTF-8 only: no byte of a multi-byte character is ASCII.
 */
export function jsonShapeError(bytes: Uint8Array): string | null {
  const keys = new Int32Array(MAX_DEPTH + 1); // keys so far of each open object (-1 marks an array)
  let open = 0;
  let total = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === QUOTE) {
      // Skip the string: to its closing quote, over escaped characters.
      for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (open === MAX_DEPTH) return MSG.common.tooDeep;
      keys[open++] = c === OPEN_OBJECT ? 0 : -1;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (open > 0) open--;
    } else if ((c === COLON && open > 0 && keys[open - 1] >= 0) || (c === COMMA && open > 0 && keys[open - 1] < 0)) {
      if ((c === COLON && ++keys[open - 1] > MAX_KEYS_PER_OBJECT) || ++total > MAX_VALUES) return MSG.common.tooManyFields;
    }
  }
  return null;
}

/** body-parser's `verify` hook: refuses a JSON body out of bounds before it is parsed. */
export function verifyJsonShape(_req: unknown, _res: unknown, body: Buffer, encoding: string | null): void {
  if (encoding !== null && encoding.toLowerCase() !== 'utf-8') return; // the walk after parsing still applies
  const invalid = jsonShapeError(body);
  if (invalid) throw new BadRequestException(problem(invalid, 'VALIDATION'));
}

/** Refuses such input with a 400 before any route sees it, so it never reaches the database as a 500. */
export function safeInput(req: Request, _res: Response, next: NextFunction): void {
  const invalid = unsafeInputError(req.body) ?? unsafeInputError(req.query);
  next(invalid ? new BadRequestException(problem(invalid, 'VALIDATION')) : undefined);
}
