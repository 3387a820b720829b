import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DraftProgress } from '@consulta/shared';
import { API, api, bearer, therapistSession, type Session } from './support/api';
import { draftProgress, startAiApp, waitForDraft, type AiApp } from './support/ai-app';
import { aDraftWithVideo } from './support/clinical';
import { makeVideo } from './support/media';
import { defaultTranscription, startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { waitFor } from './support/storage';

/**
 * The time a draft job still takes (`segundos_restantes` of the draft's progress): from the video's length and the
 * provider's speed in its last runs (a default before any), counted down while the job runs, null when none runs.
 * The app cuts the audio into 10 s pieces here: the 35 s video is four pieces, the first alone, then the rest.
 */
const START_TRANSCRIPTION = `${API}/sesiones-asincronas/start-transcription`;
const START_ANALYSIS = `${API}/sesiones-asincronas/start-analysis`;
const CANCEL = `${API}/sesiones-asincronas/cancel`;
const VIDEO_SECONDS = 35;
/** DEFAULT_SPEED: 0.1 s of work per second of video; 60 s per analysis. */
const DEFAULT_TRANSCRIPTION_S = 0.1 * VIDEO_SECONDS;
const DEFAULT_ANALYSIS_S = 60;

const videoDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-estimate-videos-'));
let speech: Buffer;
beforeAll(async () => {
  speech = readFileSync(await makeVideo(videoDir, 'speech', VIDEO_SECONDS));
}, 60_000);

describe('the time left of a draft job', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('estimate', peer.url, { OPENAI_TIMEOUT_MS: '60000' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(() => peer.reset());

  const draftWithVideo = async (me: Session, fields: Record<string, unknown> = {}) =>
    (await aDraftWithVideo(me, { video: speech, fileName: 'Sesión.mp4', fields }, t)).draft;
  const start = (me: Session, route: string, id: string) => api(t).post(`${route}/${id}`).set(bearer(me.token));
  const estimates = (seen: DraftProgress[], estado: string) =>
    seen.filter((p) => p.estado === estado && p.segundos_restantes !== null).map((p) => p.segundos_restantes as number);

  it('a transcription: the default speed first, then the speed measured; nothing once it ends or is cancelled', async () => {
    const me = await therapistSession('Terapeuta que espera', t);
    const first = await draftWithVideo(me);
    expect((await draftProgress(t, me, first.id)).segundos_restantes).toBeNull();

    // Each piece takes 3 s at the provider: the first alone, the three others together, so at least 6 s in all.
    peer.onTranscription((req) => ({ delayMs: 3000, then: defaultTranscription(req) }));
    const startedAt = Date.now();
    await start(me, START_TRANSCRIPTION, first.id).expect(202);
    const { last, seen } = await waitForDraft(t, me, first.id, (p) => p.estado !== 'transcribiendo', 60_000);
    const took = (Date.now() - startedAt) / 1000;
    expect(last).toMatchObject({ estado: 'borrador', segundos_restantes: null });
    const firstEstimates = estimates(seen, 'transcribiendo');
    expect(firstEstimates.length).toBeGreaterThan(0);
    // No run measured yet: the default speed for 35 s of video, counted down, never below 1 while it runs.
    expect(Math.max(...firstEstimates)).toBeLessThanOrEqual(Math.ceil(DEFAULT_TRANSCRIPTION_S));
    expect(Math.min(...firstEstimates)).toBeGreaterThanOrEqual(1);
    expect(took).toBeGreaterThan(6);

    // The next one, of a video as long: the first run's speed, about the time it took.
    peer.onTranscription(() => ({ hang: true }));
    const second = await draftWithVideo(me);
    await start(me, START_TRANSCRIPTION, second.id).expect(202);
    const { last: measured } = await waitForDraft(t, me, second.id, (p) => p.segundos_restantes !== null, 30_000);
    expect(measured.estado).toBe('transcribiendo');
    expect(measured.segundos_restantes).toBeGreaterThan(Math.ceil(DEFAULT_TRANSCRIPTION_S));
    expect(measured.segundos_restantes).toBeLessThanOrEqual(Math.ceil(took) + 1);
    // Counted down while it runs.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await draftProgress(t, me, second.id)).segundos_restantes).toBeLessThan(measured.segundos_restantes!);

    const cancelled = await api(t).post(`${CANCEL}/${second.id}`).set(bearer(me.token)).expect(200);
    expect(cancelled.body).toMatchObject({ estado: 'cancelado', segundos_restantes: null });
  }, 120_000);

  it('an analysis: about a minute before any ran; another therapist cannot read it', async () => {
    const me = await therapistSession('Terapeuta que analiza', t);
    const draft = await draftWithVideo(me, { notas: 'Notas para analizar' });
    peer.onChat(() => ({ hang: true }));
    await start(me, START_ANALYSIS, draft.id).expect(202);
    await waitFor('the analysis at the provider', () => peer.chats().some((r) => r.complete), 30_000);
    const running = await draftProgress(t, me, draft.id);
    expect(running.estado).toBe('procesando');
    expect(running.segundos_restantes).toBeGreaterThan(DEFAULT_ANALYSIS_S - 30);
    expect(running.segundos_restantes).toBeLessThanOrEqual(DEFAULT_ANALYSIS_S);

    const other = await therapistSession('Otra terapeuta', t);
    await api(t).get(`${API}/sesiones-asincronas/progress/${draft.id}`).set(bearer(other.token)).expect(404);
    await api(t).post(`${CANCEL}/${draft.id}`).set(bearer(me.token)).expect(200);
    expect((await draftProgress(t, me, draft.id)).segundos_restantes).toBeNull();
  }, 60_000);
});
