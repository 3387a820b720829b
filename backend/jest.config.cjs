// Backend API tests: Jest drives the built app (backend/dist) as a black box over HTTP, against a fresh
// PostgreSQL database, real Redis and a fake Google userinfo server (see test/support/global-setup.ts).
/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
  moduleNameMapper: { '^@consulta/shared$': '<rootDir>/../libs/shared/src/index.ts' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testSequencer: '<rootDir>/test/support/sequencer.mjs',
  // Three files at once: the suites wait more than they work (two workers kept about 1.4 cores busy).
  maxWorkers: 3,
  testTimeout: 30000,
  slowTestThreshold: 20,
};
