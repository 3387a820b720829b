import { BadRequestException } from '@nestjs/common';
import { MSG } from '@consulta/shared';
import { problem } from '../errors/error.dto';
import { unsafeInputError } from '../validation/safe-input';
import type { ListQueryDto } from './list-query.dto';

export interface ListParams<F extends string> {
  sort: { field: F; order: 'ASC' | 'DESC' } | null;
  range: { start: number; end: number } | null;
  filter: Record<string, unknown>;
}

const invalid = (detail: string) => new BadRequestException(problem(detail, 'VALIDATION'));

const parseJson = (raw: string, message: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(message);
  }
};

/** Parses and checks sort/range/filter; anything malformed or not allowed → 400 with a Spanish detail. */
export function parseListQuery<F extends string>(
  query: ListQueryDto,
  allowed: { sort: readonly F[]; filters: readonly string[] },
): ListParams<F> {
  let sort: ListParams<F>['sort'] = null;
  if (query.sort) {
    const value = parseJson(query.sort, MSG.list.sort);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') {
      throw invalid(MSG.list.sort);
    }
    const order = value[1].toUpperCase();
    if (order !== 'ASC' && order !== 'DESC') throw invalid(MSG.list.sort);
    if (!allowed.sort.includes(value[0] as F)) throw invalid(`${MSG.list.sortField}: ${value[0]}`);
    sort = { field: value[0] as F, order };
  }
  let range: ListParams<F>['range'] = null;
  if (query.range) {
    const value = parseJson(query.range, MSG.list.range);
    if (
      !Array.isArray(value) ||
      value.length !== 2 ||
      !value.every((n) => Number.isSafeInteger(n) && n >= 0) ||
      (value[1] as number) < (value[0] as number)
    ) {
      throw invalid(MSG.list.range);
    }
    range = { start: value[0] as number, end: value[1] as number };
  }
  let filter: Record<string, unknown> = {};
  if (query.filter) {
    const value = parseJson(query.filter, MSG.list.filter);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(MSG.list.filter);
    const unknown = Object.keys(value).filter((key) => !allowed.filters.includes(key));
    if (unknown.length > 0) throw invalid(`${MSG.list.filterField}: ${unknown.join(', ')}`);
    const unsafe = unsafeInputError(value);
    if (unsafe) throw invalid(unsafe);
    filter = value as Record<string, unknown>;
  }
  return { sort, range, filter };
}

/** `Content-Range: <resource> <first>-<last>/<total>`; an empty page says `<resource> *\/<total>`. */
export function contentRange(resource: string, start: number, count: number, total: number): string {
  return count > 0 ? `${resource} ${start}-${start + count - 1}/${total}` : `${resource} */${total}`;
}
