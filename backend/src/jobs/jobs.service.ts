import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DependencyUnavailable } from '../common/errors/unavailable';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobCounts, type QueueAttempts, type QueueDepth } from './job-counts';
import { QUEUES, type JobPayloads, type QueueName } from './job-types';
import { PermanentJobError } from './permanent-job-error';
import type { RedisJobs } from './redis-jobs';

/** Injection token of the RedisJobs (with REDIS_URL), or null. */
export const REDIS_JOBS = Symbol('REDIS_JOBS');

export type JobHandler<Q extends QueueName> = (data: JobPayloads[Q]) => Promise<void>;

export interface HandlerOptions<Q extends QueueName> {
  /** Called once when the job is given up (its last attempt failed, or it threw a PermanentJobError). */
  failed?: (data: JobPayloads[Q], error: Error) => Promise<void>;
  /**
   * One job per key at a time: adding a job whose key is queued or running is a no-op (one that ended, failed or
   * not, may be added again). With `running`, what lets a start resume a killed process's jobs without doubles.
   */
  key?: (data: JobPayloads[Q]) => string;
  /** The jobs the domain rows say are running (e.g. drafts `transcribiendo`): queued again by resumeRunning(). */
  running?: () => Promise<JobPayloads[Q][]>;
  /**
   * The period of a queue that runs by itself, when it comes from the configuration: overrides the queue's
   * `everyMs` of job-types.ts; 0 runs it only when queued.
   */
  everyMs?: number;
}

/** A handler as kept, whatever its queue's payload. */
interface Registered {
  run: (data: unknown) => Promise<void>;
  options: { failed?: (data: unknown, error: Error) => Promise<void>; key?: (data: unknown) => string; running?: () => Promise<unknown[]> };
}

/** Delay before retry number `retry` (1-based): the base delay doubling each time, as BullMQ's 'exponential'. */
export const retryDelay = (baseMs: number, retry: number): number => baseMs * 2 ** (retry - 1);

/**
 * The app's background jobs. Each queue of job-types.ts has one handler; a job that throws is retried with
 * exponential backoff (the queue's attempts, else JOB_ATTEMPTS; JOB_RETRY_DELAY_MS). With REDIS_URL the jobs are BullMQ jobs in Redis (they survive a
 * restart and any replica may run them; with RUN_JOBS=false this process only queues them and a separate worker,
 * `backend/dist/worker.js`, runs them); without it they run in this process, with the same handlers and retries.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<QueueName, Registered>();
  /** In-process jobs with a key, queued or running. */
  private readonly inProcessKeys = new Set<string>();
  /** In-process jobs with a key whose handler runs right now (not waiting for a retry). */
  private readonly activeKeys = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly intervals = new Set<NodeJS.Timeout>();
  /** The queues that run by themselves with Redis, and their periods (a Redis without its data lost their schedules). */
  private readonly redisSchedules = new Map<QueueName, number>();
  private readonly counts = new JobCounts();
  private closed = false;
  /** A resumeRunning() round is under way (a slow one is not overlapped by the next). */
  private resuming = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_JOBS) private readonly redis: RedisJobs | null,
  ) {}

  /** Registers the handler of a queue (once, at start: in the owning provider's onModuleInit). */
  register<Q extends QueueName>(queue: Q, handler: JobHandler<Q>, options: HandlerOptions<Q> = {}): void {
    if (this.handlers.has(queue)) throw new Error(`Queue ${queue} already has a handler`);
    const run = this.counts.counting(queue, handler as Registered['run']);
    this.handlers.set(queue, { run, options: options as unknown as Registered['options'] });
    const everyMs = options.everyMs ?? QUEUES[queue].everyMs;
    if (this.config.jobs.run && everyMs) this.schedule(queue, everyMs);
    // Switched off by the configuration: Redis keeps a schedule made by an earlier start, which would go on.
    else if (this.config.jobs.run && options.everyMs === 0) this.redis?.unschedule(queue);
    if (this.redis && this.config.jobs.run) this.redis.work(queue, run, options.failed as Registered['options']['failed']);
  }

  /**
   * Once every module has registered its handlers: a queue of job-types.ts without one would take jobs that
   * never run, so the app (or the worker) does not start.
   */
  onApplicationBootstrap(): void {
    const missing = Object.keys(QUEUES).filter((queue) => !this.handlers.has(queue as QueueName));
    if (missing.length > 0) throw new Error(`No handler is registered for the job queues: ${missing.join(', ')} (see jobs/job-types.ts)`);
  }

  /** The queues that have a handler. */
  queueNames(): QueueName[] {
    return [...this.handlers.keys()];
  }

  /** The BullMQ queue of every queue with a handler (with REDIS_URL only), for the operators' dashboard. */
  redisQueues(): Queue[] {
    const redis = this.redis;
    return redis ? this.queueNames().map((name) => redis.queue(name)) : [];
  }

  /**
   * How many jobs of each queue wait, run, wait for a retry and were given up: BullMQ's counts with Redis (every
   * process's jobs; null for a queue Redis did not answer for within `timeoutMs`), else this process's.
   */
  async depths(timeoutMs: number): Promise<{ queue: QueueName; depth: QueueDepth | null }[]> {
    const redis = this.redis;
    if (!redis) return this.queueNames().map((queue) => ({ queue, depth: { ...this.counts.depth(queue) } }));
    return Promise.all(
      this.queueNames().map(async (queue) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
        const depth = await Promise.race([redis.depth(queue).catch(() => null), late]);
        clearTimeout(timer);
        return { queue, depth };
      }),
    );
  }

  /** The attempts this process ran of each queue's jobs since it started, by outcome. */
  attemptCounts(): { queue: QueueName; attempts: QueueAttempts }[] {
    return this.queueNames().map((queue) => ({ queue, attempts: { ...this.counts.attemptsOf(queue) } }));
  }

  /** Adds a job; it runs in the background and is retried on failure. */
  async enqueue<Q extends QueueName>(queue: Q, data: JobPayloads[Q]): Promise<void> {
    const handler = this.handlers.get(queue);
    if (!handler) throw new Error(`Queue ${queue} has no handler`);
    const attempts = this.attempts(queue);
    const { retryDelayMs } = this.config.jobs;
    const jobId = handler.options.key?.(data);
    if (this.redis) return this.redis.add(queue, data, { jobId, attempts, retryDelayMs });
    if (jobId) {
      const key = `${queue}:${jobId}`;
      if (this.inProcessKeys.has(key)) return;
      this.inProcessKeys.add(key);
    }
    this.runInProcess(queue, data, 1, jobId);
  }

  /**
   * Whether the job with `key` runs right now (its handler is at work: it has read its input), rather than being
   * queued, waiting for a retry, or ended. What a start after a cancel asks: the cancelled job may still be stopping.
   */
  async isActive<Q extends QueueName>(queue: Q, key: string): Promise<boolean> {
    if (this.redis) return this.redis.isActive(queue, key);
    return this.activeKeys.has(`${queue}:${key}`);
  }

  /**
   * Queues again the jobs that the rows say are running: a process stopped mid-job (without Redis its jobs died
   * with it; with Redis, keyed jobs still queued are not doubled). Run once the schema is migrated, then every
   * JOB_RESUME_SECONDS: a Redis that came back without its data lost the jobs of rows that still wait for them (and
   * the schedules of the queues that run by themselves, made again too). While Redis is down there is no round: it
   * runs when Redis is back.
   */
  async resumeRunning(): Promise<void> {
    if (this.resuming || (this.redis && !this.redis.connected())) return;
    this.resuming = true;
    try {
      for (const [queue, everyMs] of this.redisSchedules) {
        await this.redis?.reschedule(queue, everyMs).catch((error: Error) => this.cannotNow(`${queue}: its schedule`, error));
      }
      for (const [queue, { options }] of this.handlers) {
        if (!options.running) continue;
        try {
          for (const data of await options.running()) await this.enqueue(queue, data as never);
        } catch (error) {
          this.cannotNow(`${queue}: the jobs its rows wait for`, error as Error);
        }
      }
    } finally {
      this.resuming = false;
    }
  }

  /** A round's failure; Redis being down is said once by RedisJobs, not at every round. */
  private cannotNow(what: string, error: Error): void {
    if (!(error instanceof DependencyUnavailable)) this.logger.warn(`${what} could not be checked now: ${error.message}`);
  }

  /** resumeRunning() now, each time Redis comes (back) up, and every JOB_RESUME_SECONDS until the process stops. */
  async keepResuming(): Promise<void> {
    this.redis?.onConnected(() => void this.resumeRunning());
    await this.resumeRunning();
    const timer = setInterval(() => void this.resumeRunning(), this.config.jobs.resumeMs);
    timer.unref();
    this.intervals.add(timer);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const timer of this.intervals) clearInterval(timer);
    await this.redis?.close();
  }

  /** A queue that runs by itself (its payload is empty): a BullMQ job scheduler, or a timer in this process. */
  private schedule(queue: QueueName, everyMs: number): void {
    if (this.redis) {
      this.redisSchedules.set(queue, everyMs);
      return this.redis.schedule(queue, everyMs);
    }
    const timer = setInterval(() => this.runInProcess(queue, {}, 1, undefined), everyMs);
    timer.unref();
    this.intervals.add(timer);
  }

  private attempts(queue: QueueName): number {
    return QUEUES[queue].attempts ?? this.config.jobs.attempts;
  }

  private runInProcess(queue: QueueName, data: unknown, attempt: number, jobId: string | undefined): void {
    const handler = this.handlers.get(queue)!;
    const attempts = this.attempts(queue);
    const { retryDelayMs } = this.config.jobs;
    const key = `${queue}:${jobId}`;
    const ended = () => jobId && this.inProcessKeys.delete(key);
    setImmediate(() => {
      if (this.closed) return;
      if (jobId) this.activeKeys.add(key);
      const settled = () => jobId && this.activeKeys.delete(key);
      handler.run(data).then(
        () => {
          settled();
          ended();
        },
        (error: Error) => {
          settled();
          this.logger.warn(`${queue}: attempt ${attempt} failed: ${error.message}`);
          if (this.closed) return;
          if (attempt >= attempts || error instanceof PermanentJobError) {
            ended();
            this.counts.givenUp(queue);
            handler.options
              .failed?.(data, error)
              .catch((e: Error) => this.logger.warn(`${queue}: could not record the failure: ${e.message}`));
            return;
          }
          this.counts.retryWaiting(queue, 1);
          const timer = setTimeout(
            () => {
              this.timers.delete(timer);
              this.counts.retryWaiting(queue, -1);
              this.runInProcess(queue, data, attempt + 1, jobId);
            },
            retryDelay(retryDelayMs, attempt),
          );
          this.timers.add(timer);
        },
      );
    });
  }
}
