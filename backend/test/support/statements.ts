import { startCountingProxy } from '../../../bench/pg-counting-proxy';
import { testEnv } from './env';
import { startApp, type RunningApp } from './processes';

type Counter = Awaited<ReturnType<typeof startCountingProxy>>['counter'];

export interface CountedApp {
  app: RunningApp;
  /** Statements sent so far: the work (`statements`) and the access history's INSERTs (`recorded`). */
  counter: Counter;
  stop: () => Promise<void>;
}

/**
 * The built app on the run's database, reached through a proxy that counts the SQL statements it sends
 * (`bench/pg-counting-proxy.ts`): what the query-budget tests measure.
 */
export async function startCountedApp(): Promise<CountedApp> {
  const env = testEnv();
  const db = new URL(env.databaseUrl);
  const proxy = await startCountingProxy({ host: db.hostname, port: Number(db.port || 5432) });
  const viaProxy = new URL(env.databaseUrl);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const app = await startApp({
    NODE_ENV: 'test',
    DATABASE_URL: viaProxy.href,
    JWT_SECRET: env.jwtSecret,
    GOOGLE_USERINFO_URL: env.googleUrl,
    DATA_DIR: `${env.frontendDist}/../perf-data`,
  });
  return {
    app,
    counter: proxy.counter,
    stop: async () => {
      await app.stop();
      await proxy.close();
    },
  };
}

/** Statements per request of `request`, called once to warm up, then `count` times one after another. */
export async function statementsPerRequest(counter: Counter, request: () => Promise<void>, count = 10): Promise<Counter> {
  await request();
  const before = { ...counter };
  for (let i = 0; i < count; i++) await request();
  return { statements: (counter.statements - before.statements) / count, recorded: (counter.recorded - before.recorded) / count };
}
