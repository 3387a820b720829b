/**
 * Every background queue of the app: its name, its payload type and how it runs. A handler is registered for
 * each at module init (`jobs.register('mail', ...)`) and `jobs.enqueue` accepts only the payload of its queue.
 * A job whose work shows in the product keeps its state on the domain row (a draft's estado/progreso/
 * mensaje_error), never in the queue: the API and the UI read that one source of truth (row-job.ts).
 */
export interface JobPayloads {
  /** An e-mail to deliver (SMTP, or the outbox), with its attachments' content inline (text: an .ics). */
  mail: { to: string; subject: string; html: string; text: string; attachments?: MailAttachment[] };
  /**
   * A password-reset request: look the user up and mail a link (the answer never depends on it). `attack`: the link
   * goes in the warning that someone is trying to sign in to the account (SignInLimits).
   */
  'password-reset': { email: string; attack?: true };
  /** Stored files whose reference went away (a session, a draft, a patient deleted; a video replaced): delete the unused ones. */
  'file-release': { keys: string[] };
  /** A draft's video to transcribe by speaker (the draft is `transcribiendo` meanwhile). */
  transcription: { draftId: string };
  /** A draft's two analyses to write from its transcript and fields (the draft is `procesando` meanwhile). */
  'draft-analysis': { draftId: string };
  /** A saved session's two analyses, written in the background (its `analisis_estado` is `generando` meanwhile). */
  'session-analysis': { sessionId: string };
  /** Hourly, all by one age rule (24 h): unused uploads, unfinished multipart uploads, objects no row names, upload leftovers. */
  'storage-sweep': Record<string, never>;
  /** Hourly: delete the drafts that became sessions a day ago, free the drafts a stopped process left `guardando`. */
  'draft-sweep': Record<string, never>;
  /** A patient's data export to write into one archive (its row is `generando` meanwhile). */
  'patient-export': { exportId: string };
  /** Hourly: delete the archives of exports past their expiry. */
  'export-expiry': Record<string, never>;
  /** Hourly and at start: index the sessions the search index does not hold as they are (search-index-writes.ts). */
  'search-sweep': Record<string, never>;
  /**
   * Every REMINDER_SWEEP_SECONDS: mail the patients whose appointment starts within REMINDER_HOURS_BEFORE hours and
   * was not reminded for that start (agenda/appointment-reminders.service.ts).
   */
  'appointment-reminders': Record<string, never>;
  /** Mails each patient whose questionnaire fell due and who was not mailed for that day (questionnaires/questionnaire-due-mails.service.ts). */
  'questionnaire-due-mails': Record<string, never>;
}

/** A file sent with a mail; its content is text (a job's payload is JSON). */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export type QueueName = keyof JobPayloads;

export interface QueueOptions {
  /** Jobs of this queue run at once per process. */
  concurrency: number;
  /** Attempts in all; JOB_ATTEMPTS when absent. */
  attempts?: number;
  /**
   * Runs by itself this often (one schedule across replicas with Redis; a timer in the process without). A period
   * read from the configuration is given at registration instead (`register(queue, handler, { everyMs })`).
   */
  everyMs?: number;
}

export const QUEUES: Record<QueueName, QueueOptions> = {
  mail: { concurrency: 4 },
  'password-reset': { concurrency: 4 },
  'file-release': { concurrency: 2 },
  'storage-sweep': { concurrency: 1, attempts: 1, everyMs: 3600_000 },
  'draft-sweep': { concurrency: 1, attempts: 1, everyMs: 3600_000 },
  // ffmpeg takes a core while it extracts the audio: one transcription at a time per process.
  transcription: { concurrency: 1, attempts: 3 },
  'draft-analysis': { concurrency: 2, attempts: 3 },
  'session-analysis': { concurrency: 2, attempts: 3 },
  // An export streams every file of a patient through the process: one at a time per process.
  'patient-export': { concurrency: 1, attempts: 3 },
  'export-expiry': { concurrency: 1, attempts: 1, everyMs: 3600_000 },
  'search-sweep': { concurrency: 1, attempts: 3, everyMs: 3600_000 },
  // Its period is REMINDER_SWEEP_SECONDS, given at registration; a failed sweep waits for the next one.
  'appointment-reminders': { concurrency: 1, attempts: 1 },
  // On the agenda's period too (REMINDER_SWEEP_SECONDS).
  'questionnaire-due-mails': { concurrency: 1, attempts: 1 },
};
