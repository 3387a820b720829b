import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_CRISIS_LINES,
  FALLBACK_COUNTRY,
  FALLBACK_CURRENCY,
  PRACTICE_COUNTRIES,
  isCurrency,
  isPracticeCountry,
  isTimeZone,
  type CrisisLine,
  type PracticeCountry,
} from '@consulta/shared';
import { ownerOnlyDirSync, writeOwnerOnlyFileSync } from '../common/files/owner-only';

/** How costly a password hash is: 'low' for test runs only (auth/passwords.ts). */
export type PasswordHashCost = 'standard' | 'low';

/** The application's settings, read once from the environment (see the README's configuration table). */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  port: number;
  publicUrl: string;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Null in embedded mode (PGlite under DATA_DIR). */
  databaseUrl: string | null;
  embedded: boolean;
  redisUrl: string | null;
  /** Prefix of every Redis key this app writes (several apps or test runs may share one Redis). */
  redisPrefix: string;
  s3: S3Config | null;
  /** Lifetime of signed upload and download URLs (STORAGE_URL_TTL_SECONDS). */
  storageUrlTtlSeconds: number;
  /** Local driver: below this many free MB on its disk the readiness check says the storage is down (0: no floor). */
  storageMinFreeMb: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** The AI provider; without OPENAI_API_KEY the AI endpoints answer 503. `timeoutMs`: one request's limit. */
  openai: { apiKey: string | null; baseUrl: string | null; chatModel: string; transcribeModel: string; timeoutMs: number };
  /** AI_PSEUDONYMIZE (default on): names, contacts and dates of birth of known people leave as placeholders. */
  aiPseudonymize: boolean;
  /**
   * The assistants: the limit of one answer (a slow or silent provider gets a clear answer, never a hang), the
   * size of what they are given about a practice or a patient, and the chat calls allowed per user and window.
   */
  aiChat: { timeoutMs: number; contextMaxChars: number; throttleLimit: number; throttleTtlMs: number };
  /** ffmpeg/ffprobe to use (FFMPEG_PATH, FFPROBE_PATH); null: the system's, else the ones npm installed. */
  media: { ffmpegPath: string | null; ffprobePath: string | null };
  /** Audio pieces sent to the provider: their length, and how many are in flight at once. */
  transcription: { pieceSeconds: number; parallel: number };
  googleClientId: string | null;
  googleUserinfoUrl: string;
  jwtSecret: string;
  /** A duration such as '8h' or '30m', or a number of seconds. */
  jwtTtl: string | number;
  demoLogin: boolean;
  /** How costly a password hash is (PASSWORD_HASH_COST): 'low' only for test runs, refused in production. */
  passwordHashCost: PasswordHashCost;
  /** Directory of the built frontend, or null when there is none (API only). */
  frontendDist: string | null;
  /**
   * Express "trust proxy": how many proxies stand in front of the app (a hop count) or their addresses, so rate limits
   * see the client's address behind a load balancer; `true` (trust any X-Forwarded-For) only outside production.
   */
  trustProxy: boolean | number | string;
  loginThrottle: { limit: number; ttlMs: number };
  /**
   * Password checks (patient sign-in, the password change's current password, the operators' dashboard): failures
   * allowed per (account, client address) and per account, and attempts per client address across accounts, in
   * one window; an account under attack takes one check per `attackIntervalMs` from all addresses. See SignInLimits.
   */
  signInLimits: { perAccountAddress: number; perAccount: number; perAddress: number; ttlMs: number; attackIntervalMs: number };
  /** Limits of the routes that send mail (forgot-password, invitations): per address and per client IP. */
  mailThrottle: { perAddress: number; perClient: number; ttlMs: number };
  /** Patient creations and invitations refused because the address has an account: allowed per therapist. */
  takenEmailThrottle: { limit: number; ttlMs: number };
  /** Swagger UI at /api/docs and the OpenAPI document at /api/docs-json (API_DOCS=false turns both off). */
  apiDocs: boolean;
  /** A stop (SIGTERM) ends the process within this, whatever its shutdown meets (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutMs: number;
  /** What an operator should know about this configuration, logged at start (it starts nevertheless). */
  warnings: string[];
  /**
   * Background jobs: attempts in all, the first retry's delay (doubling after each failure), and whether this
   * process runs them (RUN_JOBS=false: it only queues them, for a separate worker; needs REDIS_URL). A running
   * draft job asks every `watchMs` whether its draft was cancelled (JOB_WATCH_MS). Every `resumeMs`
   * (JOB_RESUME_SECONDS) the rows a job holds are queued again when their job is gone (as at start).
   */
  jobs: { attempts: number; retryDelayMs: number; run: boolean; lockMs: number; watchMs: number; resumeMs: number };
  /**
   * Log lines: pino levels from LOG_LEVEL (default info; warn under NODE_ENV=test), and LOG_FORMAT `json` (one JSON
   * object per line, the production default) or `text` (one readable line, the default elsewhere).
   */
  log: { level: LogLevelName; format: 'json' | 'text' };
  /** Operator credentials of the queue dashboard (OPS_USER + OPS_PASSWORD, HTTP Basic); null: no dashboard. */
  ops: { user: string; password: string } | null;
  /**
   * Backups. `passphrase` (BACKUP_PASSPHRASE): what `cli backup --encrypt` encrypts with and restore decrypts with,
   * and, when set, what the embedded mode's own backups are encrypted with. In embedded mode the app writes a backup
   * every `everyHours` (BACKUP_EVERY_HOURS, default 24; 0: off) into `dir` (BACKUP_DIR, default DATA_DIR/backups),
   * keeping the newest `keep` (BACKUP_KEEP, default 7).
   */
  backup: { everyHours: number; keep: number; dir: string; passphrase: string | null };
  /**
   * The agenda: the zone of a therapist who chose none (DEFAULT_TIME_ZONE, default Europe/Madrid); reminders mailed
   * `reminderHoursBefore` hours before the start (REMINDER_HOURS_BEFORE, default 24; 0: none), looked for every
   * `reminderSweepMs` (REMINDER_SWEEP_SECONDS, default 60); a patient may cancel until `patientCancelHours` before the
   * start (PATIENT_CANCEL_HOURS, default 24).
   */
  agenda: { defaultTimeZone: string; reminderHoursBefore: number; reminderSweepMs: number; patientCancelHours: number };
  /**
   * Questionnaires: the crisis lines shown to a patient whose answers raise the safety alert (CRISIS_LINES,
   * `número=nombre;…`, default Spain's 024 and 112). Due questionnaires are looked for on the agenda's period.
   */
  questionnaires: { crisisLines: CrisisLine[] };
  /**
   * The practice's locale: `defaultCountry` (DEFAULT_COUNTRY, ISO 3166 code, default ES) is the country of a therapist
   * who chose none in 'Mi Perfil' (it sets the dial code their phone fields start with); `currency`
   * (DEFAULT_CURRENCY, ISO 4217, default EUR) is what prices are in.
   */
  practice: { defaultCountry: PracticeCountry; currency: string };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  /** The endpoint browsers reach (presigned URLs), when it differs from `endpoint` (e.g. inside compose). */
  publicEndpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;
const MIN_OPS_PASSWORD = 16;
const DEFAULT_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

/**
 * Reads and validates the configuration. In embedded mode it also creates DATA_DIR and, when JWT_SECRET is
 * unset, generates a secret once and keeps it there. Throws ConfigError listing every problem.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const value = str(name);
    if (value === null) return null;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name}: expected a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL`);
      }
    } catch {
      problems.push(`${name}: not a valid URL`);
    }
    return value;
  };
  const bool = (name: string): boolean | null => {
    const value = str(name)?.toLowerCase();
    if (value === undefined || value === null) return null;
    if (['true', '1', 'yes', 'on'].includes(value)) return true;
    if (['false', '0', 'no', 'off'].includes(value)) return false;
    problems.push(`${name}: expected true or false`);
    return null;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const value = str(name);
    if (value === null) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}: expected an integer from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };

  const nodeEnvRaw = str('NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    problems.push('NODE_ENV: expected development, production or test');
  }
  const nodeEnv = (['production', 'test'].includes(nodeEnvRaw) ? nodeEnvRaw : 'development') as AppConfig['nodeEnv'];
  const production = nodeEnv === 'production';

  const port = int('PORT', 3000, 0, 65535);
  const warnings: string[] = [];
  const publicUrlSet = url('PUBLIC_URL', ['http:', 'https:']);
  if (publicUrlSet === null && production) {
    warnings.push(`PUBLIC_URL is not set: e-mailed links will point to http://localhost:${port}`);
  }
  const publicUrl = (publicUrlSet ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(cwd, str('DATA_DIR') ?? './data');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const embedded = databaseUrl === null;
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const redisPrefix = str('REDIS_PREFIX') ?? 'consulta:';

  const s3 = readS3(str, url, bool, problems);
  const storageUrlTtlSeconds = int('STORAGE_URL_TTL_SECONDS', 3600, 1, 7 * 86_400);
  const storageMinFreeMb = int('STORAGE_MIN_FREE_MB', 1024, 0, 100_000_000);
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const mailFrom = str('MAIL_FROM') ?? 'Consulta <no-reply@localhost>';
  const mailOutbox = bool('MAIL_OUTBOX');
  if (mailOutbox === true && smtpUrl !== null) problems.push('MAIL_OUTBOX: true keeps mail in DATA_DIR/outbox; it cannot go with SMTP_URL');
  if (mailOutbox === false && smtpUrl === null) problems.push('MAIL_OUTBOX: false needs SMTP_URL (mail has to go somewhere)');
  // The outbox holds live sign-in links (resets, invitations): in production it must be asked for by name.
  if (production && smtpUrl === null && mailOutbox !== true) {
    problems.push('SMTP_URL: required when NODE_ENV=production (or MAIL_OUTBOX=true to keep mail as files in DATA_DIR/outbox)');
  }
  const openai = {
    apiKey: str('OPENAI_API_KEY'),
    baseUrl: url('OPENAI_BASE_URL', ['http:', 'https:']),
    chatModel: str('OPENAI_CHAT_MODEL') ?? 'gpt-4o-mini',
    transcribeModel: str('OPENAI_TRANSCRIBE_MODEL') ?? 'gpt-4o-transcribe-diarize',
    timeoutMs: int('OPENAI_TIMEOUT_MS', 600_000, 1000, 3_600_000),
  };
  const aiChat = {
    timeoutMs: int('AI_CHAT_TIMEOUT_MS', 60_000, 500, 600_000),
    contextMaxChars: int('AI_CONTEXT_MAX_CHARS', 60_000, 8000, 1_000_000),
    throttleLimit: int('AI_CHAT_THROTTLE_LIMIT', 30, 1, 1_000_000),
    throttleTtlMs: int('AI_CHAT_THROTTLE_TTL_SECONDS', 600, 1, 86_400) * 1000,
  };
  const aiPseudonymize = bool('AI_PSEUDONYMIZE') ?? true;
  const media = { ffmpegPath: str('FFMPEG_PATH'), ffprobePath: str('FFPROBE_PATH') };
  const transcription = {
    // gpt-4o-transcribe-diarize refuses more than ~1400 s of audio per request.
    pieceSeconds: int('TRANSCRIBE_PIECE_SECONDS', 1200, 5, 1380),
    parallel: int('TRANSCRIBE_PARALLEL', 3, 1, 16),
  };
  const googleClientId = str('GOOGLE_CLIENT_ID');
  const googleUserinfoUrl = url('GOOGLE_USERINFO_URL', ['http:', 'https:']) ?? DEFAULT_USERINFO_URL;

  const jwtTtl = str('JWT_TTL') ?? '8h';
  if (!/^[1-9]\d*\s*(s|m|h|d)?$/.test(jwtTtl)) problems.push('JWT_TTL: expected a duration such as 30m, 8h or 1d');
  let jwtSecret = str('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < MIN_SECRET_LENGTH) {
    problems.push(`JWT_SECRET: must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  if (jwtSecret === null && production) {
    problems.push('JWT_SECRET: required when NODE_ENV=production (use a random string of 32+ characters)');
  }

  const demoExplicit = bool('DEMO_LOGIN');
  if (demoExplicit === true && production) {
    problems.push('DEMO_LOGIN: the demo sign-in cannot be enabled when NODE_ENV=production');
  }
  const demoLogin = demoExplicit ?? (embedded && !production);
  const passwordHashCost = (str('PASSWORD_HASH_COST') ?? 'standard') as PasswordHashCost;
  if (!['standard', 'low'].includes(passwordHashCost)) problems.push('PASSWORD_HASH_COST: expected standard or low');
  else if (passwordHashCost === 'low' && production) {
    problems.push('PASSWORD_HASH_COST: low is for test runs; it cannot be used when NODE_ENV=production');
  }

  const trustProxy = parseTrustProxy(str('TRUST_PROXY'), production, problems, warnings);
  const loginThrottle = {
    limit: int('LOGIN_THROTTLE_LIMIT', 10, 1, 1_000_000),
    ttlMs: int('LOGIN_THROTTLE_TTL_SECONDS', 60, 1, 86_400) * 1000,
  };
  const signInLimits = {
    perAccountAddress: int('SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS', 5, 1, 1_000_000),
    perAccount: int('SIGN_IN_FAILURES_PER_ACCOUNT', 20, 1, 1_000_000),
    perAddress: int('SIGN_IN_FAILURES_PER_ADDRESS', 100, 1, 1_000_000),
    ttlMs: int('SIGN_IN_LIMITS_TTL_SECONDS', 900, 1, 86_400) * 1000,
    attackIntervalMs: int('SIGN_IN_ATTACK_INTERVAL_SECONDS', 60, 1, 3600) * 1000,
  };
  const mailThrottle = {
    perAddress: int('MAIL_THROTTLE_PER_ADDRESS', 3, 1, 1_000_000),
    perClient: int('MAIL_THROTTLE_PER_CLIENT', 20, 1, 1_000_000),
    ttlMs: int('MAIL_THROTTLE_TTL_SECONDS', 3600, 1, 86_400) * 1000,
  };
  const takenEmailThrottle = {
    limit: int('EMAIL_TAKEN_THROTTLE_LIMIT', 10, 1, 1_000_000),
    ttlMs: int('EMAIL_TAKEN_THROTTLE_TTL_SECONDS', 3600, 1, 86_400) * 1000,
  };
  const apiDocs = bool('API_DOCS') ?? true;
  const shutdownTimeoutMs = int('SHUTDOWN_TIMEOUT_SECONDS', 10, 1, 3600) * 1000;
  const jobs = {
    attempts: int('JOB_ATTEMPTS', 10, 1, 100),
    retryDelayMs: int('JOB_RETRY_DELAY_MS', 5000, 10, 3_600_000),
    run: bool('RUN_JOBS') ?? true,
    // A worker that stops renewing its lock this long (killed, frozen) loses the job to another worker.
    lockMs: int('JOB_LOCK_MS', 30_000, 1000, 600_000),
    // A cancelled transcription or analysis stops within this long, its provider request in flight aborted.
    watchMs: int('JOB_WATCH_MS', 1000, 100, 60_000),
    // A Redis that comes back without its data lost the jobs some rows wait for: they are queued again within this.
    resumeMs: int('JOB_RESUME_SECONDS', 60, 1, 86_400) * 1000,
  };
  if (!jobs.run && redisUrl === null) {
    problems.push('RUN_JOBS: false needs REDIS_URL (without Redis the jobs run inside the app)');
  }
  const frontendDist = findFrontendDist(str('FRONTEND_DIST'), cwd);
  const log = readLog(str, production, nodeEnv === 'test', problems);
  const ops = readOps(str, problems);
  const backup = readBackup(str, int, dataDir, cwd, problems);
  const defaultTimeZone = str('DEFAULT_TIME_ZONE') ?? 'Europe/Madrid';
  if (!isTimeZone(defaultTimeZone)) problems.push(`DEFAULT_TIME_ZONE: ${defaultTimeZone} is not a known IANA time zone`);
  const agenda = {
    defaultTimeZone,
    reminderHoursBefore: int('REMINDER_HOURS_BEFORE', 24, 0, 24 * 14),
    reminderSweepMs: int('REMINDER_SWEEP_SECONDS', 60, 1, 86_400) * 1000,
    patientCancelHours: int('PATIENT_CANCEL_HOURS', 24, 0, 24 * 14),
  };
  const crisisLines = readCrisisLines(str('CRISIS_LINES'), problems);
  const defaultCountry = (str('DEFAULT_COUNTRY') ?? FALLBACK_COUNTRY).toUpperCase();
  if (!isPracticeCountry(defaultCountry)) {
    problems.push(`DEFAULT_COUNTRY: ${defaultCountry} is not one of ${PRACTICE_COUNTRIES.map((c) => c.code).join(', ')}`);
  }
  const currency = (str('DEFAULT_CURRENCY') ?? FALLBACK_CURRENCY).toUpperCase();
  if (!isCurrency(currency)) problems.push(`DEFAULT_CURRENCY: ${currency} is not an ISO 4217 currency code (EUR, COP, MXN, USD...)`);

  if (problems.length > 0) throw new ConfigError(problems);

  if (jwtSecret === null) jwtSecret = persistentSecret(dataDir);
  return {
    nodeEnv,
    production,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    embedded,
    redisUrl,
    redisPrefix,
    s3,
    storageUrlTtlSeconds,
    storageMinFreeMb,
    smtpUrl,
    mailFrom,
    openai,
    aiChat,
    aiPseudonymize,
    media,
    transcription,
    googleClientId,
    googleUserinfoUrl,
    jwtSecret,
    jwtTtl: /^\d+$/.test(jwtTtl) ? Number(jwtTtl) : jwtTtl.replace(/\s+/g, ''),
    demoLogin,
    passwordHashCost,
    frontendDist,
    trustProxy,
    loginThrottle,
    signInLimits,
    mailThrottle,
    takenEmailThrottle,
    apiDocs,
    shutdownTimeoutMs,
    jobs,
    log,
    ops,
    backup,
    agenda,
    questionnaires: { crisisLines },
    practice: { defaultCountry: defaultCountry as PracticeCountry, currency },
    warnings,
  };
}

/** The shortest BACKUP_PASSPHRASE accepted: it is all that stands between a lost archive and the health data in it. */
export const MIN_BACKUP_PASSPHRASE = 12;

function readBackup(
  str: (n: string) => string | null,
  int: (n: string, fallback: number, min: number, max: number) => number,
  dataDir: string,
  cwd: string,
  problems: string[],
): AppConfig['backup'] {
  const hoursText = str('BACKUP_EVERY_HOURS');
  const everyHours = hoursText === null ? 24 : Number(hoursText);
  if (!Number.isFinite(everyHours) || everyHours < 0 || everyHours > 24 * 365) {
    problems.push('BACKUP_EVERY_HOURS: expected a number of hours (0 turns the embedded backups off)');
  }
  const passphrase = str('BACKUP_PASSPHRASE');
  if (passphrase !== null && passphrase.length < MIN_BACKUP_PASSPHRASE) {
    problems.push(`BACKUP_PASSPHRASE: at least ${MIN_BACKUP_PASSPHRASE} characters (it alone protects the archive)`);
  }
  const dir = str('BACKUP_DIR');
  return {
    everyHours: Number.isFinite(everyHours) ? everyHours : 24,
    keep: int('BACKUP_KEEP', 7, 1, 1000),
    dir: dir === null ? path.join(dataDir, 'backups') : path.resolve(cwd, dir),
    passphrase,
  };
}

function readLog(str: (n: string) => string | null, production: boolean, test: boolean, problems: string[]): AppConfig['log'] {
  const level = str('LOG_LEVEL')?.toLowerCase() ?? (test ? 'warn' : 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(level)) problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}`);
  const format = str('LOG_FORMAT')?.toLowerCase() ?? (production ? 'json' : 'text');
  if (format !== 'json' && format !== 'text') problems.push('LOG_FORMAT: expected json or text');
  return { level: level as LogLevelName, format: format === 'json' ? 'json' : 'text' };
}

/** Both or neither: a dashboard of every job's payload must never open with half a credential. */
function readOps(str: (n: string) => string | null, problems: string[]): AppConfig['ops'] {
  const user = str('OPS_USER');
  const password = str('OPS_PASSWORD');
  if (user === null && password === null) return null;
  if (user === null || password === null) {
    problems.push(`${user === null ? 'OPS_USER' : 'OPS_PASSWORD'}: required when ${user === null ? 'OPS_PASSWORD' : 'OPS_USER'} is set`);
    return null;
  }
  if (user.includes(':')) problems.push('OPS_USER: must not contain ":" (HTTP Basic separates user and password with it)');
  if (password.length < MIN_OPS_PASSWORD) problems.push(`OPS_PASSWORD: must be at least ${MIN_OPS_PASSWORD} characters long`);
  return { user, password };
}

function readS3(
  str: (n: string) => string | null,
  url: (n: string, p: string[]) => string | null,
  bool: (n: string) => boolean | null,
  problems: string[],
): S3Config | null {
  const bucket = str('S3_BUCKET');
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];
  if (bucket === null) {
    const stray = others.filter((n) => str(n) !== null);
    if (stray.length > 0) problems.push(`S3_BUCKET: required when ${stray.join(', ')} is set`);
    return null;
  }
  return {
    bucket,
    region: str('S3_REGION') ?? 'us-east-1',
    endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
    publicEndpoint: url('S3_PUBLIC_ENDPOINT', ['http:', 'https:']),
    accessKeyId: str('S3_ACCESS_KEY_ID'),
    secretAccessKey: str('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: bool('S3_FORCE_PATH_STYLE') ?? false,
  };
}

/** Names Express accepts for the usual proxy addresses. */
const PROXY_ADDRESS_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An IP address, or a subnet as address/prefix length (IPv4 mask too), as Express's trust proxy takes them. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.includes(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (family === 4 && isIP(range) === 4) return true;
  return /^\d{1,3}$/.test(range) && Number(range) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the number of proxies in front of the app (Express counts that many addresses from the right of
 * X-Forwarded-For), or their addresses (comma-separated IPs, subnets, loopback, linklocal, uniquelocal). `true`
 * trusts whatever X-Forwarded-For a client sends, so a client chooses its own address for every limit: refused in
 * production, a warning elsewhere.
 */
function parseTrustProxy(value: string | null, production: boolean, problems: string[], warnings: string[]): boolean | number | string {
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true') {
    if (production)
      problems.push(
        'TRUST_PROXY: true lets any client choose its address; give the number of proxies in front of the app (e.g. 1) or their addresses',
      );
    else
      warnings.push(
        'TRUST_PROXY=true lets any client choose its address through X-Forwarded-For: give the number of proxies or their addresses',
      );
    return true;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0)
    problems.push(`TRUST_PROXY: expected a number of proxies or their addresses (IPs, subnets, loopback); not ${wrong.join(', ')}`);
  return entries.join(',');
}

/** FRONTEND_DIST, else frontend/dist of the repository (found from the running script or the working directory). */
function findFrontendDist(explicit: string | null, cwd: string): string | null {
  const candidates = explicit
    ? [path.resolve(cwd, explicit)]
    : [
        ...(process.argv[1] ? [path.resolve(path.dirname(process.argv[1]), '../../frontend/dist')] : []),
        path.resolve(cwd, 'frontend/dist'),
        path.resolve(cwd, '../frontend/dist'),
      ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** The embedded mode's JWT secret: generated on first start and kept under DATA_DIR (mode 0600). */
function persistentSecret(dataDir: string): string {
  ownerOnlyDirSync(dataDir);
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeOwnerOnlyFileSync(file, `${secret}\n`);
  return secret;
}

/** CRISIS_LINES: `número=nombre` pairs separated by `;` (e.g. `024=Línea 024;112=Emergencias`); unset: Spain's. */
function readCrisisLines(value: string | null, problems: string[]): CrisisLine[] {
  if (value === null) return DEFAULT_CRISIS_LINES;
  const lines = value
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      return { numero: entry.slice(0, Math.max(at, 0)).trim(), nombre: entry.slice(at + 1).trim() };
    });
  const wrong = lines.find((l) => !/^\+?[0-9][0-9 ]{1,19}$/.test(l.numero) || l.nombre.length === 0 || l.nombre.length > 200);
  if (lines.length === 0 || wrong) {
    problems.push('CRISIS_LINES: expected número=nombre pairs separated by ; (e.g. 024=Línea 024;112=Emergencias)');
    return DEFAULT_CRISIS_LINES;
  }
  return lines;
}
