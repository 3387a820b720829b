import type { SchemaObject } from '@nestjs/swagger';
import { MSG } from '@consulta/shared';
import { JsonDecimal } from '../common/http/json-decimal';

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

/** What parseMoney accepts, as a schema (a number's decimals beyond 2, and zero written as text, are the server's to refuse). */
export const MONEY_SCHEMA: SchemaObject = {
  anyOf: [
    { type: 'number', exclusiveMinimum: true, minimum: 0, maximum: 9_999_999_999.99 },
    { type: 'string', pattern: `^\\s*${MONEY.source.slice(1, -1)}\\s*$` },
  ],
};

/**
 * A positive amount with at most 2 decimals, as the decimal string stored in numeric(12,2). A JSON number is
 * read through its shortest decimal form (String(99.99) === '99.99'), so no float arithmetic ever touches it.
 */
export function parseMoney(value: unknown): { amount: string } | { error: string } {
  if (typeof value !== 'number' && typeof value !== 'string') return { error: MSG.sessionTypes.value };
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) return { error: MSG.sessionTypes.value };
  if (/^\d+\.\d{3,}$/.test(text)) return { error: MSG.sessionTypes.valueDecimals };
  if (/^\d{11,}(\.\d*)?$/.test(text)) return { error: MSG.sessionTypes.valueTooHigh };
  if (!MONEY.test(text) || /^0+(\.0+)?$/.test(text)) return { error: MSG.sessionTypes.value };
  return { amount: text };
}

/**
 * The stored decimal string as the JSON number of the API, always with its 2 decimals: '150.00' is written
 * 150.00 and '99.90' 99.90 (never through a JS number, which would drop the zeros).
 */
export function moneyToJson(amount: string): JsonDecimal {
  const [integer, decimals = ''] = amount.split('.');
  return new JsonDecimal(`${integer.replace(/^0+(?=\d)/, '')}.${decimals.padEnd(2, '0')}`);
}
