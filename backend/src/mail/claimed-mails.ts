import type { Logger } from '@nestjs/common';
import { QueueOutcomeUnknown } from '../jobs/queue-outcome-unknown';
import type { MailService, OutgoingMail } from './mail.service';

/** A sweep's claimed mails: their name in its log lines, each row's mail, and how claims are given back. */
export interface ClaimedMails<R> {
  /** As a log line names them: 'appointment reminders'. */
  what: string;
  logger: Logger;
  mailOf: (row: R) => OutgoingMail;
  /** Gives back these rows' claims, for the next sweep to claim again. */
  release: (ids: string[]) => Promise<unknown>;
}

/**
 * Queues the mail of each row a sweep has claimed (marked as mailed before any mail goes: at most once per claim).
 * A mail that could not be queued gives its claim back, for the next sweep. One whose queuing Redis answered too late
 * to tell (QueueOutcomeUnknown: it may be in the queue all the same, and go once Redis answers) keeps its claim, so
 * that none goes twice. Answers how many claims stand (queued, or perhaps queued). The appointment reminders and the
 * questionnaires' due mails use it.
 */
export async function queueClaimedMails<R extends { id: string }>(
  mailer: MailService,
  rows: readonly R[],
  { what, logger, mailOf, release }: ClaimedMails<R>,
): Promise<number> {
  const settled = await Promise.allSettled(rows.map(async (row) => mailer.send(mailOf(row))));
  const errors = settled.map((s) => (s.status === 'rejected' ? (s.reason as Error) : null));
  const unsure = errors.filter((error) => error instanceof QueueOutcomeUnknown);
  if (unsure.length > 0) {
    logger.warn(
      `${unsure.length} ${what}: Redis answered too late to tell whether they were queued (${String(unsure[0])}): kept as sent, so that none goes twice`,
    );
  }
  const notQueued = (error: Error | null) => error !== null && !(error instanceof QueueOutcomeUnknown);
  const failed = rows.filter((_, i) => notQueued(errors[i]));
  if (failed.length > 0) {
    logger.warn(`${failed.length} ${what} could not be queued (${String(errors.find(notQueued))}): tried again by the next sweep`);
    await release(failed.map((row) => row.id));
  }
  return rows.length - failed.length;
}

/** At most this many claims per sweep: a backlog larger than that is the next sweep's. */
const MAX_CLAIMS_PER_SWEEP = 50;

/**
 * One sweep: claims a batch (at most `batch` rows) and queues its mails, again while batches come back full, at most
 * MAX_CLAIMS_PER_SWEEP times. Answers how many claims stand (queueClaimedMails).
 */
export async function sweepClaims<R>(batch: number, claim: () => Promise<R[]>, queue: (rows: R[]) => Promise<number>): Promise<number> {
  let queued = 0;
  for (let claims = 0; claims < MAX_CLAIMS_PER_SWEEP; claims++) {
    const rows = await claim();
    queued += await queue(rows);
    if (rows.length < batch) break;
  }
  return queued;
}
