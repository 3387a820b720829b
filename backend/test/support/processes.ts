import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const BACKEND_DIST = path.resolve(__dirname, '../../dist');
export const MAIN_JS = path.join(BACKEND_DIST, 'main.js');
export const CLI_JS = path.join(BACKEND_DIST, 'cli.js');
export const WORKER_JS = path.join(BACKEND_DIST, 'worker.js');

export function assertBuilt(): void {
  if (!existsSync(MAIN_JS) || !existsSync(CLI_JS) || !existsSync(WORKER_JS)) {
    throw new Error('backend/dist is missing: run `npx nx run backend:build` (the test target does it first)');
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const COMPILE_CACHE = path.join(os.tmpdir(), 'consulta-test-compile-cache');

/** Environment for a child process: only what we pass (plus PATH/HOME), so the caller's settings don't leak in. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test' };
  for (const [key, value] of Object.entries(env)) if (value !== undefined) base[key] = value;
  // Passwords hashed at argon2id's least cost (a run hashes and checks about a thousand, ~0.16 s of CPU each at the
  // standard cost); production refuses it, so an app started as production hashes at the standard cost.
  if (base.NODE_ENV !== 'production') base.PASSWORD_HASH_COST ??= 'low';
  // A run starts the app and the CLI over a hundred times: Node keeps their compiled modules on disk between starts
  // (a tenth of a start's CPU).
  base.NODE_COMPILE_CACHE ??= COMPILE_CACHE;
  return base;
}

export interface RunningApp {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit (graceful shutdown closes the database). */
  stop: () => Promise<number | null>;
}

/** Starts `node backend/dist/main.js` and waits until GET /api/v1/config answers. */
export async function startApp(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<RunningApp> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    env: childEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs `node backend/dist/main.js` expecting it to stop by itself (e.g. refused configuration). */
export function runMainToExit(env: Record<string, string | undefined>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [MAIN_JS], { env: childEnv(env), encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Runs the operator CLI (backend/dist/cli.js). */
export function runCli(args: string[], env: Record<string, string | undefined>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI_JS, ...args], { env: childEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface StartedCli {
  /** What it wrote on its error output so far. */
  stderr: () => string;
  /** Sends `signal` and answers how it ended: its exit code, or the signal that ended it. */
  kill: (signal: NodeJS.Signals) => Promise<number | NodeJS.Signals>;
  /** How it ended by itself: its exit code, or the signal that ended it. */
  ended: () => Promise<number | NodeJS.Signals>;
}

/** Starts the operator CLI and leaves it running (to be interrupted). */
export function startCli(env: Record<string, string | undefined>, ...args: string[]): StartedCli {
  const child = spawn(process.execPath, [CLI_JS, ...args], { env: childEnv(env), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ended = new Promise<number | NodeJS.Signals>((resolve) => child.once('close', (code, signal) => resolve(code ?? signal!)));
  return {
    stderr: () => stderr,
    ended: () => ended,
    kill: async (signal) => {
      if (child.exitCode !== null) throw new Error(`The command had already ended (${child.exitCode}): ${stderr}`);
      child.kill(signal);
      return ended;
    },
  };
}

export interface RunningWorker {
  output: () => string;
  stop: () => Promise<number | null>;
  /** SIGKILL: the worker dies mid-job, as on a crash or an out-of-memory kill. */
  kill: () => void;
}

/** Starts the job worker (backend/dist/worker.js) and waits until it says which queues it runs. */
export async function startWorker(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<RunningWorker> {
  // At `info`, the level of the line that says it is ready (tests log at `warn` otherwise).
  const child = spawn(process.execPath, [WORKER_JS], { env: childEnv({ LOG_LEVEL: 'info', ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes('Running the jobs of the queues')) {
    if (child.exitCode !== null) throw new Error(`The worker exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The worker did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

/** Runs the job worker expecting it to stop by itself (e.g. refused configuration). */
export function runWorkerToExit(env: Record<string, string | undefined>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [WORKER_JS], { env: childEnv(env), encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
