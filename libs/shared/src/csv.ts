/** What one CSV cell may hold: our numbers and booleans are written as they are; texts may come from anyone. */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * A text a spreadsheet would run as a formula: one starting with = + - @ (also after leading spaces, which
 * spreadsheets skip), or with a tab or carriage return. Prefixed with ' (OWASP's advice) so it stays text.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
/**
 * The same after a ';' or ',' inside the text: a spreadsheet that opens the file with the other separator (a
 * comma file in Spanish Excel, which splits on ';') starts a cell there, and a quote in mid-field is only a
 * character to it.
 */
const FORMULA_AFTER_SEPARATOR = /([;,]\s*)(?=[=+\-@])/g;
/** A number typed as text (a phone '+34612345678', '-5'): nothing a spreadsheet could run. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** The text of one cell with nothing a spreadsheet would evaluate (see FORMULA_START). */
export function csvSafeText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (typeof value !== 'string' || PLAIN_NUMBER.test(text)) return text;
  return (FORMULA_START.test(text) ? `'${text}` : text).replace(FORMULA_AFTER_SEPARATOR, "$1'");
}

/** One CSV cell, always quoted (RFC 4180, inner quotes doubled): separators and line breaks stay inside it. */
export const csvCell = (value: CsvValue): string => `"${csvSafeText(value).replace(/"/g, '""')}"`;

/** One CSV line (without its line break). */
export const csvRow = (values: readonly CsvValue[], separator: ',' | ';' = ','): string => values.map(csvCell).join(separator);
