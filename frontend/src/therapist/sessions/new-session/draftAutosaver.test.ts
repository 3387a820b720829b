import type { DraftPayload, DraftProgress, SessionDraft } from '@consulta/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../app/core/http';
import { DRAFT_ID as ID, aDraft, aDraftProgress } from '../../../test/factories';
import { fromDraft, toLocalDateTime } from '../sessionForm';
import { DraftAutosaver, SAVE_RETRY_MS, type DraftCalls, type DraftEvents } from './draftAutosaver';
import { DraftNotSavedError } from './draftJobControl';

const apiError = (status: number, code: string) => new ApiError(code, status, { detail: code, code });

/** Resolves when told: to see what happens while a request is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const calls = {
    createDraft: vi.fn((data: DraftPayload & { paciente_id: string }) => Promise.resolve(aDraft({ notas: data.notas ?? null }))),
    updateDraft: vi.fn((_id: string, _data: DraftPayload) => Promise.resolve(aDraft())),
    getDraft: vi.fn((_id: string) => Promise.resolve(aDraft())),
    getDraftProgress: vi.fn((_id: string) => Promise.resolve(aDraftProgress())),
    updateDraftOnPageHide: vi.fn((_id: string, _data: DraftPayload) => Promise.resolve(aDraft())),
    startTranscription: vi.fn((_id: string) => Promise.resolve(aDraftProgress({ estado: 'transcribiendo', progreso: 1 }))),
    startAnalysis: vi.fn((_id: string) => Promise.resolve(aDraftProgress({ estado: 'procesando', progreso: 1 }))),
    cancelJob: vi.fn((_id: string) => Promise.resolve(aDraftProgress({ estado: 'cancelado', progreso: 0 }))),
  } satisfies DraftCalls;
  const events = {
    changed: vi.fn(),
    gone: vi.fn(),
    recreating: vi.fn(),
    busyLoading: vi.fn(),
    switchBlocked: vi.fn(),
    loadFailed: vi.fn(),
    progressFailed: vi.fn(),
    savedElsewhere: vi.fn(),
  } satisfies DraftEvents;
  const saver = new DraftAutosaver(calls, () => new Date(2026, 10, 23, 9, 5));
  saver.setEvents(events);
  saver.attach();
  saver.setPatient('p1');
  const type = (patch: Partial<ReturnType<typeof saver.getSnapshot>['form']>) => saver.setForm({ ...saver.getSnapshot().form, ...patch });
  return { calls, events, saver, type, form: () => saver.getSnapshot().form };
}

/** Lets pending promise callbacks run (fake timers do not advance microtasks on their own). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});

describe('draft autosaver', () => {
  it("starts from an appointment's day, duration and id: nothing unsaved until typed, and the draft carries them", async () => {
    const { calls, saver, type, form } = setup();
    saver.prefill({ cita_id: 'c1', fecha: '2026-11-24T10:00', duracion_minutos: '50' });
    expect(form()).toMatchObject({ cita_id: 'c1', fecha: '2026-11-24T10:00', duracion_minutos: '50' });
    expect(saver.hasUnsavedTyping()).toBe(false);
    type({ tipo: 'psicoterapia' });
    await settle();
    expect(calls.createDraft.mock.calls[0][0]).toMatchObject({ paciente_id: 'p1', cita_id: 'c1', duracion_minutos: 50 });
  });

  it('creates nothing before a type is chosen, then a draft with everything typed on the first choice', async () => {
    const { calls, events, saver, type } = setup();
    type({ titulo: 'Lunes' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.createDraft).not.toHaveBeenCalled();
    expect(saver.getSnapshot().save.kind).toBe('idle');

    type({ tipo: 'psicoterapia' });
    await settle();
    expect(calls.createDraft).toHaveBeenCalledTimes(1);
    expect(calls.createDraft.mock.calls[0][0]).toMatchObject({
      paciente_id: 'p1',
      titulo: 'Lunes',
      tipo_sesion: 'psicoterapia',
      num_voces: 2,
    });
    expect(saver.getSnapshot().draft?.id).toBe(ID);
    expect(saver.getSnapshot().save.kind).toBe('saved');
    expect(events.changed).toHaveBeenCalledWith(expect.objectContaining({ id: ID }));
  });

  it('saves 2 s after the last change, only the fields that changed', async () => {
    const { calls, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'H' });
    await vi.advanceTimersByTimeAsync(1500);
    type({ notas: 'Hola' });
    expect(saver.getSnapshot().save.kind).toBe('pending');
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.updateDraft).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.updateDraft).toHaveBeenCalledWith(ID, { notas: 'Hola' });
    expect(saver.getSnapshot().save.kind).toBe('saved');
    // Nothing changed since: nothing sent.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.updateDraft).toHaveBeenCalledTimes(1);
  });

  it('what is typed while a save is in flight is saved next', async () => {
    const { calls, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    const first = deferred<SessionDraft>();
    calls.updateDraft.mockImplementationOnce(() => first.promise);
    type({ notas: 'Uno' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saver.getSnapshot().save.kind).toBe('saving');
    type({ notas: 'Uno dos', temas_importantes: 'Duelo' });
    await vi.advanceTimersByTimeAsync(2000); // the debounce fires during the flight: one more pass is queued
    expect(calls.updateDraft).toHaveBeenCalledTimes(1);
    first.resolve(aDraft({ notas: 'Uno' }));
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledTimes(2);
    expect(calls.updateDraft.mock.calls[1]).toEqual([ID, { notas: 'Uno dos', temas_importantes: 'Duelo' }]);
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('a missing draft (404 NOT_FOUND) is announced and created again with what is on screen', async () => {
    const { calls, events, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    calls.updateDraft.mockRejectedValueOnce(apiError(404, 'NOT_FOUND'));
    calls.createDraft.mockResolvedValueOnce(aDraft({ id: 'new-id', draft_id: 'new-id' }));
    type({ notas: 'No se pierde' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(events.gone).toHaveBeenCalledWith(ID);
    expect(events.recreating).toHaveBeenCalled();
    expect(calls.createDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ paciente_id: 'p1', notas: 'No se pierde', tipo_sesion: 'psicoterapia' }),
    );
    expect(saver.getSnapshot().draft?.id).toBe('new-id');
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('a busy draft (409 DRAFT_BUSY) takes the job fields from the server and saves the rest', async () => {
    const { calls, type, form } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    calls.updateDraft.mockRejectedValueOnce(apiError(409, 'DRAFT_BUSY'));
    calls.getDraft.mockResolvedValueOnce(aDraft({ estado: 'transcribiendo', archivo_video_info: { script_text: 'Del trabajo' } }));
    type({ notas: 'Mías', transcripcion: 'Editada' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.updateDraft.mock.calls[0][1]).toEqual({ notas: 'Mías', archivo_video_info: { script_text: 'Editada' } });
    expect(calls.updateDraft.mock.calls[1][1]).toEqual({ notas: 'Mías' });
    expect(form()).toMatchObject({ notas: 'Mías', transcripcion: 'Del trabajo' });
  });

  it('a failure without an answer is shown and tried again', async () => {
    const { calls, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    calls.updateDraft.mockRejectedValueOnce(new ApiError('sin conexión', 0));
    type({ notas: 'x' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(saver.getSnapshot().save).toEqual({ kind: 'error', detail: null });
    await vi.advanceTimersByTimeAsync(SAVE_RETRY_MS);
    expect(calls.updateDraft).toHaveBeenCalledTimes(2);
    expect(saver.getSnapshot().save.kind).toBe('saved');
  });

  it('polls a draft in progress 2 s after opening, then every 3 s, and reloads it when a job has finished', async () => {
    const { calls, saver, type, form } = setup();
    calls.getDraft.mockResolvedValueOnce(aDraft({ estado: 'transcribiendo', progreso: 40 }));
    await saver.open(ID);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.getDraftProgress).not.toHaveBeenCalled();
    calls.getDraftProgress.mockResolvedValueOnce(aDraftProgress({ estado: 'transcribiendo', progreso: 60 }));
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot().draft?.progreso).toBe(60);

    const done = aDraftProgress({
      estado: 'borrador',
      progreso: 100,
      archivo_video_info: { transcript: [{ speaker_label: 'A', start_time: 0, end_time: 1, text: 'Hola' }] },
    });
    calls.getDraftProgress.mockResolvedValueOnce(done);
    calls.getDraft.mockResolvedValueOnce(aDraft({ archivo_video_info: done.archivo_video_info }));
    await vi.advanceTimersByTimeAsync(2000);
    type({ notas: 'Escribiendo mientras tanto' }); // not saved yet when the poll sees the transcript
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(2);
    expect(calls.updateDraft).not.toHaveBeenCalled();
    expect(form()).toMatchObject({ transcripcion: 'A: Hola', notas: 'Escribiendo mientras tanto' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.updateDraft).toHaveBeenCalledWith(ID, { notas: 'Escribiendo mientras tanto' });

    calls.getDraftProgress.mockResolvedValueOnce(
      aDraftProgress({ estado: 'cancelado', progreso: 0, archivo_video_info: done.archivo_video_info }),
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(saver.getSnapshot().draft?.estado).toBe('cancelado');
    await vi.advanceTimersByTimeAsync(9000);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(3);
  });

  it('opening a draft saves the current one first; switching is refused while one loads', async () => {
    const { calls, events, saver, type, form } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'Antes de cambiar' });
    const loading = deferred<SessionDraft>();
    calls.getDraft.mockImplementationOnce(() => loading.promise);
    const opening = saver.open('other');
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledWith(ID, { notas: 'Antes de cambiar' });
    expect(saver.getSnapshot().loading).toBe(true);
    await saver.open('third');
    expect(events.busyLoading).toHaveBeenCalled();
    const other = aDraft({ id: 'other', draft_id: 'other', notas: 'La otra', fecha: '2026-11-20T15:30:00.000Z', num_voces: 32 });
    loading.resolve(other);
    await opening;
    expect(form()).toEqual(fromDraft(other));
    expect(form().fecha).toBe(toLocalDateTime('2026-11-20T15:30:00.000Z'));
    expect(saver.getSnapshot().loading).toBe(false);
    expect(saver.hasUnsaved()).toBe(false);
  });

  it('a switch is refused when the current draft cannot be saved', async () => {
    const { calls, events, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    calls.updateDraft.mockRejectedValueOnce(new ApiError('sin conexión', 0));
    type({ notas: 'x' });
    await saver.open('other');
    expect(events.switchBlocked).toHaveBeenCalled();
    expect(calls.getDraft).not.toHaveBeenCalled();
    expect(saver.getSnapshot().draft?.id).toBe(ID);
  });

  it('finishing waits for the save in flight, passes the draft id, starts over, and never saves the draft again', async () => {
    const { calls, events, saver, type, form } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    const inFlight = deferred<SessionDraft>();
    calls.updateDraft.mockImplementationOnce(() => inFlight.promise);
    type({ notas: 'Final' });
    await vi.advanceTimersByTimeAsync(2000);
    const polls = calls.getDraftProgress.mock.calls.length;
    const save = vi.fn((_id: string | null) => Promise.resolve());
    const finishing = saver.finalize(save);
    await settle();
    expect(save).not.toHaveBeenCalled();
    inFlight.resolve(aDraft({ notas: 'Final' }));
    await finishing;
    expect(save).toHaveBeenCalledWith(ID);
    expect(events.gone).toHaveBeenCalledWith(ID);
    expect(form()).toMatchObject({ tipo: '', notas: '', titulo: '' });
    expect(saver.getSnapshot().draft).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.updateDraft).toHaveBeenCalledTimes(1);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(polls);
  });

  it('a failed finish keeps the form and the draft', async () => {
    const { saver, type, form } = setup();
    type({ tipo: 'psicoterapia', notas: 'Se queda' });
    await settle();
    await expect(saver.finalize(() => Promise.reject(apiError(400, 'VALIDATION')))).rejects.toThrow();
    expect(form().notas).toBe('Se queda');
    expect(saver.getSnapshot().draft?.id).toBe(ID);
  });

  it('when the page is hidden, pending changes leave at once in a request that outlives the page', async () => {
    const { calls, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'Justo antes de recargar' });
    saver.pageHidden();
    await settle();
    expect(calls.updateDraftOnPageHide).toHaveBeenCalledWith(ID, { notas: 'Justo antes de recargar' });
    expect(calls.updateDraft).not.toHaveBeenCalled();
  });

  it('unmounting saves what is pending and stops polling', async () => {
    const { calls, saver, type } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'Al salir' });
    saver.detach();
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledWith(ID, { notas: 'Al salir' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.getDraftProgress).not.toHaveBeenCalled(); // it would have been after 2 s
  });

  it('deleting the open draft empties the form without saving it', async () => {
    const { calls, events, saver, type, form } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'Descartada' });
    const remove = vi.fn(() => Promise.resolve());
    await saver.discard(ID, remove);
    expect(remove).toHaveBeenCalled();
    expect(events.gone).toHaveBeenCalledWith(ID);
    expect(form().notas).toBe('');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.updateDraft).not.toHaveBeenCalled();
  });

  it('says when something on screen is not on the server: typed before a type, pending, in flight, or failed', async () => {
    const { calls, saver, type } = setup();
    expect(saver.hasUnsavedTyping()).toBe(false);
    type({ titulo: 'Lunes' });
    // No type: no draft can hold it yet.
    expect(saver.hasUnsavedTyping()).toBe(true);
    type({ tipo: 'psicoterapia' });
    await settle();
    expect(saver.hasUnsavedTyping()).toBe(false);

    type({ notas: 'Pendiente' });
    expect(saver.hasUnsavedTyping()).toBe(true);
    const inFlight = deferred<SessionDraft>();
    calls.updateDraft.mockReturnValueOnce(inFlight.promise);
    const flushed = saver.flush();
    await settle();
    expect(saver.hasUnsavedTyping()).toBe(true);
    inFlight.reject(new ApiError('Sin conexión', 0));
    await expect(flushed).resolves.toBe(false);
    expect(saver.hasUnsavedTyping()).toBe(true);

    await expect(saver.flush()).resolves.toBe(true);
    expect(saver.hasUnsavedTyping()).toBe(false);
  });

  it("a link to another patient's draft does not open it on this patient's page", async () => {
    const { calls, events, saver } = setup();
    calls.getDraft.mockResolvedValueOnce(aDraft({ id: 'otro', draft_id: 'otro', paciente_id: 'p2', notas: 'De otro paciente' }));
    await saver.open('otro');
    expect(saver.getSnapshot().draft).toBeNull();
    expect(saver.getSnapshot().form.notas).toBe('');
    expect(events.loadFailed).toHaveBeenCalledTimes(1);

    await saver.open(ID);
    expect(saver.getSnapshot().draft?.id).toBe(ID);
  });

  it('a draft of another patient is saved and closed when the patient changes', async () => {
    const { calls, saver, type, form } = setup();
    type({ tipo: 'psicoterapia' });
    await settle();
    type({ notas: 'De p1' });
    saver.setPatient('p2');
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledWith(ID, { notas: 'De p1' });
    expect(saver.getSnapshot().draft).toBeNull();
    expect(form().notas).toBe('');
  });

  describe('background jobs', () => {
    const SEGMENTS = [
      { speaker_label: 'Hablante 1', start_time: 0, end_time: 2, text: 'Hola' },
      { speaker_label: 'Hablante 2', start_time: 2.5, end_time: 4, text: 'Buenas' },
    ];

    it('saves what is typed first, shows the answer at once, polls 2 s after the launch and reloads the results', async () => {
      const { calls, events, saver, type, form } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      await vi.advanceTimersByTimeAsync(1500); // the draft's regular polling is under way
      type({ num_voces: 3 });
      const started = saver.startJob('transcription');
      await settle();
      expect(calls.updateDraft).toHaveBeenCalledWith(ID, { num_voces: 3 });
      expect(calls.updateDraft.mock.invocationCallOrder[0]).toBeLessThan(calls.startTranscription.mock.invocationCallOrder[0]);
      await started;
      expect(calls.startTranscription).toHaveBeenCalledWith(ID);
      expect(saver.getSnapshot().draft).toMatchObject({ estado: 'transcribiendo', progreso: 1 });
      expect(events.changed).toHaveBeenLastCalledWith(expect.objectContaining({ estado: 'transcribiendo' }));

      const polls = calls.getDraftProgress.mock.calls.length;
      calls.getDraftProgress.mockResolvedValueOnce(aDraftProgress({ estado: 'transcribiendo', progreso: 55 }));
      await vi.advanceTimersByTimeAsync(1999);
      expect(calls.getDraftProgress).toHaveBeenCalledTimes(polls);
      await vi.advanceTimersByTimeAsync(1);
      expect(saver.getSnapshot().draft?.progreso).toBe(55);

      const done = aDraftProgress({
        estado: 'borrador',
        progreso: 100,
        archivo_video_info: { transcript: SEGMENTS, script_text: 'Hablante 1: Hola\nHablante 2: Buenas' },
      });
      calls.getDraftProgress.mockResolvedValueOnce(done);
      calls.getDraft.mockResolvedValueOnce(aDraft({ progreso: 100, num_voces: 2, archivo_video_info: done.archivo_video_info }));
      await vi.advanceTimersByTimeAsync(3000);
      expect(saver.getSnapshot().draft).toMatchObject({ estado: 'borrador', progreso: 100 });
      expect(form()).toMatchObject({ segments: SEGMENTS, transcripcion: 'Hablante 1: Hola\nHablante 2: Buenas', num_voces: 2 });
      expect(saver.hasUnsaved()).toBe(false);
    });

    it('an answer of a poll sent before the start never undoes it', async () => {
      const { calls, saver, type } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      const stale = deferred<DraftProgress>();
      calls.getDraftProgress.mockImplementationOnce(() => stale.promise);
      await vi.advanceTimersByTimeAsync(2000); // a poll is in flight
      await saver.startJob('analysis');
      expect(calls.startAnalysis).toHaveBeenCalledWith(ID);
      expect(saver.getSnapshot().draft).toMatchObject({ estado: 'procesando', progreso: 1 });
      stale.resolve(aDraftProgress({ estado: 'borrador', progreso: 0 }));
      await settle();
      expect(saver.getSnapshot().draft?.estado).toBe('procesando');
    });

    it('starting again after a failure clears it and polls again', async () => {
      const { calls, saver } = setup();
      calls.getDraft.mockResolvedValueOnce(
        aDraft({ estado: 'fallido', progreso: 30, mensaje_error: 'La transcripción falló. Puedes intentar nuevamente.' }),
      );
      await saver.open(ID);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(calls.getDraftProgress).not.toHaveBeenCalled(); // terminal: not polled
      await saver.startJob('transcription');
      expect(saver.getSnapshot().draft).toMatchObject({ estado: 'transcribiendo', mensaje_error: null });
      await vi.advanceTimersByTimeAsync(2000);
      expect(calls.getDraftProgress).toHaveBeenCalledTimes(1);
    });

    it('a refusal is thrown back; JOB_RUNNING reads the running job first', async () => {
      const { calls, saver, type } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      calls.startTranscription.mockRejectedValueOnce(apiError(409, 'JOB_RUNNING'));
      calls.getDraftProgress.mockResolvedValueOnce(aDraftProgress({ estado: 'transcribiendo', progreso: 20 }));
      await expect(saver.startJob('transcription')).rejects.toMatchObject({ code: 'JOB_RUNNING' });
      expect(saver.getSnapshot().draft).toMatchObject({ estado: 'transcribiendo', progreso: 20 });

      calls.startAnalysis.mockRejectedValueOnce(apiError(503, 'AI_NOT_CONFIGURED'));
      await expect(saver.startJob('analysis')).rejects.toMatchObject({ code: 'AI_NOT_CONFIGURED' });
    });

    it('nothing starts when what is typed cannot be saved first', async () => {
      const { calls, saver, type } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      calls.updateDraft.mockRejectedValueOnce(new ApiError('sin conexión', 0));
      type({ notas: 'Sin guardar' });
      await expect(saver.startJob('analysis')).rejects.toBeInstanceOf(DraftNotSavedError);
      expect(calls.startAnalysis).not.toHaveBeenCalled();
    });
  });

  describe('the video', () => {
    const VIDEO = {
      file_key: 'files/t/sesiones/p1/0123456789abcdef-sesion.mp4',
      video_url: 'files/t/sesiones/p1/0123456789abcdef-sesion.mp4',
      estado_upload: 'completado',
      upload_progress: 100,
    };

    it('is written to the open draft (only archivo_video_info), and the draft takes the answer', async () => {
      const { calls, events, saver, type } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      calls.updateDraft.mockResolvedValueOnce(aDraft({ archivo_video_info: VIDEO }));
      const saved = await saver.setVideo(VIDEO);
      expect(calls.updateDraft).toHaveBeenCalledWith(ID, { archivo_video_info: VIDEO });
      expect(saved.archivo_video_info.file_key).toBe(VIDEO.file_key);
      expect(saver.getSnapshot().draft?.archivo_video_info.file_key).toBe(VIDEO.file_key);
      expect(events.changed).toHaveBeenLastCalledWith(expect.objectContaining({ archivo_video_info: VIDEO }));
    });

    it('creates the draft first when there is none yet (no type chosen), with what is typed', async () => {
      const { calls, saver, type } = setup();
      type({ titulo: 'Con video' });
      calls.createDraft.mockResolvedValueOnce(aDraft({ titulo: 'Con video', tipo_sesion: null, archivo_video_info: VIDEO }));
      await saver.setVideo(VIDEO);
      expect(calls.createDraft).toHaveBeenCalledTimes(1);
      expect(calls.createDraft.mock.calls[0][0]).toMatchObject({ paciente_id: 'p1', titulo: 'Con video', archivo_video_info: VIDEO });
      expect(saver.getSnapshot().draft?.id).toBe(ID);
      expect(saver.hasUnsaved()).toBe(false);
    });

    it('waits for the save in flight, and what is typed meanwhile is saved after it', async () => {
      const { calls, saver, type } = setup();
      type({ tipo: 'psicoterapia' });
      await settle();
      const inFlight = deferred<SessionDraft>();
      calls.updateDraft.mockImplementationOnce(() => inFlight.promise);
      type({ notas: 'Uno' });
      await vi.advanceTimersByTimeAsync(2000);
      const video = deferred<SessionDraft>();
      calls.updateDraft.mockImplementationOnce(() => video.promise);
      const attaching = saver.setVideo(VIDEO);
      await settle();
      expect(calls.updateDraft).toHaveBeenCalledTimes(1);
      inFlight.resolve(aDraft({ notas: 'Uno' }));
      await settle();
      expect(calls.updateDraft).toHaveBeenCalledTimes(2);
      expect(calls.updateDraft.mock.calls[1]).toEqual([ID, { archivo_video_info: VIDEO }]);
      type({ notas: 'Uno dos' });
      await vi.advanceTimersByTimeAsync(2000); // the debounce fires while the video is written: it waits
      expect(calls.updateDraft).toHaveBeenCalledTimes(2);
      calls.updateDraft.mockImplementation(() => Promise.resolve(aDraft({ notas: 'Uno dos', archivo_video_info: VIDEO })));
      video.resolve(aDraft({ notas: 'Uno', archivo_video_info: VIDEO }));
      await attaching;
      await settle();
      expect(calls.updateDraft).toHaveBeenCalledTimes(3);
      expect(calls.updateDraft.mock.calls[2]).toEqual([ID, { notas: 'Uno dos' }]);
      expect(saver.getSnapshot().draft?.archivo_video_info.file_key).toBe(VIDEO.file_key);
    });
  });
});

describe('draft autosaver: cancel, upload and saved elsewhere', () => {
  /** An open draft (created by the first type choice), as the server answered it. */
  async function opened(patch: Partial<SessionDraft> = {}) {
    const ctx = setup();
    ctx.calls.createDraft.mockResolvedValueOnce(aDraft(patch));
    ctx.type({ tipo: 'psicoterapia' });
    await settle();
    return ctx;
  }

  it("'Cancelar procesamiento' shows 'cancelado' at once and stops polling; the list hears of it", async () => {
    const { calls, events, saver } = await opened({ estado: 'transcribiendo', progreso: 40 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(1);
    calls.getDraftProgress.mockResolvedValue(aDraftProgress({ estado: 'transcribiendo', progreso: 40 }));
    const progress = await saver.cancelJob(ID);
    expect(progress.estado).toBe('cancelado');
    expect(calls.cancelJob).toHaveBeenCalledWith(ID);
    expect(saver.getSnapshot().draft).toMatchObject({ estado: 'cancelado', progreso: 0 });
    expect(events.changed).toHaveBeenLastCalledWith(expect.objectContaining({ id: ID, estado: 'cancelado' }));
    const polls = calls.getDraftProgress.mock.calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.getDraftProgress).toHaveBeenCalledTimes(polls);
  });

  it('a cancel refused because the job just ended reads the state again and throws the refusal back', async () => {
    const { calls, saver } = await opened({ estado: 'procesando', progreso: 55 });
    calls.cancelJob.mockRejectedValueOnce(apiError(409, 'NOTHING_RUNNING'));
    calls.getDraftProgress.mockResolvedValue(aDraftProgress({ estado: 'borrador', progreso: 100 }));
    await expect(saver.cancelJob(ID)).rejects.toMatchObject({ status: 409 });
    expect(saver.getSnapshot().draft?.estado).toBe('borrador');
  });

  it('another draft of the list is cancelled without touching the open one', async () => {
    const { calls, saver } = await opened();
    const other = '11111111-2222-4333-8444-555555555555';
    calls.cancelJob.mockResolvedValueOnce(aDraftProgress({ draft_id: other, estado: 'cancelado' }));
    expect((await saver.cancelJob(other)).draft_id).toBe(other);
    expect(saver.getSnapshot().draft).toMatchObject({ id: ID, estado: 'borrador' });
  });

  it("an upload puts the open draft in 'subiendo_video' and its end takes it back, once each", async () => {
    const { calls, saver } = await opened();
    calls.updateDraft.mockResolvedValueOnce(aDraft({ estado: 'subiendo_video' }));
    saver.videoUploading(true);
    saver.videoUploading(true);
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledTimes(1);
    expect(calls.updateDraft).toHaveBeenLastCalledWith(ID, { archivo_video_info: { estado_upload: 'subiendo', upload_progress: 0 } });
    expect(saver.getSnapshot().draft?.estado).toBe('subiendo_video');

    calls.updateDraft.mockResolvedValueOnce(aDraft({ estado: 'borrador' }));
    saver.videoUploading(false);
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledTimes(2);
    expect(calls.updateDraft).toHaveBeenLastCalledWith(ID, { archivo_video_info: { estado_upload: null, upload_progress: null } });
    expect(saver.getSnapshot().draft?.estado).toBe('borrador');
  });

  it('an upload that ends by attaching its video sends nothing more; a running job is not disturbed', async () => {
    const { calls, saver } = await opened();
    calls.updateDraft.mockResolvedValueOnce(aDraft({ estado: 'subiendo_video' }));
    saver.videoUploading(true);
    await settle();
    calls.updateDraft.mockResolvedValueOnce(aDraft({ estado: 'borrador', archivo_video_info: { file_key: 'k' } }));
    const attached = saver.setVideo({ file_key: 'k', video_url: 'k', estado_upload: 'completado', upload_progress: 100 });
    saver.videoUploading(false);
    await attached;
    await settle();
    expect(calls.updateDraft).toHaveBeenCalledTimes(2);

    const busy = await opened({ estado: 'transcribiendo', progreso: 20 });
    busy.saver.videoUploading(true);
    await settle();
    expect(busy.calls.updateDraft).not.toHaveBeenCalled();
  });

  it('opening a draft left in subiendo_video by a page that is gone takes it back to borrador', async () => {
    const { calls, saver } = await opened();
    const other = '11111111-2222-4333-8444-555555555555';
    calls.getDraft.mockResolvedValueOnce(aDraft({ id: other, draft_id: other, estado: 'subiendo_video' }));
    calls.updateDraft.mockResolvedValueOnce(aDraft({ id: other, draft_id: other, estado: 'borrador' }));
    await saver.open(other);
    await settle();
    expect(calls.updateDraft).toHaveBeenLastCalledWith(other, { archivo_video_info: { estado_upload: null, upload_progress: null } });
    expect(saver.getSnapshot().draft).toMatchObject({ id: other, estado: 'borrador' });
  });

  it('a draft saved as a session in another tab: the form starts over, nothing is recreated', async () => {
    const { calls, events, saver, type } = await opened();
    type({ notas: 'Escrito aquí' });
    calls.updateDraft.mockRejectedValueOnce(apiError(409, 'DRAFT_SAVED'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(events.gone).toHaveBeenCalledWith(ID);
    expect(events.savedElsewhere).toHaveBeenCalledTimes(1);
    expect(calls.createDraft).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot().draft).toBeNull();
    expect(saver.getSnapshot().form.notas).toBe('');
  });

  it("polling that finds the draft 'completado' starts the form over too", async () => {
    const { calls, events, saver } = await opened({ estado: 'transcribiendo', progreso: 10 });
    calls.getDraftProgress.mockResolvedValue(aDraftProgress({ estado: 'completado', progreso: 100 }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(events.savedElsewhere).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot().draft).toBeNull();
    expect(calls.getDraft).not.toHaveBeenCalled();
  });
});
