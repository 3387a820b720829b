import { ConflictException } from '@nestjs/common';
import { MSG, isDraftBusy, isDraftCancellable, type DraftState } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';
import type { Execute } from '../common/sql/execute';
import type { RowJob } from '../jobs/row-job';
import { claimDraftForJob } from './draft-writes';
import type { DraftProgressDto } from './dto/draft.dto';
import type { DraftsQuery } from './drafts.query';

/** The 409 for a draft that is not free (DRAFT_FREE_STATES) to take a job or a save. */
export function notFree(estado: DraftState): ConflictException {
  if (estado === 'completado') return new ConflictException(problem(MSG.drafts.alreadySaved, 'DRAFT_SAVED'));
  if (estado === 'guardando') return new ConflictException(problem(MSG.drafts.saving, 'DRAFT_BUSY'));
  return new ConflictException(problem(MSG.ai.draftJobRunning, 'JOB_RUNNING'));
}

/** Refuses (409) a draft that a job or a save holds, or that became a session. */
export function assertDraftFree(estado: DraftState): void {
  if (estado === 'completado' || isDraftBusy(estado)) throw notFree(estado);
}

/**
 * Starts `job` on draft `id`, handing the draft to it in the job state `estado` (claimDraftForJob), and answers the
 * draft's progress as the claim left it: read before the job is queued, so the answer (progress 1) does not depend on
 * how far the job got. Refused with 409 while the draft's previous job, cancelled, still stops (it has read its input:
 * it must not go on under the new claim), and when the claim fails (another start, a save, or a job won the draft
 * meanwhile).
 */
export async function startDraftJob(job: RowJob, drafts: DraftsQuery, id: string, estado: DraftState): Promise<DraftProgressDto> {
  if (await job.active(id)) throw new ConflictException(problem(MSG.drafts.stillStopping, 'JOB_RUNNING'));
  const claimed: { progress?: DraftProgressDto } = {};
  const started = await job.start(id, async () => {
    if (!(await claimDraftForJob(drafts.execute, id, estado))) return false;
    claimed.progress = await drafts.progress(id);
    return true;
  });
  if (started) return claimed.progress!;
  throw notFree((await draftState(drafts.execute, id)) ?? 'procesando');
}

/** The 409 for saving the session of a draft that is not free: a job runs (wait or cancel it), it is saving or saved. */
export function notFreeToSave(estado: DraftState): ConflictException {
  if (isDraftCancellable(estado)) return new ConflictException(problem(MSG.drafts.jobRunningOnSave, 'JOB_RUNNING'));
  return notFree(estado);
}

/** The draft's state now, or null once it is gone. */
export async function draftState(execute: Execute, id: string): Promise<DraftState | null> {
  const [row] = (await execute(`select estado from session_drafts where id = ?`, [id])) as { estado: DraftState }[];
  return row?.estado ?? null;
}
