import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DraftProgress } from '@consulta/shared';
import { API, api, bearer, type AppTarget, type Session } from './api';
import { dropRedisKeys, freshDatabase } from './databases';
import { testEnv } from './env';
import { startApp, startWorker, type RunningApp, type RunningWorker } from './processes';
import { waitFor } from './storage';

/**
 * An app of its own for the AI tests: a fresh database, its own Redis prefix and DATA_DIR (local storage), the
 * AI provider pointed at a peer (openai-peer.ts), short audio pieces and quick retries. `restart` stops it and
 * starts it again on the same database and files (a process that died mid-job); `worker` starts a job worker
 * on the same settings.
 */
export interface AiApp extends AppTarget {
  env: Record<string, string>;
  app: RunningApp;
  restart: (extra?: Record<string, string>) => Promise<void>;
  worker: () => Promise<RunningWorker>;
  close: () => Promise<void>;
}

export const AI_TEST_SETTINGS = {
  OPENAI_API_KEY: 'sk-test-consulta',
  TRANSCRIBE_PIECE_SECONDS: '10',
  JOB_RETRY_DELAY_MS: '200',
  OPENAI_TIMEOUT_MS: '3000',
  JOB_LOCK_MS: '2000',
};

export async function startAiApp(label: string, openaiUrl: string, extra: Record<string, string> = {}): Promise<AiApp> {
  const shared = testEnv();
  const stamp = `${process.pid}_${Date.now()}`;
  const db = await freshDatabase(`consulta_test_${label}_${stamp}`);
  const redisPrefix = `${shared.redisPrefix}${label}-${stamp}:`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: shared.redisUrl,
    REDIS_PREFIX: redisPrefix,
    JWT_SECRET: shared.jwtSecret,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `consulta-${label}-`)),
    GOOGLE_USERINFO_URL: shared.googleUrl,
    LOGIN_THROTTLE_LIMIT: '100000',
    MAIL_THROTTLE_PER_CLIENT: '100000',
    OPENAI_BASE_URL: openaiUrl,
    ...AI_TEST_SETTINGS,
    ...extra,
  };
  const workers: RunningWorker[] = [];
  const target: AiApp = {
    env,
    appUrl: '',
    databaseUrl: db.url,
    app: await startApp(env),
    restart: async (more = {}) => {
      await target.app.stop();
      target.app = await startApp({ ...env, ...more, PORT: new URL(target.appUrl).port });
    },
    worker: async () => {
      const worker = await startWorker(env);
      workers.push(worker);
      return worker;
    },
    close: async () => {
      await Promise.all([target.app.stop(), ...workers.map((w) => w.stop())]);
      await db.drop();
      await dropRedisKeys(shared.redisUrl, redisPrefix);
    },
  };
  target.appUrl = target.app.url;
  return target;
}

export const PROGRESS = `${API}/sesiones-asincronas/progress`;

export const draftProgress = async (t: AppTarget, who: Session, draftId: string): Promise<DraftProgress> =>
  (await api(t).get(`${PROGRESS}/${draftId}`).set(bearer(who.token)).expect(200)).body as DraftProgress;

/** Polls the draft's progress until `done` says so; answers every state seen on the way (for status checks). */
export async function waitForDraft(
  t: AppTarget,
  who: Session,
  draftId: string,
  done: (p: DraftProgress) => boolean,
  timeoutMs = 30_000,
): Promise<{ last: DraftProgress; seen: DraftProgress[] }> {
  const seen: DraftProgress[] = [];
  await waitFor(
    `draft ${draftId}`,
    async () => {
      seen.push(await draftProgress(t, who, draftId));
      return done(seen[seen.length - 1]);
    },
    timeoutMs,
  );
  return { last: seen[seen.length - 1], seen };
}
