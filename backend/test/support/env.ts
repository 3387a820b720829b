/** What the global setup hands to the test files (through process.env, which the workers inherit). */
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

const KEY = 'CONSULTA_TEST_ENV';

export const saveTestEnv = (env: TestEnv): void => {
  process.env[KEY] = JSON.stringify(env);
};

export function testEnv(): TestEnv {
  const raw = process.env[KEY];
  if (!raw) throw new Error('The test environment is missing: run the tests through jest -c backend/jest.config.cjs');
  return JSON.parse(raw) as TestEnv;
}
