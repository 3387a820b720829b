import type { DraftState } from '@consulta/shared';
import type { Execute } from '../common/sql/execute';
import type { DraftJobKind } from './entities/draft-job-run.entity';

/**
 * The time a draft job takes, measured (draft_job_runs) and estimated. A transcription's time grows with its video's
 * length (seconds of work per second of video), an analysis takes about the same each time (seconds per run); the
 * provider's recent speed is the median of the last RECENT_RUNS finished runs of the kind, or DEFAULT_SPEED before
 * any ran.
 */
export const RECENT_RUNS = 10;
/** Finished runs kept of each kind (older ones say nothing of the provider's speed today). */
const KEPT_RUNS = 50;
export const DEFAULT_SPEED: Record<DraftJobKind, number> = {
  /** Seconds of work per second of video: an hour of session in about 6 minutes. */
  transcription: 0.1,
  /** Seconds per analysis (two requests to the provider). */
  analysis: 60,
};

const KIND_OF_STATE: Partial<Record<DraftState, DraftJobKind>> = { transcribiendo: 'transcription', procesando: 'analysis' };

/** A run of `kind` on draft `draftId` starts now (a transcription with its video's length); its id. */
export async function startJobRun(execute: Execute, kind: DraftJobKind, draftId: string, mediaSeconds: number | null): Promise<string> {
  // A run left by a process that stopped mid-job says nothing of the provider's speed.
  await execute(`delete from draft_job_runs where draft_id = ? and finished_at is null`, [draftId]);
  const [row] = (await execute(`insert into draft_job_runs (kind, draft_id, media_seconds) values (?, ?, ?) returning id::text as id`, [
    kind,
    draftId,
    mediaSeconds,
  ])) as { id: string }[];
  return row.id;
}

/** The run wrote its result: it counts for the next estimates; only the newest KEPT_RUNS of its kind are kept. */
export async function finishJobRun(execute: Execute, runId: string): Promise<void> {
  await execute(`update draft_job_runs set finished_at = now() where id = ?`, [runId]);
  await execute(
    `delete from draft_job_runs d using (select kind from draft_job_runs where id = ?) finished
      where d.kind = finished.kind and d.finished_at is not null
        and d.id not in (select r.id from draft_job_runs r where r.kind = finished.kind and r.finished_at is not null
                         order by r.finished_at desc limit ${KEPT_RUNS})`,
    [runId],
  );
}

/** The run stopped without a result (cancelled, failed, given up): it is forgotten. */
export async function dropJobRun(execute: Execute, runId: string): Promise<void> {
  await execute(`delete from draft_job_runs where id = ? and finished_at is null`, [runId]);
}

/** Seconds `kind` is expected to take in all (a transcription: for `mediaSeconds` of video) at `speed`. */
export const expectedSeconds = (kind: DraftJobKind, speed: number, mediaSeconds: number | null): number | null =>
  kind === 'analysis' ? speed : mediaSeconds !== null && mediaSeconds > 0 ? speed * mediaSeconds : null;

/**
 * The seconds left of the job running on a draft in `estado`, whole, at least 1 while it runs; null when no job
 * runs, or its run has not started (queued; a transcription whose video is still being measured).
 */
export async function secondsLeft(execute: Execute, draftId: string, estado: DraftState): Promise<number | null> {
  const kind = KIND_OF_STATE[estado];
  if (!kind) return null;
  const [row] = (await execute(
    `select r.media_seconds, extract(epoch from clock_timestamp() - r.started_at)::float8 as elapsed,
       (select percentile_cont(0.5) within group (order by x.speed) from (
          select extract(epoch from f.finished_at - f.started_at)::float8
                 / (case when f.kind = 'transcription' then nullif(f.media_seconds, 0) else 1 end) as speed
          from draft_job_runs f where f.kind = r.kind and f.finished_at is not null
          order by f.finished_at desc limit ${RECENT_RUNS}) x where x.speed is not null) as speed
     from draft_job_runs r where r.draft_id = ? and r.kind = ? and r.finished_at is null
     order by r.started_at desc limit 1`,
    [draftId, kind],
  )) as { media_seconds: number | null; elapsed: number; speed: number | null }[];
  if (!row) return null;
  const total = expectedSeconds(kind, row.speed ?? DEFAULT_SPEED[kind], row.media_seconds);
  return total === null ? null : Math.max(1, Math.ceil(total - row.elapsed));
}
