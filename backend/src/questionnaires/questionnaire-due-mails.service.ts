import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService } from '../jobs/jobs.service';
import { queueClaimedMails, sweepClaims } from '../mail/claimed-mails';
import { MailService } from '../mail/mail.service';
import { dueMail } from './questionnaire-mails';
import { CLAIM_DUE_SQL, RELEASE_DUE_SQL, type ClaimedDue } from './questionnaires.sql';

/** Assignments claimed per statement; a sweep goes on while batches come back full (sweepClaims). */
const BATCH = 200;

/**
 * Mails each patient once per due day of a scale (the `questionnaire-due-mails` job, on the agenda's sweep period,
 * REMINDER_SWEEP_SECONDS). The claim marks the due day mailed before the mail is queued, as the appointment
 * reminders do (appointment-reminders.service.ts says what that guarantees): never twice for one day, also across
 * replicas; a mail that cannot be queued gives its claim back for the next sweep, one whose queuing Redis answered
 * too late to tell keeps it (queueClaimedMails).
 */
@Injectable()
export class QuestionnaireDueMails implements OnModuleInit {
  private readonly logger = new Logger('QuestionnaireDueMails');

  constructor(
    private readonly em: EntityManager,
    private readonly jobs: JobsService,
    private readonly mailer: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register('questionnaire-due-mails', () => this.sweep().then(() => undefined), {
      everyMs: this.config.agenda.reminderSweepMs,
    });
  }

  /** One sweep; answers how many mails were queued. */
  async sweep(): Promise<number> {
    const claim = () => execute<ClaimedDue>(this.em.fork(), CLAIM_DUE_SQL, [this.config.agenda.defaultTimeZone, BATCH]);
    const queued = await sweepClaims(BATCH, claim, (rows) => this.queue(rows));
    if (queued > 0) this.logger.log(`Questionnaires due: ${queued} mails queued`);
    return queued;
  }

  private queue(rows: ClaimedDue[]): Promise<number> {
    const url = `${this.config.publicUrl}/dashboard/paciente`;
    const mailOf = (row: ClaimedDue) => ({
      to: row.paciente_email,
      ...dueMail({ pacienteNombre: row.paciente_nombre, terapeutaNombre: row.terapeuta_nombre, codigo: row.codigo, url }),
    });
    return queueClaimedMails(this.mailer, rows, {
      what: 'questionnaire mails',
      logger: this.logger,
      mailOf,
      release: (ids) => execute(this.em.fork(), RELEASE_DUE_SQL, [ids.join(',')]),
    });
  }
}
