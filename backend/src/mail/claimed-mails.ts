import type { MailService, OutgoingMail } from './mail.service';

/**
 * Queues the mail of each row a sweep has claimed (marked as mailed before any mail goes: at most once per claim),
 * and hands back to `release` the ids whose mail could not be queued, with the first reason, for the next sweep to
 * claim again. Answers how many were queued. The appointment reminders and the questionnaires' due mails use it.
 */
export async function queueClaimedMails<R extends { id: string }>(
  mailer: MailService,
  rows: readonly R[],
  mailOf: (row: R) => OutgoingMail,
  release: (ids: string[], reason: string) => Promise<void>,
): Promise<number> {
  const results = await Promise.allSettled(rows.map(async (row) => mailer.send(mailOf(row))));
  const failed = rows.filter((_, i) => results[i].status === 'rejected').map((r) => r.id);
  if (failed.length > 0) {
    const reason = String((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason);
    await release(failed, reason);
  }
  return rows.length - failed.length;
}

/** At most this many claims per sweep: a backlog larger than that is the next sweep's. */
const MAX_CLAIMS_PER_SWEEP = 50;

/**
 * One sweep: claims a batch (at most `batch` rows) and queues its mails, again while batches come back full, at most
 * MAX_CLAIMS_PER_SWEEP times. Answers how many mails were queued.
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
