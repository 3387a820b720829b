import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config/app-config';
import type { QueueDepth } from './job-counts';
import { QUEUES, type QueueName } from './job-types';
import { PermanentJobError } from './permanent-job-error';

/** An UnrecoverableError (BullMQ's 'no more attempts') carrying the handler's PermanentJobError. */
class GivenUp extends UnrecoverableError {
  constructor(readonly original: PermanentJobError) {
    super(original.message);
    this.stack = original.stack;
  }
}

/**
 * JobsService's queues with REDIS_URL: BullMQ queues, workers and their connections. Its module (BullMQ, ioredis)
 * is loaded only with REDIS_URL (jobs.module.ts): the embedded mode runs its jobs in the process without them.
 */
export class RedisJobs {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly connections: Redis[] = [];

  constructor(private readonly config: AppConfig) {}

  /** Runs the queue's jobs in this process; `failed` is called once a job is given up. */
  work(queue: QueueName, run: (data: unknown) => Promise<void>, failed?: (data: unknown, error: Error) => Promise<void>): void {
    const { lockMs } = this.config.jobs;
    // A worker killed mid-job stops renewing its lock: after lockMs another worker takes the job up again.
    const worker = new Worker(
      queue,
      async (job) => {
        try {
          await run(job.data);
        } catch (error) {
          throw error instanceof PermanentJobError ? new GivenUp(error) : error;
        }
      },
      {
        connection: this.redis(),
        prefix: this.prefix(),
        concurrency: QUEUES[queue].concurrency,
        lockDuration: lockMs,
        stalledInterval: lockMs,
        maxStalledCount: 5,
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
    worker.on('error', (error) => this.logger.warn(`${queue}: ${error.message}`));
    this.workers.push(worker);
  }

  /** Adds a job, retried `attempts` times with exponential backoff; a job with the id of an ended one runs again. */
  async add(queue: QueueName, data: unknown, options: { jobId?: string; attempts: number; retryDelayMs: number }): Promise<void> {
    // BullMQ ignores an add whose id exists: an ended job with that id goes first, so that it can run again.
    const previous = options.jobId ? await this.queue(queue).getJob(options.jobId) : undefined;
    if (previous && ['failed', 'completed'].includes(await previous.getState())) await previous.remove();
    await this.queue(queue).add(queue, data, {
      jobId: options.jobId,
      attempts: options.attempts,
      backoff: { type: 'exponential', delay: options.retryDelayMs },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  /** Whether the job `jobId` is being worked on now (BullMQ's 'active'). */
  async isActive(queue: QueueName, jobId: string): Promise<boolean> {
    const job = await this.queue(queue).getJob(jobId);
    return job ? (await job.getState()) === 'active' : false;
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

  /** Removes the queue's schedule, if an earlier start made one. */
  unschedule(queue: QueueName): void {
    this.queue(queue)
      .removeJobScheduler(queue)
      .catch((error: Error) => this.logger.warn(`${queue}: could not remove its schedule: ${error.message}`));
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis(), prefix: this.prefix() });
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers.map((w) => w.close()), ...[...this.queues.values()].map((q) => q.close())]);
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)));
  }

  /** BullMQ wants its own connections (a worker blocks on its own), with no per-request retry limit. */
  private redis(): Redis {
    const connection = new Redis(this.config.redisUrl!, { maxRetriesPerRequest: null });
    connection.on('error', (error: Error) => this.logger.warn(error.message));
    this.connections.push(connection);
    return connection;
  }

  private prefix(): string {
    return `${this.config.redisPrefix}jobs`;
  }
}
