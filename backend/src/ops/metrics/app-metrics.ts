import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { JobsService } from '../../jobs/jobs.service';
import type { QueueDepth } from '../../jobs/job-counts';
import type { RequestObserver } from './request-metrics';

/** A scrape waits this long at most for Redis' job counts (a queue it did not answer for is left out). */
const QUEUE_COUNTS_TIMEOUT_MS = 1000;

/** Seconds: from a quick read (5 ms) to an upload of a part or a long export request (30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const DEPTH_STATES: (keyof QueueDepth)[] = ['waiting', 'active', 'delayed', 'failed'];

/**
 * What an operator watches, in Prometheus' format (prom-client): the process (CPU, memory, event-loop delay, garbage
 * collection: prom-client's default series), the requests by route pattern and status, the job queues, and in the
 * embedded mode the last backup. One registry per app, so nothing is shared with another app in the process.
 */
@Injectable()
export class AppMetrics implements RequestObserver, OnModuleInit {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'consulta_http_request_duration_seconds',
      help: 'Time to answer each HTTP request, by method, route pattern and status (its _count is the request count)',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }

  onModuleInit(): void {
    const jobs = this.jobs;
    new Gauge({
      name: 'consulta_job_queue_jobs',
      help: 'Jobs of each queue by state: waiting, active, delayed (waiting for a retry), failed (given up after every attempt)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { queue, depth } of await jobs.depths(QUEUE_COUNTS_TIMEOUT_MS)) {
          if (depth) for (const state of DEPTH_STATES) this.set({ queue, state }, depth[state]);
        }
      },
    });
    new Counter({
      name: 'consulta_job_attempts_total',
      help: 'Attempts this process ran of each queue’s jobs, by result (completed, failed: a failed attempt is retried until its last)',
      labelNames: ['queue', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { queue, attempts } of jobs.attemptCounts()) {
          this.inc({ queue, result: 'completed' }, attempts.completed);
          this.inc({ queue, result: 'failed' }, attempts.failed);
        }
      },
    });
    if (this.config.embedded) this.watchBackups(this.config.backup.dir);
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /** The text a scrape answers, and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /**
   * The embedded mode's own backups: the time of the newest finished one in BACKUP_DIR (what the schedule itself goes
   * by, and it holds across restarts). Absent until there is one.
   */
  private watchBackups(dir: string): void {
    new Gauge({
      name: 'consulta_backup_last_success_timestamp_seconds',
      help: 'When the newest of the embedded mode’s own backups was written (Unix time)',
      registers: [this.registry],
      async collect() {
        this.reset();
        const { isScheduledBackupName } = await import('../../backup/scheduled-backups.js');
        const names = (await readdir(dir).catch(() => [] as string[])).filter(isScheduledBackupName).sort();
        const newest = names.at(-1);
        const written = newest ? await stat(path.join(dir, newest)).catch(() => null) : null;
        if (written) this.set(written.mtimeMs / 1000);
      },
    });
  }
}
