import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchiveError, HEADER_ENTRY, type ArchiveHeader } from './archive-format';
import { DERIVED_TABLES, MIGRATIONS_TABLE, RESTORE_MARKER_TABLE } from './archive-tables';
import type { SchemaRules } from './migration-sql';

/** The header, checked: its format, and tables a backup of its schema holds (each once, with its columns). */
export function parseHeader(bytes: Buffer, schema: SchemaRules): ArchiveHeader {
  const header = parseJson<ArchiveHeader>(bytes, HEADER_ENTRY);
  if (header?.format !== ARCHIVE_FORMAT) throw new ArchiveError('This is not a Consulta backup (unknown format)');
  if (header.version !== ARCHIVE_VERSION)
    throw new ArchiveError(`This backup has format version ${header.version}; this version of Consulta reads version ${ARCHIVE_VERSION}`);
  if (!Array.isArray(header.tables) || typeof header.migration !== 'string' || !header.source)
    throw new ArchiveError('The archive is damaged: its header is incomplete');
  const known = schema.migrations.includes(header.migration);
  const ours = schema.tablesAt(header.migration);
  const seen = new Set<string>();
  for (const table of header.tables) {
    const name = table?.name;
    if (typeof name !== 'string' || !Array.isArray(table.columns) || table.columns.some((c) => typeof c !== 'string' || c === ''))
      throw new ArchiveError('The archive is damaged: its header lists a table without its name or columns');
    if (name === MIGRATIONS_TABLE || name === RESTORE_MARKER_TABLE)
      throw new ArchiveError(`The archive holds ${name}, the database's own bookkeeping, which a Consulta backup never holds`);
    if (DERIVED_TABLES.has(name))
      throw new ArchiveError(`The archive holds ${name}, which is derived from the sessions and never in a Consulta backup`);
    // A newer schema's tables are unknown here: such an archive is refused as newer, before its tables matter.
    if (known && !ours.has(name)) throw new ArchiveError(`The archive holds a table that is not one of Consulta's: ${name}`);
    if (seen.has(name)) throw new ArchiveError(`The archive is damaged: its header lists ${name} twice`);
    seen.add(name);
  }
  return header;
}

/** Refuses an archive whose schema this version does not know (it comes from a newer one): said before anything else. */
export function refuseNewerSchema(header: ArchiveHeader, schema: SchemaRules): void {
  if (schema.migrations.includes(header.migration)) return;
  throw new ArchiveError(newerSchemaSentence(header, schema));
}

export const newerSchemaSentence = (header: ArchiveHeader, schema: SchemaRules): string =>
  `The archive comes from a newer version of Consulta (schema ${header.migration || 'unknown'}; this version knows up to ` +
  `${schema.migrations.at(-1)}): update this installation before restoring it`;

export function parseJson<T>(bytes: Buffer, name: string): T {
  try {
    return JSON.parse(bytes.toString('utf8')) as T;
  } catch {
    throw new ArchiveError(`The archive is damaged: ${name} is not valid JSON`);
  }
}
