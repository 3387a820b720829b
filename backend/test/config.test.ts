import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import request from 'supertest';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { API, createPatient, REQUEST_ID, therapistSession } from './support/api';
import { testEnv } from './support/env';
import { BACKEND_DIST, runMainToExit, startApp } from './support/processes';
import { waitFor } from './support/storage';

const SECRET = 'a-production-secret-that-is-long-enough';
const PASSWORDS_JS = path.join(BACKEND_DIST, 'backend/src/auth/passwords.js');

describe('configuration', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to embedded mode with the demo sign-in and a secret kept under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: 'data' }, dir);
    expect(config).toMatchObject({
      embedded: true,
      databaseUrl: null,
      demoLogin: true,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.join(dir, 'data'),
      googleUserinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      jwtTtl: '8h',
      redisUrl: null,
      loginThrottle: { limit: 10, ttlMs: 60_000 },
      signInLimits: { perAccountAddress: 5, perAccount: 20, perAddress: 100, ttlMs: 900_000, attackIntervalMs: 60_000 },
      mailThrottle: { perAddress: 3, perClient: 20, ttlMs: 3_600_000 },
      jobs: { attempts: 10, retryDelayMs: 5000, run: true, lockMs: 30_000, watchMs: 1000, resumeMs: 60_000 },
      trustProxy: false,
      storageMinFreeMb: 1024,
      shutdownTimeoutMs: 10_000,
      openai: { apiKey: null, baseUrl: null, transcribeModel: 'gpt-4o-transcribe-diarize', timeoutMs: 600_000 },
      aiChat: { timeoutMs: 60_000, contextMaxChars: 60_000, throttleLimit: 30, throttleTtlMs: 600_000 },
      media: { ffmpegPath: null, ffprobePath: null },
      transcription: { pieceSeconds: 1200, parallel: 3 },
    });
    const file = path.join(dir, 'data', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(config.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: 'data' }, dir).jwtSecret).toBe(config.jwtSecret);
  });

  it('turns the demo sign-in off with DATABASE_URL unless DEMO_LOGIN=true', () => {
    const base = { DATA_DIR: dir, DATABASE_URL: 'postgres://u@db:5432/consulta' };
    expect(loadConfig(base, dir)).toMatchObject({ embedded: false, demoLogin: false });
    expect(loadConfig({ ...base, DEMO_LOGIN: 'true' }, dir).demoLogin).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, DEMO_LOGIN: 'false' }, dir).demoLogin).toBe(false);
  });

  it('reads the documented variables', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        PUBLIC_URL: 'https://consulta.example.com/',
        DATA_DIR: dir,
        JWT_SECRET: SECRET,
        JWT_TTL: '3600',
        S3_BUCKET: 'b',
        S3_FORCE_PATH_STYLE: 'true',
        SMTP_URL: 'smtp://mail:1025',
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: 'http://ia.consulta.local:8000/v1',
        OPENAI_TIMEOUT_MS: '90000',
        AI_CHAT_TIMEOUT_MS: '20000',
        AI_CONTEXT_MAX_CHARS: '120000',
        AI_CHAT_THROTTLE_LIMIT: '5',
        AI_CHAT_THROTTLE_TTL_SECONDS: '60',
        FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
        TRANSCRIBE_PIECE_SECONDS: '600',
        JOB_LOCK_MS: '5000',
        JOB_WATCH_MS: '2500',
        JOB_RESUME_SECONDS: '5',
        GOOGLE_CLIENT_ID: 'cid',
        SIGN_IN_ATTACK_INTERVAL_SECONDS: '30',
        STORAGE_MIN_FREE_MB: '0',
        SHUTDOWN_TIMEOUT_SECONDS: '25',
        TRUST_PROXY: '2',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://consulta.example.com',
      jwtSecret: SECRET,
      jwtTtl: 3600,
      s3: { bucket: 'b', region: 'us-east-1', forcePathStyle: true },
      smtpUrl: 'smtp://mail:1025',
      openai: { apiKey: 'k', baseUrl: 'http://ia.consulta.local:8000/v1', timeoutMs: 90_000 },
      aiChat: { timeoutMs: 20_000, contextMaxChars: 120_000, throttleLimit: 5, throttleTtlMs: 60_000 },
      media: { ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', ffprobePath: null },
      transcription: { pieceSeconds: 600, parallel: 3 },
      jobs: { lockMs: 5000, watchMs: 2500, resumeMs: 5000 },
      googleClientId: 'cid',
      signInLimits: { attackIntervalMs: 30_000 },
      storageMinFreeMb: 0,
      shutdownTimeoutMs: 25_000,
      trustProxy: 2,
    });
  });

  it('takes TRUST_PROXY as a number of proxies or their addresses; true only outside production, with a warning', () => {
    const trust = (value: string, env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: value, ...env }, dir);
    expect(trust('1').trustProxy).toBe(1);
    expect(trust('0').trustProxy).toBe(false);
    expect(trust('loopback, 10.0.0.0/8, 192.168.1.7, 172.16.0.0/255.240.0.0, fd00::/8').trustProxy).toBe(
      'loopback,10.0.0.0/8,192.168.1.7,172.16.0.0/255.240.0.0,fd00::/8',
    );
    const lenient = trust('true');
    expect(lenient.trustProxy).toBe(true);
    expect(lenient.warnings).toEqual([expect.stringContaining('TRUST_PROXY=true lets any client choose its address')]);
    const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_OUTBOX: 'true' };
    expect(() => trust('true', production)).toThrow('TRUST_PROXY: true lets any client choose its address');
    expect(trust('1', production).trustProxy).toBe(1);
  });

  it("hashes passwords at argon2id's standard cost unless a test run asks for the least (PASSWORD_HASH_COST=low)", () => {
    expect(loadConfig({ DATA_DIR: dir }, dir).passwordHashCost).toBe('standard');
    // The built hasher, in a child process (the app's modules are ES modules this runner cannot load).
    const script = `
      const { Passwords } = require(${JSON.stringify(PASSWORDS_JS)});
      const standard = new Passwords({ passwordHashCost: 'standard' });
      const low = new Passwords({ passwordHashCost: 'low' });
      (async () => {
        const strong = await standard.hash('Una clave 123!');
        const cheap = await low.hash('Una clave 123!');
        const checks = await Promise.all([
          low.verify(strong, 'Una clave 123!'),
          standard.verify(cheap, 'Una clave 123!'),
          standard.verify(cheap, 'Otra clave 123!'),
          low.verify(null, 'Una clave 123!'),
        ]);
        console.log(JSON.stringify({ strong, cheap, checks }));
      })();`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    const { strong, cheap, checks } = JSON.parse(run.stdout) as { strong: string; cheap: string; checks: boolean[] };
    expect(strong).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    // A hash carries its own parameters: either cost checks what the other made; a wrong password and no hash fail.
    expect(checks).toEqual([true, true, false, false]);
  });

  it.each([
    [{ NODE_ENV: 'production' }, 'JWT_SECRET: required when NODE_ENV=production'],
    [{ NODE_ENV: 'production', JWT_SECRET: SECRET, DEMO_LOGIN: 'true' }, 'DEMO_LOGIN: the demo sign-in cannot be enabled'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: must be at least 32 characters'],
    [
      { NODE_ENV: 'production', JWT_SECRET: SECRET, MAIL_OUTBOX: 'true', PASSWORD_HASH_COST: 'low' },
      'PASSWORD_HASH_COST: low is for test runs',
    ],
    [{ PASSWORD_HASH_COST: 'cheap' }, 'PASSWORD_HASH_COST: expected standard or low'],
    [{ PORT: 'http' }, 'PORT: expected an integer'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL: expected a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'nope' }, 'REDIS_URL: not a valid URL'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL: expected a duration'],
    [{ RUN_JOBS: 'false' }, 'RUN_JOBS: false needs REDIS_URL'],
    [{ RUN_JOBS: 'maybe' }, 'RUN_JOBS: expected true or false'],
    [{ DEMO_LOGIN: 'maybe' }, 'DEMO_LOGIN: expected true or false'],
    [{ S3_REGION: 'eu-west-1' }, 'S3_BUCKET: required when S3_REGION is set'],
    [{ AI_CONTEXT_MAX_CHARS: '100' }, 'AI_CONTEXT_MAX_CHARS: expected an integer from 8000'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: expected development, production or test'],
    [{ NODE_ENV: 'production', JWT_SECRET: SECRET }, 'SMTP_URL: required when NODE_ENV=production (or MAIL_OUTBOX=true'],
    [{ MAIL_OUTBOX: 'true', SMTP_URL: 'smtp://mail:25' }, 'MAIL_OUTBOX: true keeps mail in DATA_DIR/outbox; it cannot go with SMTP_URL'],
    [{ MAIL_OUTBOX: 'false' }, 'MAIL_OUTBOX: false needs SMTP_URL'],
    [{ API_DOCS: 'maybe' }, 'API_DOCS: expected true or false'],
    [{ EMAIL_TAKEN_THROTTLE_LIMIT: '0' }, 'EMAIL_TAKEN_THROTTLE_LIMIT: expected an integer'],
    [{ SIGN_IN_FAILURES_PER_ACCOUNT: '0' }, 'SIGN_IN_FAILURES_PER_ACCOUNT: expected an integer'],
    [{ SIGN_IN_LIMITS_TTL_SECONDS: '86401' }, 'SIGN_IN_LIMITS_TTL_SECONDS: expected an integer'],
    [{ SIGN_IN_ATTACK_INTERVAL_SECONDS: '0' }, 'SIGN_IN_ATTACK_INTERVAL_SECONDS: expected an integer'],
    [
      { TRUST_PROXY: 'yes, 10.0.0.300' },
      'TRUST_PROXY: expected a number of proxies or their addresses (IPs, subnets, loopback); not yes, 10.0.0.300',
    ],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: expected a number of proxies'],
    [{ STORAGE_MIN_FREE_MB: '-1' }, 'STORAGE_MIN_FREE_MB: expected an integer'],
    [{ JOB_RESUME_SECONDS: '0' }, 'JOB_RESUME_SECONDS: expected an integer'],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, 'SHUTDOWN_TIMEOUT_SECONDS: expected an integer'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dir, ...env }, dir)).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env }, dir)).toThrow(message);
  });

  it('reads the logging and operator settings: readable lines outside production, JSON in it, credentials both or none', () => {
    const complete = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATABASE_URL: 'postgres://u@db/c',
      SMTP_URL: 'smtp://mail:25',
      DATA_DIR: dir,
    };
    expect(loadConfig({ DATA_DIR: dir }, dir)).toMatchObject({ log: { level: 'info', format: 'text' }, ops: null });
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' }, dir).log).toEqual({ level: 'warn', format: 'text' });
    expect(loadConfig(complete, dir).log).toEqual({ level: 'info', format: 'json' });
    const ops = { OPS_USER: 'operaciones', OPS_PASSWORD: 'una-clave-de-operador-larga' };
    expect(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'DEBUG', LOG_FORMAT: 'json', ...ops }, dir)).toMatchObject({
      log: { level: 'debug', format: 'json' },
      ops: { user: 'operaciones', password: 'una-clave-de-operador-larga' },
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env }, dir);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      throw new Error('expected a ConfigError');
    };
    expect(problems({ LOG_LEVEL: 'verbose', LOG_FORMAT: 'pretty' })).toEqual([
      'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent',
      'LOG_FORMAT: expected json or text',
    ]);
    expect(problems({ OPS_USER: 'operaciones' })).toEqual(['OPS_PASSWORD: required when OPS_USER is set']);
    expect(problems({ OPS_PASSWORD: ops.OPS_PASSWORD })).toEqual(['OPS_USER: required when OPS_PASSWORD is set']);
    expect(problems({ OPS_USER: 'a:b', OPS_PASSWORD: 'corta' })).toEqual([
      'OPS_USER: must not contain ":" (HTTP Basic separates user and password with it)',
      'OPS_PASSWORD: must be at least 16 characters long',
    ]);
  });

  it('production accepts a complete configuration and keeps the demo off', () => {
    const complete = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      DATABASE_URL: 'postgres://u@db/c',
      SMTP_URL: 'smtp://mail:25',
      DATA_DIR: dir,
    };
    const config = loadConfig({ ...complete, PUBLIC_URL: 'https://consulta.example.com' }, dir);
    expect(config).toMatchObject({ production: true, demoLogin: false, jwtSecret: SECRET, apiDocs: true, warnings: [] });
    // Without PUBLIC_URL it starts, saying that e-mailed links will point to localhost.
    expect(loadConfig(complete, dir).warnings).toEqual(['PUBLIC_URL is not set: e-mailed links will point to http://localhost:3000']);
    // The outbox is allowed when asked for by name; the docs can be turned off.
    const outbox = loadConfig({ ...complete, SMTP_URL: '', MAIL_OUTBOX: 'true', API_DOCS: 'false' }, dir);
    expect(outbox).toMatchObject({ smtpUrl: null, apiDocs: false });
    // Development needs neither, and warns of nothing.
    expect(loadConfig({ DATA_DIR: dir }, dir)).toMatchObject({
      smtpUrl: null,
      warnings: [],
      takenEmailThrottle: { limit: 10, ttlMs: 3_600_000 },
    });
  });

  it('the app refuses to start in production without SMTP_URL unless MAIL_OUTBOX=true', () => {
    const refused = runMainToExit({ NODE_ENV: 'production', JWT_SECRET: SECRET, DATA_DIR: dir, PORT: '0' });
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(
      'SMTP_URL: required when NODE_ENV=production (or MAIL_OUTBOX=true to keep mail as files in DATA_DIR/outbox)',
    );
  });

  it('in production with MAIL_OUTBOX=true: keeps mail in the outbox without logging its links; warns without PUBLIC_URL; API_DOCS=false', async () => {
    const { databaseUrl, jwtSecret } = testEnv();
    const patient = await createPatient(await therapistSession('Dra. Producción'));
    const app = await startApp({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      MAIL_OUTBOX: 'true',
      API_DOCS: 'false',
      DATA_DIR: dir,
    });
    try {
      expect(app.output()).toContain('PUBLIC_URL is not set: e-mailed links will point to http://localhost:');
      expect(app.output()).toContain('docs: off (API_DOCS=false)');
      for (const docs of ['/api/docs', '/api/docs-json']) {
        expect((await request(app.url).get(docs).expect(404)).body).toEqual({
          detail: MSG.common.notFound,
          code: 'NOT_FOUND',
          request_id: REQUEST_ID,
        });
      }
      await request(app.url).post(`${API}/auth/forgot-password`).send({ email: patient.email }).expect(200);
      const outbox = path.join(dir, 'outbox');
      await waitFor('the reset mail in the outbox', async () => existsSync(outbox) && readdirSync(outbox).length > 0);
      const eml = readFileSync(path.join(outbox, readdirSync(outbox)[0]), 'utf8');
      expect(eml).toMatch(/reset-password\?token=/);
      await waitFor('the outbox log line', async () => app.output().includes(`Correo para ${patient.email} guardado en`));
      expect(app.output()).not.toMatch(/reset-password\?token=/);
      expect(app.output()).not.toMatch(/https?:\/\/\S+\?token/);
    } finally {
      await app.stop();
    }
  }, 90_000);

  it('the app refuses to start in production without JWT_SECRET or with DEMO_LOGIN=true', () => {
    const missing = runMainToExit({ NODE_ENV: 'production', DATA_DIR: dir, PORT: '0' });
    expect(missing.status).toBe(1);
    expect(missing.output).toContain('Invalid configuration');
    expect(missing.output).toContain('JWT_SECRET: required when NODE_ENV=production');
    const demo = runMainToExit({ NODE_ENV: 'production', JWT_SECRET: SECRET, DEMO_LOGIN: 'true', DATA_DIR: dir, PORT: '0' });
    expect(demo.status).toBe(1);
    expect(demo.output).toContain('DEMO_LOGIN');
  });
});
