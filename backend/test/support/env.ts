/** What the global setup hands to the test files (through process.env, which the workers inherit), one per worker. */
export interface TestEnv {
  /** Base URL of the shared app, e.g. http://127.0.0.1:4123 (API under /api/v1). */
  appUrl: string;
  /** Folder where the run's SMTP server stores the messages it receives (read with mailbox.ts). */
  mailbox: string;
  databaseUrl: string;
  googleUrl: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
  frontendDist: string;
  /** The shared app's DATA_DIR (the local storage driver keeps files under DATA_DIR/storage). */
  dataDir: string;
}

const KEY = 'CONSULTA_TEST_ENVS';

/** Each Jest worker's environment, in worker order (JEST_WORKER_ID 1, 2, ...). */
export const saveTestEnvs = (envs: TestEnv[]): void => {
  process.env[KEY] = JSON.stringify(envs);
};

/** This worker's environment: its own shared app, database, mailbox and DATA_DIR (global-setup.ts). */
export function testEnv(): TestEnv {
  const raw = process.env[KEY];
  if (!raw) throw new Error('The test environment is missing: run the tests through jest -c backend/jest.config.cjs');
  const envs = JSON.parse(raw) as TestEnv[];
  return envs[(Number(process.env.JEST_WORKER_ID ?? 1) - 1) % envs.length];
}
