import { Redis } from 'ioredis';
import { Client } from 'pg';
import { runCli } from './processes';

export const PG_SERVER = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface FreshDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

async function onServer(sql: string): Promise<void> {
  const admin = new Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The run's migrated database that the others copy (global-setup.ts); no one connects to it. */
export const TEMPLATE_DATABASE_VAR = 'CONSULTA_TEST_TEMPLATE_DB';

/**
 * A new migrated database `name` on the test PostgreSQL server; `drop` removes it. A copy of the run's template
 * (migrated once, by the CLI, in global-setup.ts) rather than a migration of its own: a migration costs a CLI
 * start and about two seconds of CPU, a copy a tenth of that.
 */
export async function freshDatabase(name: string): Promise<FreshDatabase> {
  const template = process.env[TEMPLATE_DATABASE_VAR];
  if (!template) throw new Error(`${TEMPLATE_DATABASE_VAR} is unset: the API tests run through Jest's global setup`);
  return copyDatabase(template, name);
}

/** A new database `name`, migrated with the CLI: the run's template (global-setup.ts). */
export async function migratedDatabase(name: string): Promise<FreshDatabase> {
  await onServer(`create database ${name}`);
  const database = onTestServer(name);
  const migrated = runCli(['migrate'], { DATABASE_URL: database.url, JWT_SECRET: 'x'.repeat(32) });
  if (migrated.status !== 0) throw new Error(`Migrations failed:\n${migrated.stdout}${migrated.stderr}`);
  return database;
}

/** A copy of the migrated database `source` (no one may be connected to it), as freshDatabase answers. */
export async function copyDatabase(source: string, name: string): Promise<FreshDatabase> {
  await onServer(`create database ${name} template ${source}`);
  return onTestServer(name);
}

/** The database `name` of the test server: its URL and how to drop it. */
function onTestServer(name: string): FreshDatabase {
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => dropDatabase(name) };
}

export const dropDatabase = (name: string): Promise<void> => onServer(`drop database if exists ${name} with (force)`);

/** Deletes every Redis key under `prefix` (a run's or an app's). */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}
