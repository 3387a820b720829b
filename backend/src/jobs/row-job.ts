import type { JobPayloads, QueueName } from './job-types';
import type { JobsService } from './jobs.service';

/** The payload field that names the row, of a queue whose payload is that one id (`{ draftId: string }`). */
export type RowIdField<Q extends QueueName> = {
  [F in keyof JobPayloads[Q]]: JobPayloads[Q] extends Record<F, string> ? (Record<F, string> extends JobPayloads[Q] ? F : never) : never;
}[keyof JobPayloads[Q]];

/** A job that owns a row: the row keeps the job's state, which the API and the UI read (job-types.ts). */
export interface RowJobSpec {
  /** The work. Run again after a failed attempt or a restart: a row the job no longer holds is left alone. */
  run: (id: string) => Promise<void>;
  /** The job is given up (its last attempt failed), or could not be queued: the row says it failed. */
  failed: (id: string, error: Error) => Promise<void>;
  /** The rows the job holds: queued again at start (a stopped process left them so). */
  held: () => Promise<string[]>;
}

export interface RowJob {
  /**
   * Hands row `id` to a new job. `claim` puts the row in the job's state and answers false when a job holds it
   * already: then nothing is queued and start answers false. A job that cannot be queued releases its row
   * (`failed`), and the error goes on.
   */
  start(id: string, claim: () => Promise<boolean>): Promise<boolean>;
  /** Whether row `id`'s job is at work now (a cancelled one may still be stopping: a new start waits for it). */
  active(id: string): Promise<boolean>;
}

/**
 * Registers the handler of a queue whose jobs each own a row: keyed by the row (one job per row at a time),
 * resumed at start from the rows the job holds. Call it where the handler is registered (onModuleInit).
 */
export function registerRowJob<Q extends QueueName>(jobs: JobsService, queue: Q, field: RowIdField<Q>, spec: RowJobSpec): RowJob {
  const payload = (id: string) => ({ [field]: id }) as JobPayloads[Q];
  const idOf = (data: JobPayloads[Q]) => data[field] as string;
  jobs.register(queue, (data) => spec.run(idOf(data)), {
    failed: (data, error) => spec.failed(idOf(data), error),
    key: idOf,
    running: async () => (await spec.held()).map(payload),
  });
  return {
    async start(id, claim) {
      if (!(await claim())) return false;
      try {
        await jobs.enqueue(queue, payload(id));
      } catch (error) {
        await spec.failed(id, error as Error);
        throw error;
      }
      return true;
    },
    active: (id) => jobs.isActive(queue, id),
  };
}
