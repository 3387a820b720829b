import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { PG_SERVER } from './global-setup';

/** Stops the app, the fake Google and SMTP servers, drops the run's database and Redis keys, removes temp files. */
export default async function globalTeardown(): Promise<void> {
  const run = globalThis.consultaTestRun;
  if (!run) return;
  const code = await run.app.stop();
  if (code !== 0 && process.env.TEST_SHOW_APP_LOG) console.log(run.app.output());
  await run.closeGoogle();
  await run.closeSmtp();
  const admin = new Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${run.database} with (force)`);
  await admin.end();
  const redis = new Redis(run.env.redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${run.env.redisPrefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
  rmSync(run.tempDir, { recursive: true, force: true });
}
