import { DRAFT_JOB_STATES, type DraftState, type DraftVideoInfo } from '@consulta/shared';
import type { Execute } from '../common/sql/execute';
import type { ContentValues } from '../sessions/session-content';

/**
 * The two writers of a draft, as targeted UPDATE statements (no Nest, no ORM: jobs and tests use them as they
 * are). The therapist's auto-save writes content columns; a background job writes its state and results. Each
 * statement sets only the columns it names and merges `archivo_video_info` key by key (jsonb ||), so a save
 * and a job that run at the same moment never overwrite each other's fields.
 */

/** Content columns (named as the API fields) and their new values; campos_datos is a JSON object. */
export type DraftColumns = ContentValues & Partial<Record<'titulo' | 'descripcion' | 'tipo_sesion' | 'tipo_sesion_id', unknown>>;

/** What a job records on its draft. */
export interface DraftJobState {
  estado?: DraftState;
  progreso?: number;
  mensaje_error?: string | null;
  analisis_ia_paciente?: string | null;
  /** Speakers the transcription found. */
  num_voces?: number;
  /** Merged into archivo_video_info (script_text, transcript, analisis_ia). */
  video?: Pick<DraftVideoInfo, 'script_text' | 'transcript' | 'analisis_ia'>;
}

const JSON_COLUMNS = new Set(['campos_datos']);
const COLUMN = /^[a-z_]+$/;
const busyList = DRAFT_JOB_STATES.map((s) => `'${s}'`).join(', ');

function update(
  execute: Execute,
  id: string,
  columns: Record<string, unknown>,
  video: object | undefined,
  extra: { touch: boolean; notBusy: boolean; onlyIf?: DraftState },
): Promise<unknown[]> {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(columns)) {
    if (!COLUMN.test(column)) throw new Error(`Not a draft column: ${column}`);
    const json = JSON_COLUMNS.has(column);
    sets.push(`"${column}" = ?${json ? '::jsonb' : ''}`);
    params.push(json ? JSON.stringify(value) : value instanceof Date ? value.toISOString() : value);
  }
  if (video && Object.keys(video).length > 0) {
    sets.push(`"archivo_video_info" = "archivo_video_info" || ?::jsonb`);
    params.push(JSON.stringify(video));
  }
  if (extra.touch) sets.push(`"updated_at" = now()`);
  if (sets.length === 0) sets.push(`"id" = "id"`);
  const where = [id];
  let guard = extra.notBusy ? ` and "estado" not in (${busyList})` : '';
  if (extra.onlyIf) {
    guard += ` and "estado" = ?`;
    where.push(extra.onlyIf);
  }
  return execute(`update "session_drafts" set ${sets.join(', ')} where "id" = ?${guard} returning "id"`, [...params, ...where]);
}

/**
 * The therapist's save. With `jobFields` (it touches the transcript, the analyses), it applies only while no job
 * owns the draft: answers false, having changed nothing, when one does (or when the draft is gone).
 */
export async function writeDraftContent(
  execute: Execute,
  id: string,
  columns: DraftColumns,
  video: DraftVideoInfo | undefined,
  jobFields: boolean,
): Promise<boolean> {
  const rows = await update(execute, id, columns, video, { touch: true, notBusy: jobFields });
  return rows.length > 0;
}

/**
 * A job's state and results: only its own columns, whatever the therapist is saving meanwhile. With `onlyIf`, only
 * while the draft is in that state (a job never revives a draft that was deleted, or retried under it meanwhile).
 */
export async function writeDraftJobState(execute: Execute, id: string, state: DraftJobState, onlyIf?: DraftState): Promise<boolean> {
  const { video, ...columns } = state;
  const rows = await update(execute, id, columns, video, { touch: false, notBusy: false, onlyIf });
  return rows.length > 0;
}

/**
 * Hands the draft to a job: into `estado` (a job state) at progress 1, unless a job owns it already. Answers false
 * when one does (or when the draft is gone): the caller answers 409 rather than starting a second job.
 */
export async function claimDraftForJob(execute: Execute, id: string, estado: DraftState): Promise<boolean> {
  const rows = await update(execute, id, { estado, progreso: 1, mensaje_error: null }, undefined, { touch: false, notBusy: true });
  return rows.length > 0;
}

/** The drafts a job holds: those in its state `estado` (a stopped process may have left them so). */
export async function draftsInJob(execute: Execute, estado: DraftState): Promise<string[]> {
  const rows = (await execute(`select id::text as id from session_drafts where estado = ?`, [estado])) as { id: string }[];
  return rows.map((r) => r.id);
}
