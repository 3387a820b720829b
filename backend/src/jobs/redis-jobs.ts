import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailable, isUnreachable } from '../common/errors/unavailable';
import { REDIS_ANSWER_MS } from '../common/redis/redis.module';
import type { AppConfig } from '../config/app-config';
import type { QueueDepth } from './job-counts';
import { QUEUES, type QueueName } from './job-types';
import { PermanentJobError } from './permanent-job-error';
import { QueueOutcomeUnknown } from './queue-outcome-unknown';

/** An UnrecoverableError (BullMQ's 'no more attempts') carrying the handler's PermanentJobError. */
class GivenUp extends UnrecoverableError {
  constructor(readonly original: PermanentJobError) {
    super(original.message);
    this.stack = original.stack;
  }
}

/** How long a request waits to queue a job (all its commands) before it answers 503: Redis is not there. */
const QUEUE_DEADLINE_MS = 1500;
/** A worker whose Redis went away tries again this soon (BullMQ waits 15 s), so jobs go on soon after it is back. */
const WORKER_RETRY_MS = 2000;
/** What ioredis says of a connection Redis is not on the other end of. */
const CLOSED = /^(Connection is closed|Stream isn't writeable)/;

/**
 * JobsService's queues with REDIS_URL: BullMQ queues, workers and their connections. Its module (BullMQ, ioredis)
 * is loaded only with REDIS_URL (jobs.module.ts): the embedded mode runs its jobs in the process without them.
 * Queuing never waits for Redis to come back: the queues share one connection without an offline queue, and a call
 * that cannot finish within QUEUE_DEADLINE_MS throws DependencyUnavailable (503). Workers wait and reconnect.
 */
export class RedisJobs {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];
  private producer: Redis | null = null;
  private producerConnected = false;
  /** The jobs (`queue:id`) this process's workers are running now: what Redis may have lost, this process knows. */
  private readonly running = new Set<string>();
  /** Redis was found unreachable: said once, and once when it answers again (not by every connection at every retry). */
  private unreachable = false;

  constructor(private readonly config: AppConfig) {}

  /** Runs the queue's jobs in this process; `failed` is called once a job is given up. */
  work(queue: QueueName, run: (data: unknown) => Promise<void>, failed?: (data: unknown, error: Error) => Promise<void>): void {
    const { lockMs } = this.config.jobs;
    // A worker killed mid-job stops renewing its lock: after lockMs another worker takes the job up again.
    const worker = new Worker(
      queue,
      async (job) => {
        const key = `${queue}:${job.id}`;
        this.running.add(key);
        try {
          await run(job.data);
        } catch (error) {
          throw error instanceof PermanentJobError ? new GivenUp(error) : error;
        } finally {
          this.running.delete(key);
        }
      },
      {
        connection: this.redis(),
        prefix: this.prefix(),
        concurrency: QUEUES[queue].concurrency,
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: 5,
        runRetryDelay: WORKER_RETRY_MS,
      },
    );
    worker.on('failed', (job, thrown) => {
      const error = thrown instanceof GivenUp ? thrown.original : thrown;
      this.logger.warn(`${queue}: attempt ${job?.attemptsMade ?? '?'} failed: ${error.message}`);
      if (!job || !failed) return;
      void job
        .getState()
        .then((state) => (state === 'failed' ? failed(job.data, error) : undefined))
        .catch((e: Error) => this.logger.warn(`${queue}: could not record the failure: ${e.message}`));
    });
    worker.on('error', (error) => this.warn(error, queue));
    this.workers.push(worker);
  }

  /**
   * Adds a job, retried `attempts` times with exponential backoff; a job with the id of an ended one runs again, one
   * with the id of a job this process runs now is not added (Redis may have lost it while it runs).
   */
  async add(queue: QueueName, data: unknown, options: { jobId?: string; attempts: number; retryDelayMs: number }): Promise<void> {
    if (options.jobId && this.running.has(`${queue}:${options.jobId}`)) return;
    let sent = false;
    try {
      await this.reachable(async (answered) => {
        const jobs = this.queue(queue);
        await jobs.waitUntilReady();
        // BullMQ ignores an add whose id exists: an ended job with that id goes first, so that it can run again.
        const previous = options.jobId ? await jobs.getJob(options.jobId) : undefined;
        if (previous && ['failed', 'completed'].includes(await previous.getState())) await previous.remove();
        if (answered()) return; // the caller was told it failed: it must not be queued behind its back
        sent = true;
        await jobs.add(queue, data, {
          jobId: options.jobId,
          attempts: options.attempts,
          backoff: { type: 'exponential', delay: options.retryDelayMs },
          removeOnComplete: true,
          removeOnFail: 1000,
        });
      });
    } catch (error) {
      // Once the add is sent, Redis may have done it, however late its answer or however the connection ended.
      throw sent && error instanceof DependencyUnavailable ? new QueueOutcomeUnknown(error) : error;
    }
  }

  /** Whether the job `jobId` is being worked on now (by this process, or BullMQ's 'active'). */
  async isActive(queue: QueueName, jobId: string): Promise<boolean> {
    if (this.running.has(`${queue}:${jobId}`)) return true;
    return this.reachable(async () => {
      const job = await this.queue(queue).getJob(jobId);
      return job ? (await job.getState()) === 'active' : false;
    });
  }

  /** The queue's jobs by state, across every process (failed: those given up that BullMQ keeps, at most 1,000). */
  async depth(queue: QueueName): Promise<QueueDepth> {
    const counts = await this.queue(queue).getJobCounts('waiting', 'active', 'delayed', 'failed');
    return { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 };
  }

  /** A queue that runs by itself (its payload is empty), once across replicas: a BullMQ job scheduler. */
  schedule(queue: QueueName, everyMs: number): void {
    this.queue(queue)
      .upsertJobScheduler(queue, { every: everyMs }, { name: queue, data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } })
      .catch((error: Error) => this.logger.warn(`${queue}: could not schedule: ${error.message}`));
  }

  /** Whether jobs can be queued now (the queues' connection is up). */
  connected(): boolean {
    return this.producerConnection().status === 'ready';
  }

  /** Calls `listener` each time the queues' connection comes up: at start, and when Redis is back after an outage. */
  onConnected(listener: () => void): void {
    this.producerConnection().on('ready', listener);
  }

  /** Schedules the queue again when Redis has lost its schedule (it came back without its data). */
  async reschedule(queue: QueueName, everyMs: number): Promise<void> {
    const scheduled = await this.reachable(() => this.queue(queue).getJobScheduler(queue));
    if (!scheduled) this.schedule(queue, everyMs);
  }

  /** Removes the queue's schedule, if an earlier start made one. */
  unschedule(queue: QueueName): void {
    this.queue(queue)
      .removeJobScheduler(queue)
      .catch((error: Error) => this.logger.warn(`${queue}: could not remove its schedule: ${error.message}`));
  }

  queue(name: QueueName): Queue {
    const known = this.queues.get(name);
    if (known) return known;
    const queue = new Queue(name, { connection: this.producerConnection(), prefix: this.prefix() });
    queue.on('error', (error) => this.warn(error, name));
    // A queue whose start failed (Redis did not answer its first command in time) would fail every call after it:
    // the next call makes another.
    queue.waitUntilReady().catch(() => {
      if (this.queues.get(name) === queue) this.queues.delete(name);
      queue.close().catch(() => undefined);
    });
    this.queues.set(name, queue);
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers.map((w) => w.close()), ...[...this.queues.values()].map((q) => q.close())]);
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)));
  }

  /**
   * A call of a request: DependencyUnavailable (503) when Redis is not connected or does not finish in time. The call
   * goes on after its deadline; `answered()` tells it that its caller has had the 503.
   */
  private async reachable<T>(call: (answered: () => boolean) => Promise<T>): Promise<T> {
    // Connected once and not now: Redis went away, no need to wait for the deadline (BullMQ would wait for it).
    if (this.producerConnected && this.producer?.status !== 'ready') throw new DependencyUnavailable('redis');
    let timer: NodeJS.Timeout | undefined;
    let late = false;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true;
        reject(new DependencyUnavailable('redis'));
      }, QUEUE_DEADLINE_MS);
    });
    try {
      return await Promise.race([call(() => late), deadline]);
    } catch (error) {
      const down =
        error instanceof DependencyUnavailable || this.producer?.status !== 'ready' || /timed out/i.test((error as Error).message);
      throw down ? new DependencyUnavailable('redis', error) : error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The queues' one connection: a command fails at once while Redis is not connected (no offline queue). */
  private producerConnection(): Redis {
    if (!this.producer) {
      this.producer = this.redis({ maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: REDIS_ANSWER_MS });
      this.producer.once('ready', () => (this.producerConnected = true));
    }
    return this.producer;
  }

  /** BullMQ wants its own connections for workers (a worker blocks on its own), with no per-request retry limit. */
  private redis(options: RedisOptions = { maxRetriesPerRequest: null }): Redis {
    const connection = new Redis(this.config.redisUrl!, options);
    connection.on('error', (error: Error) => this.warn(error));
    connection.on('ready', () => {
      if (this.unreachable) this.logger.log('Redis answers again: jobs are queued and run again');
      this.unreachable = false;
    });
    this.connections.push(connection);
    return connection;
  }

  /** Logs a connection's, a queue's or a worker's error; that Redis is unreachable only once until it is back. */
  private warn(error: Error, queue?: string): void {
    if (isUnreachable(error) || CLOSED.test(error.message)) {
      if (!this.unreachable) this.logger.warn(`Redis does not answer (${error.message}): jobs are neither queued nor run until it does`);
      this.unreachable = true;
      return;
    }
    this.logger.warn(queue ? `${queue}: ${error.message}` : error.message);
  }

  private prefix(): string {
    return `${this.config.redisPrefix}jobs`;
  }
}
