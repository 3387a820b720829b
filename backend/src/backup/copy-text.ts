/** PostgreSQL's COPY text format: rows end with '\n' (a newline inside a value is written `\n`), fields split by tabs. */
const NEWLINE = 0x0a;
const TAB = 0x09;
const BACKSLASH = 0x5c;
const DOT = 0x2e;

/** Joins and splits `chunks` into pieces of whole rows, each at most `maxBytes` unless one row alone is longer. */
export async function* rowPieces(chunks: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of chunks) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < maxBytes) continue;
    const joined = Buffer.concat(pending, pendingBytes);
    const end = joined.lastIndexOf(NEWLINE, maxBytes - 1) + 1 || joined.lastIndexOf(NEWLINE) + 1;
    if (end === 0) {
      pending = [joined];
      continue;
    }
    yield joined.subarray(0, end);
    pending = end < joined.length ? [joined.subarray(end)] : [];
    pendingBytes = joined.length - end;
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * Why a piece is not what COPY TO writes for a table of `columns` columns, or null: whole rows, each with every
 * field, and no line `\.` (which COPY FROM takes as the end of the data, silently dropping the rows after it; COPY TO
 * writes a backslash of a value as `\\`, so no row of its own starts so).
 */
export function pieceProblem(piece: Buffer, columns: number): string | null {
  if (piece.length > 0 && piece[piece.length - 1] !== NEWLINE) return 'its last row is cut short';
  for (let start = 0, row = 1; start < piece.length; row += 1) {
    const end = piece.indexOf(NEWLINE, start);
    const line = piece.subarray(start, end);
    if (line[0] === BACKSLASH && line[1] === DOT) return `row ${row} is an end-of-data marker (\\.)`;
    let fields = 1;
    for (let i = line.indexOf(TAB); i !== -1; i = line.indexOf(TAB, i + 1)) fields += 1;
    if (fields !== columns) return `row ${row} has ${fields} fields for ${columns} columns`;
    start = end + 1;
  }
  return null;
}

export function countRows(piece: Buffer): number {
  let rows = 0;
  for (let i = piece.indexOf(NEWLINE); i !== -1; i = piece.indexOf(NEWLINE, i + 1)) rows += 1;
  return rows;
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** One field's value (`\N` is null). Octal and hex escapes do not occur in what COPY TO writes for text. */
function field(raw: string): string | null {
  if (raw === '\\N') return null;
  return raw.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}

/** The rows of a piece as records of `columns`. */
export function parseRows(piece: Buffer, columns: string[]): Record<string, string | null>[] {
  const text = piece.toString('utf8');
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => Object.fromEntries(line.split('\t').map((raw, i) => [columns[i], field(raw)])));
}
