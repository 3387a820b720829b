import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG, type SessionDraft } from '@consulta/shared';
import { API, api, bearer, therapistSession, type Session } from './support/api';
import { draftProgress, startAiApp, waitForDraft, type AiApp } from './support/ai-app';
import { aDraftWithVideo, DRAFTS, postSession, putDraft, sessionPayload } from './support/clinical';
import { makeVideo } from './support/media';
import { startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { expectProblem, waitFor } from './support/storage';

/**
 * 'Cancelar procesamiento' against a real OpenAI-compatible peer: a running transcription or analysis stops at once
 * (its request in flight aborted), sends the provider nothing more, and leaves the draft as it was before the job,
 * in `cancelado`; from there it is processed again.
 */

const START_TRANSCRIPTION = `${API}/sesiones-asincronas/start-transcription`;
const START_ANALYSIS = `${API}/sesiones-asincronas/start-analysis`;
const CANCEL = `${API}/sesiones-asincronas/cancel`;

const videoDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-cancel-videos-'));
let speech: Buffer;
beforeAll(async () => {
  speech = readFileSync(await makeVideo(videoDir, 'speech', 35));
}, 60_000);

describe('cancelling a draft job', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    // Requests may wait long at the peer: only the cancel ends them. A job looks for its cancel every 5 s here (1 s by
    // default): a start right after a cancel meets the cancelled job still at work, whatever the machine's speed.
    t = await startAiApp('cancel', peer.url, { OPENAI_TIMEOUT_MS: '60000', JOB_WATCH_MS: '5000', LOG_LEVEL: 'info' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(() => peer.reset());

  const start = (who: Session, route: string, id: string) => api(t).post(`${route}/${id}`).set(bearer(who.token));
  const cancel = (who: Session, id: string) => api(t).post(`${CANCEL}/${id}`).set(bearer(who.token));
  const getDraft = async (who: Session, id: string) =>
    (await api(t).get(`${DRAFTS}/${id}`).set(bearer(who.token)).expect(200)).body as SessionDraft;
  /** The job said it stopped (it logs once it has let go of everything). */
  const stopped = (id: string, job: 'transcription' | 'analysis') =>
    waitFor(`the ${job} of ${id} to stop`, () => t.app.output().includes(`Draft ${id}: ${job} stopped`), 15_000);

  async function draftWithVideo(fields: Record<string, unknown> = {}) {
    const me = await therapistSession('Terapeuta que cancela', t);
    const { patientId, draft } = await aDraftWithVideo(me, { video: speech, fileName: 'Sesión larga.mp4', fields }, t);
    return { me, patientId, draft };
  }

  it('a transcription stops: its request in flight aborted, none after it, the draft as it was, in cancelado', async () => {
    const { me, draft } = await draftWithVideo({ notas: 'Lo escrito antes' });
    await putDraft(me, draft.id, { archivo_video_info: { script_text: 'Hablante 1: La transcripción de antes.' } }, t).expect(200);
    const before = await getDraft(me, draft.id);
    // The first piece's request hangs: only the cancel ends it. Without the cancel three more pieces would follow.
    peer.onTranscription(() => ({ hang: true }));
    expect((await start(me, START_TRANSCRIPTION, draft.id).expect(202)).body.estado).toBe('transcribiendo');
    await waitFor('the first piece at the provider', () => peer.transcriptions().some((r) => r.complete), 30_000);

    const cancelled = await cancel(me, draft.id).expect(200);
    expect(cancelled.body).toMatchObject({ draft_id: draft.id, estado: 'cancelado', progreso: 0, mensaje_error: null });
    // Started again before the cancelled job has let go: refused, not mixed with it.
    expectProblem(await start(me, START_TRANSCRIPTION, draft.id), 409, MSG.drafts.stillStopping, 'JOB_RUNNING');
    await stopped(draft.id, 'transcription');
    const sent = peer.transcriptions().length;
    expect(sent).toBe(1);
    expect(peer.transcriptions()[0].aborted).toBe(true);
    // Long enough for the pieces that would have followed.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(peer.requests).toHaveLength(sent);
    expect(await getDraft(me, draft.id)).toEqual({ ...before, estado: 'cancelado', progreso: 0 });
    expect((await draftProgress(t, me, draft.id)).estado).toBe('cancelado');
    expect(t.app.output()).not.toContain(`Draft ${draft.id}: transcription failed`);

    // From cancelado: started again, it transcribes.
    peer.reset();
    await start(me, START_TRANSCRIPTION, draft.id).expect(202);
    const { last } = await waitForDraft(t, me, draft.id, (p) => p.estado === 'borrador' || p.estado === 'fallido');
    expect(last).toMatchObject({ estado: 'borrador', mensaje_error: null });
    expect((await getDraft(me, draft.id)).archivo_video_info.transcript?.length).toBeGreaterThan(0);
  }, 60_000);

  it('an analysis stops between its steps: no patient version is asked for, the earlier analyses stay', async () => {
    const { me, draft } = await draftWithVideo({ notas: 'Notas para analizar', analisis_ia_paciente: 'Versión anterior' });
    await putDraft(me, draft.id, { archivo_video_info: { analisis_ia: 'Análisis anterior' } }, t).expect(200);
    const before = await getDraft(me, draft.id);
    peer.onChat(() => ({ hang: true }));
    await start(me, START_ANALYSIS, draft.id).expect(202);
    await waitFor('the therapist analysis at the provider', () => peer.chats().some((r) => r.complete), 30_000);

    expect((await cancel(me, draft.id).expect(200)).body.estado).toBe('cancelado');
    await stopped(draft.id, 'analysis');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(peer.chats()).toHaveLength(1);
    expect(peer.chats()[0].aborted).toBe(true);
    const after = await getDraft(me, draft.id);
    expect(after).toEqual({ ...before, estado: 'cancelado', progreso: 0 });
    expect(after).toMatchObject({ analisis_ia_paciente: 'Versión anterior', archivo_video_info: { analisis_ia: 'Análisis anterior' } });
  }, 60_000);

  it('a draft saved as a session takes no job and has none to cancel', async () => {
    const { me, draft, patientId } = await draftWithVideo({ notas: 'Notas' });
    await postSession(me, sessionPayload(patientId, { draft_id: draft.id }), t).expect(201);
    expectProblem(await start(me, START_TRANSCRIPTION, draft.id), 409, MSG.drafts.alreadySaved, 'DRAFT_SAVED');
    expectProblem(await start(me, START_ANALYSIS, draft.id), 409, MSG.drafts.alreadySaved, 'DRAFT_SAVED');
    expectProblem(await cancel(me, draft.id), 409, MSG.drafts.nothingRunning, 'NOTHING_RUNNING');
    expect(peer.requests).toHaveLength(0);
  });

  it('another therapist cannot cancel a running job (404): it goes on', async () => {
    const { me, draft } = await draftWithVideo();
    peer.onTranscription(() => ({ hang: true }));
    await start(me, START_TRANSCRIPTION, draft.id).expect(202);
    const other = await therapistSession('Otra Terapeuta', t);
    expectProblem(await cancel(other, draft.id), 404, MSG.drafts.notFound, 'NOT_FOUND');
    expect((await draftProgress(t, me, draft.id)).estado).toBe('transcribiendo');
    // Its owner ends it (and the app's peer request) for the next test.
    await cancel(me, draft.id).expect(200);
    await stopped(draft.id, 'transcription');
  }, 30_000);
});
