import { rmSync } from 'node:fs';
import { dropDatabase, dropRedisKeys } from './databases';

/** Stops the app, the fake Google and SMTP servers, drops the run's database and Redis keys, removes temp files. */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.consultaTestRun;
  if (!run) return;
  const code = await run.app.stop();
  if (process.env.TEST_SHOW_APP_LOG && (code !== 0 || process.env.TEST_SHOW_APP_LOG === 'always')) console.log(run.app.output());
  await run.closeGoogle();
  await run.closeSmtp();
  await dropDatabase(run.database);
  await dropRedisKeys(run.env.redisUrl, run.env.redisPrefix);
  rmSync(run.tempDir, { recursive: true, force: true });
}
