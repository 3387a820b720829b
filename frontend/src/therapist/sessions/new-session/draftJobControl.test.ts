import { DRAFT_FIRST_POLL_MS, DRAFT_POLL_MS, type DraftProgress, type SessionDraft } from '@consulta/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/core/http';
import { aDraft, aDraftProgress } from '../../../test/factories';
import { emptySessionForm } from '../sessionForm';
import { DraftJobControl, DraftNotSavedError, type JobCalls } from './draftJobControl';

const ID = 'd1';

const progressOf = (patch: Partial<DraftProgress> = {}) => aDraftProgress({ draft_id: ID, ...patch });

function setup(estado: SessionDraft['estado'] = 'transcribiendo', saves = true) {
  let draft: SessionDraft = aDraft({ id: ID, draft_id: ID, estado, progreso: 10, segundos_restantes: null });
  const calls = {
    getDraftProgress: vi.fn((_id: string) => Promise.resolve(progressOf({ estado: 'transcribiendo', progreso: 50 }))),
    startTranscription: vi.fn((_id: string) => Promise.resolve(progressOf({ estado: 'transcribiendo', progreso: 1 }))),
    startAnalysis: vi.fn((_id: string) => Promise.resolve(progressOf({ estado: 'procesando', progreso: 1 }))),
    cancelJob: vi.fn((_id: string) => Promise.resolve(progressOf({ estado: 'cancelado' }))),
  } satisfies JobCalls;
  const shown: SessionDraft[] = [];
  const host = {
    draft: () => draft,
    lastSaved: () => emptySessionForm(new Date('2026-11-23T09:00:00Z')),
    attached: () => true,
    show: (next: SessionDraft) => {
      draft = next;
      shown.push(next);
    },
    reload: vi.fn((_id: string) => Promise.resolve()),
    savedElsewhere: vi.fn(),
    exclusive: <T>(fn: () => Promise<T>) => fn(),
    saveFirst: () => Promise.resolve(saves),
    progressFailed: vi.fn(),
  };
  const jobs = new DraftJobControl(calls, host);
  return { calls, host, jobs, shown, current: () => draft };
}

describe('draft job control', () => {
  beforeEach(() => vi.useFakeTimers());

  it('polls a draft in progress 2 s after, then every 3 s, and shows its progress', async () => {
    const { calls, jobs, current } = setup();
    jobs.sync();
    await vi.advanceTimersByTimeAsync(DRAFT_FIRST_POLL_MS - 1);
    expect(calls.getDraftProgress).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(1);
    expect(current().progreso).toBe(50);
    await vi.advanceTimersByTimeAsync(DRAFT_POLL_MS);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(2);
  });

  it('a terminal draft is not polled', async () => {
    const { calls, jobs } = setup('fallido');
    jobs.sync();
    await vi.advanceTimersByTimeAsync(DRAFT_FIRST_POLL_MS + DRAFT_POLL_MS);
    expect(calls.getDraftProgress).not.toHaveBeenCalled();
  });

  it('a failing poll is said once, and polling goes on', async () => {
    const { calls, host, jobs } = setup();
    calls.getDraftProgress.mockRejectedValue(new ApiError('INTERNAL', 500, { detail: 'x', code: 'INTERNAL' }));
    jobs.sync();
    await vi.advanceTimersByTimeAsync(DRAFT_FIRST_POLL_MS + 2 * DRAFT_POLL_MS);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(3);
    expect(host.progressFailed).toHaveBeenCalledTimes(1);
  });

  it('a job starts only after what is typed is saved, and its state shows at once', async () => {
    const unsaved = setup('borrador', false);
    await expect(unsaved.jobs.start('analysis')).rejects.toBeInstanceOf(DraftNotSavedError);
    expect(unsaved.calls.startAnalysis).not.toHaveBeenCalled();

    const { calls, jobs, current } = setup('borrador');
    await jobs.start('analysis');
    expect(calls.startAnalysis).toHaveBeenCalledWith(ID);
    expect(current().estado).toBe('procesando');
  });

  it("a cancel shows 'cancelado'; a job that finished meanwhile has its state read again and the refusal thrown back", async () => {
    const { calls, jobs, current } = setup();
    await jobs.cancel(ID);
    expect(current().estado).toBe('cancelado');

    const refused = setup();
    refused.calls.cancelJob.mockRejectedValue(new ApiError('NOTHING_RUNNING', 409, { detail: 'x', code: 'NOTHING_RUNNING' }));
    refused.calls.getDraftProgress.mockResolvedValue(progressOf({ estado: 'fallido' }));
    await expect(refused.jobs.cancel(ID)).rejects.toThrow();
    expect(refused.current().estado).toBe('fallido');
    expect(calls.getDraftProgress).not.toHaveBeenCalled();
  });

  it("a draft found 'completado' was saved elsewhere; one back in 'borrador' with new results is reloaded", async () => {
    const done = setup();
    done.calls.getDraftProgress.mockResolvedValue(progressOf({ estado: 'completado' }));
    done.jobs.sync();
    await vi.advanceTimersByTimeAsync(DRAFT_FIRST_POLL_MS);
    expect(done.host.savedElsewhere).toHaveBeenCalledWith(ID);

    const { calls, host, jobs } = setup();
    calls.getDraftProgress.mockResolvedValue(progressOf({ archivo_video_info: { analisis_ia: 'Resumen' } }));
    jobs.sync();
    await vi.advanceTimersByTimeAsync(DRAFT_FIRST_POLL_MS);
    expect(host.reload).toHaveBeenCalledWith(ID);
  });
});
