import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService } from '../jobs/jobs.service';
import { queueClaimedMails, sweepClaims } from '../mail/claimed-mails';
import { MailService } from '../mail/mail.service';
import { AgendaMail } from './agenda-mail.service';
import { CLAIM_REMINDERS_SQL, RELEASE_REMINDERS_SQL, type ClaimedReminder } from './appointment-reminders.sql';

/** Appointments claimed per statement; a sweep goes on while batches come back full (sweepClaims). */
export const REMINDER_BATCH = 200;

/**
 * The reminders: every REMINDER_SWEEP_SECONDS the `appointment-reminders` job mails each patient whose appointment
 * (programada or confirmada) starts within REMINDER_HOURS_BEFORE hours and was not reminded for that start; 0 hours
 * switches them off (no schedule, and a sweep queued anyway does nothing).
 *
 * What is guaranteed. The claim (CLAIM_REMINDERS_SQL) is one statement that commits on its own: it marks the rows
 * (`recordatorio_para = inicio`) and reads what their mails need. Any number of sweeps at once (replicas, a worker)
 * claim each appointment for each start once. Only then are the mails queued (a `mail` job each: with Redis it
 * survives a restart and is retried, JOB_ATTEMPTS). So:
 * - never two reminders for one appointment and start: not with concurrent sweeps, not after a restart, not when a
 *   sweep fails half-way (what was claimed stays claimed);
 * - a move (another `inicio`) makes it due again: one more reminder, for the new start, with links for that start;
 * - a mail that cannot be queued (Redis unreachable) gives its claim back, and the next sweep tries again;
 * - a mail whose queuing Redis answers too late to tell (slow, frozen, or cut off mid-call) keeps its claim: it may be
 *   in the queue all the same, so queuing it again could send it twice; if it was not, it is lost, as on a crash;
 * - a process killed (kill -9, power loss) after the claim's commit and before its mails are queued loses those
 *   reminders (at most one batch, REMINDER_BATCH, in a window of milliseconds): the rows say reminded, no mail went.
 *   That is the price of at-most-once: claiming after queueing would instead send some twice on such a crash, and
 *   two processes could not tell a queued-but-uncommitted claim from a new one. Without Redis a queued mail dies
 *   with the process anyway, like every other mail of the embedded mode.
 * - a mail whose every attempt fails (SMTP down for longer than the retries) is not tried again by the sweep.
 */
@Injectable()
export class AppointmentReminders implements OnModuleInit {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly mailer: MailService,
    private readonly mail: AgendaMail,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const on = this.config.agenda.reminderHoursBefore > 0;
    this.jobs.register('appointment-reminders', () => this.sweep().then(() => undefined), {
      everyMs: on ? this.config.agenda.reminderSweepMs : 0,
    });
  }

  /** One sweep: claims and queues batch after batch until none is full. Answers how many reminders were queued. */
  async sweep(): Promise<number> {
    const { reminderHoursBefore: hours, patientCancelHours, defaultTimeZone } = this.config.agenda;
    if (hours <= 0) return 0;
    const started = performance.now();
    let claiming = 0;
    const claim = async () => {
      const claimStarted = performance.now();
      const rows = await execute<ClaimedReminder>(this.em.fork(), CLAIM_REMINDERS_SQL, [
        hours,
        REMINDER_BATCH,
        patientCancelHours,
        defaultTimeZone,
      ]);
      claiming += performance.now() - claimStarted;
      return rows;
    };
    const queued = await sweepClaims(REMINDER_BATCH, claim, (rows) => this.queue(rows));
    if (queued > 0) {
      const ms = Math.round(performance.now() - started);
      this.logger.log(`Appointment reminders: ${queued} queued in ${ms} ms (claiming ${Math.round(claiming)} ms)`);
    }
    return queued;
  }

  /** Queues the claimed reminders' mails; gives back the claims of those that could not be queued. */
  private queue(rows: ClaimedReminder[]): Promise<number> {
    return queueClaimedMails(this.mailer, rows, {
      what: 'appointment reminders',
      logger: this.logger,
      mailOf: (row) => this.mail.reminder(row),
      release: (ids) => execute(this.em.fork(), RELEASE_REMINDERS_SQL, [ids.join(',')]),
    });
  }
}
