import type { QueueName } from './job-types';

/** How many jobs of a queue wait, run, wait for a retry, and were given up (all their attempts failed). */
export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

/** Attempts a process ran of a queue's jobs since it started, by how they ended. */
export interface QueueAttempts {
  completed: number;
  failed: number;
}

const zeroDepth = (): QueueDepth => ({ waiting: 0, active: 0, delayed: 0, failed: 0 });

/**
 * What the jobs of this process did, for the operators' metrics: the attempts it ran (both modes: the handler is
 * counted wherever it runs), and, when the jobs run in the process (no Redis), how many run, wait for a retry and were
 * given up. With Redis the depths are the queues' own (JobsService.depths asks BullMQ).
 */
export class JobCounts {
  private readonly attempts = new Map<QueueName, QueueAttempts>();
  private readonly inProcess = new Map<QueueName, QueueDepth>();

  /** `run`, counted: its attempts by outcome, and while it runs, as active in this process. */
  counting<T>(queue: QueueName, run: (data: T) => Promise<void>): (data: T) => Promise<void> {
    return async (data: T) => {
      this.depth(queue).active += 1;
      try {
        await run(data);
        this.attemptsOf(queue).completed += 1;
      } catch (error) {
        this.attemptsOf(queue).failed += 1;
        throw error;
      } finally {
        this.depth(queue).active -= 1;
      }
    };
  }

  /** An in-process job waits for its retry (+1), or its wait ended (-1). */
  retryWaiting(queue: QueueName, change: 1 | -1): void {
    this.depth(queue).delayed += change;
  }

  /** An in-process job was given up. */
  givenUp(queue: QueueName): void {
    this.depth(queue).failed += 1;
  }

  attemptsOf(queue: QueueName): QueueAttempts {
    let counted = this.attempts.get(queue);
    if (!counted) this.attempts.set(queue, (counted = { completed: 0, failed: 0 }));
    return counted;
  }

  /** The depth of an in-process queue (the object itself: callers read a copy). */
  depth(queue: QueueName): QueueDepth {
    let depth = this.inProcess.get(queue);
    if (!depth) this.inProcess.set(queue, (depth = zeroDepth()));
    return depth;
  }
}
