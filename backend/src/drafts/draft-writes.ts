import { DRAFT_CANCELLABLE_STATES, DRAFT_FREE_STATES, DRAFT_JOB_STATES, type DraftState, type DraftVideoInfo } from '@consulta/shared';
import type { Execute } from '../common/sql/execute';
import type { ContentValues } from '../sessions/session-content';

/**
 * The two writers of a draft, as targeted UPDATE statements (no Nest, no ORM: jobs and tests use them as they
 * are). The therapist's auto-save writes content columns; a background job writes its state and results. Each
 * statement sets only the columns it names and merges `archivo_video_info` key by key (jsonb ||), so a save
 * and a job that run at the same moment never overwrite each other's fields.
 */

/** Content columns (named as the API fields) and their new values; campos_datos is a JSON object. */
export type DraftColumns = ContentValues &
  Partial<Record<'titulo' | 'descripcion' | 'tipo_sesion' | 'tipo_sesion_id' | 'cita_id', unknown>>;

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
const list = (states: readonly DraftState[]) => states.map((s) => `'${s}'`).join(', ');

/** Which states the statement applies in: `in` the listed ones, or `notIn` them. */
type StateGuard = { in?: readonly DraftState[]; notIn?: readonly DraftState[] };

function update(
  execute: Execute,
  id: string,
  columns: Record<string, unknown>,
  video: object | undefined,
  extra: { touch: boolean; guard?: StateGuard; jobStarted?: boolean | null },
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
  if (extra.jobStarted !== undefined) sets.push(`"job_started_at" = ${extra.jobStarted ? 'now()' : 'null'}`);
  if (sets.length === 0) sets.push(`"id" = "id"`);
  const { guard = {} } = extra;
  const where = [
    ...(guard.in ? [`"estado" in (${list(guard.in)})`] : []),
    ...(guard.notIn ? [`"estado" not in (${list(guard.notIn)})`] : []),
  ];
  return execute(`update "session_drafts" set ${sets.join(', ')} where "id" = ?${where.map((w) => ` and ${w}`).join('')} returning "id"`, [
    ...params,
    id,
  ]);
}

/**
 * The therapist's save. It never applies to a draft that became a session (`completado`); with `jobFields` (it
 * touches the transcript, the analyses, the video) not while a job owns the draft either. Answers false, having
 * changed nothing, when it did not apply (or when the draft is gone).
 */
export async function writeDraftContent(
  execute: Execute,
  id: string,
  columns: DraftColumns,
  video: DraftVideoInfo | undefined,
  jobFields: boolean,
): Promise<boolean> {
  const notIn: DraftState[] = jobFields ? [...DRAFT_JOB_STATES, 'completado'] : ['completado'];
  const rows = await update(execute, id, columns, video, { touch: true, guard: { notIn } });
  return rows.length > 0;
}

/**
 * A job's state and results: only its own columns, whatever the therapist is saving meanwhile. With `onlyIf`, only
 * while the draft is in that state (a job never revives a draft that was deleted, cancelled, or retried under it
 * meanwhile). A job that ends (estado out of the job states) lets go of the draft.
 */
export async function writeDraftJobState(execute: Execute, id: string, state: DraftJobState, onlyIf?: DraftState): Promise<boolean> {
  const { video, ...columns } = state;
  const ends = state.estado !== undefined && !DRAFT_JOB_STATES.includes(state.estado);
  const rows = await update(execute, id, columns, video, {
    touch: false,
    guard: onlyIf ? { in: [onlyIf] } : undefined,
    jobStarted: ends ? null : undefined,
  });
  return rows.length > 0;
}

/**
 * Hands the draft to a job: into `estado` (a job state) at progress 1, when it is free (DRAFT_FREE_STATES: no job
 * owns it, it is no session yet). Answers false otherwise (or when the draft is gone): the caller answers 409
 * rather than starting a second job.
 */
export async function claimDraftForJob(execute: Execute, id: string, estado: DraftState): Promise<boolean> {
  const rows = await update(execute, id, { estado, progreso: 1, mensaje_error: null }, undefined, {
    touch: false,
    guard: { in: DRAFT_FREE_STATES },
    jobStarted: true,
  });
  return rows.length > 0;
}

/** Whether the draft is (still) in `estado`: a running job asks, to stop as soon as it lost the draft. */
export async function draftInState(execute: Execute, id: string, estado: DraftState): Promise<boolean> {
  const rows = await execute(`select 1 from session_drafts where id = ? and estado = ?`, [id, estado]);
  return rows.length > 0;
}

/**
 * 'Cancelar procesamiento': a running transcription or analysis lets go of the draft, which goes to `cancelado`
 * with what it had before the job (the job writes its results only as it ends, and only while it still holds the
 * draft). Answers false when none runs. The job stops at its next step (draftInState, or its own writes failing).
 */
export async function cancelDraftJob(execute: Execute, id: string): Promise<boolean> {
  const rows = await update(execute, id, { estado: 'cancelado', progreso: 0, mensaje_error: null }, undefined, {
    touch: false,
    guard: { in: DRAFT_CANCELLABLE_STATES },
    jobStarted: false,
  });
  return rows.length > 0;
}

/**
 * The page's video upload: `subiendo_video` while it runs (from a free state only: a job's draft is not disturbed),
 * back to `borrador` when it ends (attached, failed or abandoned), unless something else took the draft meanwhile.
 */
export async function writeUploadState(execute: Execute, id: string, uploading: boolean): Promise<void> {
  if (uploading) {
    await update(execute, id, { estado: 'subiendo_video', progreso: 0, mensaje_error: null }, undefined, {
      touch: false,
      guard: { in: ['borrador', 'fallido', 'cancelado'] },
    });
  } else {
    await update(execute, id, { estado: 'borrador', progreso: 0 }, undefined, { touch: false, guard: { in: ['subiendo_video'] } });
  }
}

/**
 * Saving the session of a draft: `guardando` from a free state, committed before the session's transaction so that
 * the list and other tabs see it. Answers the state it had (to go back to if the save fails), or null when the
 * draft is not free (a job runs, it is being saved, it is saved) or gone.
 */
export async function claimDraftForSave(execute: Execute, id: string): Promise<DraftState | null> {
  const rows = (await execute(
    `with before as (select id, estado from session_drafts where id = ? for update)
     update session_drafts d set estado = 'guardando', job_started_at = now(), updated_at = now()
     from before where d.id = before.id and before.estado in (${list(DRAFT_FREE_STATES)})
     returning before.estado as estado`,
    [id],
  )) as { estado: DraftState }[];
  return rows[0]?.estado ?? null;
}

/** The session could not be saved: the draft goes back to the state it had, as it is. */
export async function releaseDraftFromSave(execute: Execute, id: string, estado: DraftState): Promise<void> {
  await update(execute, id, { estado }, undefined, { touch: false, guard: { in: ['guardando'] }, jobStarted: false });
}

/**
 * In the session's transaction: the draft became that session. It stays as `completado` without its content
 * (the session has it now; its video is the session's) so that another tab that has it open learns it was saved;
 * it leaves every list at once and is deleted a day later (sweepDrafts). False when it was not being saved.
 */
export async function completeDraft(execute: Execute, id: string): Promise<boolean> {
  const rows = await execute(
    `update session_drafts set estado = 'completado', progreso = 100, mensaje_error = null, job_started_at = null,
       titulo = null, descripcion = null, fecha = null, duracion_minutos = null, tipo_sesion = null, tipo_sesion_id = null,
       notas = null, temas_importantes = null, intencion = null, tipo_medicina = null, cantidad = null, observaciones = null,
       campos_datos = '{}', archivo_video_info = '{}', analisis_ia_paciente = null, updated_at = now()
     where id = ? and estado = 'guardando' returning id`,
    [id],
  );
  return rows.length > 0;
}

/** Hours a completed draft is kept (for the tabs that still have it open). */
export const COMPLETED_DRAFT_HOURS = 24;
/** Minutes after which a draft still `guardando` was left so by a process that stopped mid-save. */
export const STALE_SAVE_MINUTES = 10;

/**
 * Hourly: deletes the completed drafts older than COMPLETED_DRAFT_HOURS, and frees the drafts a stopped process
 * left `guardando` (back to `borrador`: the session was not saved, or the draft would be `completado`).
 */
export async function sweepDrafts(execute: Execute): Promise<{ deleted: number; freed: number }> {
  const deleted = await execute(
    `delete from session_drafts where estado = 'completado' and updated_at < now() - make_interval(hours => ?) returning id`,
    [COMPLETED_DRAFT_HOURS],
  );
  const freed = await execute(
    `update session_drafts set estado = 'borrador', job_started_at = null
     where estado = 'guardando' and job_started_at < now() - make_interval(mins => ?) returning id`,
    [STALE_SAVE_MINUTES],
  );
  return { deleted: deleted.length, freed: freed.length };
}

/**
 * The drafts a job holds: those in its state `estado` that a job claimed (a stopped process may have left them
 * so). A draft put in that state without a claim (the demo practice's) is no job's.
 */
export async function draftsInJob(execute: Execute, estado: DraftState): Promise<string[]> {
  const rows = (await execute(`select id::text as id from session_drafts where estado = ? and job_started_at is not null`, [estado])) as {
    id: string;
  }[];
  return rows.map((r) => r.id);
}
