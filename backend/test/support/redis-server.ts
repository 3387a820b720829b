import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './processes';

/**
 * A Redis server of one test file (Debian's `redis-server`, no persistence), so the test can stop it under an app's
 * requests without touching the Redis the other tests share. `kill` stops it as a crash would; `start` brings it
 * back on the same port, empty (a Redis that comes back without its data); `freeze` / `thaw` stop and resume the
 * process (connections stay open and nothing answers).
 */
export interface PrivateRedis {
  url: string;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  freeze: () => void;
  thaw: () => void;
  /** A client of this server (closed by stop()). */
  client: () => Redis;
  stop: () => Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const clients: Redis[] = [];

  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode} (port ${port})`);
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      const up = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => false,
        );
      probe.disconnect();
      if (up) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url,
    start,
    kill,
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    client: () => {
      const client = new Redis(url);
      client.on('error', () => undefined);
      clients.push(client);
      return client;
    },
    stop: async () => {
      for (const client of clients) client.disconnect();
      child?.kill('SIGCONT');
      await kill();
    },
  };
}
