import { rmSync } from 'node:fs';
import { dropDatabase, dropRedisKeys } from './databases';

/**
 * Stops each worker's app and SMTP server, drops their databases and Redis keys; then the template database, the
 * fake Google, temp files.
 */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.consultaTestRun;
  if (!run) return;
  for (const worker of run.workers) {
    const code = await worker.app.stop();
    if (process.env.TEST_SHOW_APP_LOG && (code !== 0 || process.env.TEST_SHOW_APP_LOG === 'always')) console.log(worker.app.output());
    await worker.closeSmtp();
    await dropDatabase(worker.database);
    await dropRedisKeys(worker.env.redisUrl, worker.env.redisPrefix);
  }
  await dropDatabase(run.template);
  await run.closeGoogle();
  rmSync(run.tempDir, { recursive: true, force: true });
}
