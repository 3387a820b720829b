import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { JobsService } from '../jobs/jobs.service';
import { sweepSearchIndex } from './search-index-writes';

/** The sweep of the search index as a job: hourly, and queued once at start (createApp). */
@Injectable()
export class SearchIndexSweep implements OnModuleInit {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly jobs: JobsService,
    private readonly em: EntityManager,
  ) {}

  onModuleInit(): void {
    this.jobs.register(
      'search-sweep',
      async () => {
        const started = Date.now();
        const indexed = await sweepSearchIndex(this.em);
        if (indexed > 0) this.logger.log(`Indexed ${indexed} sessions for search in ${Date.now() - started} ms`);
      },
      { key: () => 'sweep' },
    );
  }

  /**
   * Queues a sweep now (one at a time), in the background: a start never waits on the queue (with Redis down the
   * app still starts, and its readiness says why); the hourly sweep catches up.
   */
  start(): void {
    this.jobs
      .enqueue('search-sweep', {})
      .catch((error: unknown) => this.logger.warn(`The search index sweep was not queued: ${String(error)}`));
  }
}
