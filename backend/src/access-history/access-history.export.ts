import type { EntityManager } from '@mikro-orm/core';
import { csvRow, type AccessHistoryItem } from '@consulta/shared';
import { execute } from '../common/sql/execute';
import { EXPORT_SQL } from './access-history.sql';

const EXPORT_PAGE = 1000;

/** An exported entry: the therapist's item plus what only an operator reads. */
export interface ExportedAccessEntry extends AccessHistoryItem {
  paciente_id: string | null;
  usuario_id: string | null;
  metodo: string;
  ruta: string;
}

export interface ExportRange {
  patientId?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
}

export const EXPORT_COLUMNS: (keyof ExportedAccessEntry)[] = [
  'id',
  'fecha',
  'paciente_id',
  'tipo',
  'accion',
  'usuario_id',
  'usuario_nombre',
  'usuario_rol',
  'metodo',
  'ruta',
  'estado_http',
  'exito',
  'ip',
  'agente',
];

/** Every entry in the range, oldest first, a page at a time (the export never holds the whole history). */
export async function* exportAccessHistory(em: EntityManager, range: ExportRange): AsyncGenerator<ExportedAccessEntry> {
  const patient = range.patientId ?? null;
  const from = range.from?.toISOString() ?? null;
  const to = range.to?.toISOString() ?? null;
  let after = '0';
  for (;;) {
    const rows = await execute<ExportedAccessEntry>(em, EXPORT_SQL, [after, patient, patient, from, from, to, to, EXPORT_PAGE]);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

/** CSV lines (every field quoted, texts a spreadsheet would run as formulas kept as text: `csvRow`). */
export const csvHeader = (): string => csvRow(EXPORT_COLUMNS);
export const csvLine = (entry: ExportedAccessEntry): string => csvRow(EXPORT_COLUMNS.map((c) => entry[c]));
export const jsonLine = (entry: ExportedAccessEntry): string =>
  JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, entry[c]])));
