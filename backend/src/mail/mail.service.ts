import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import { ownerOnlyDirSync, writeOwnerOnlyFileSync } from '../common/files/owner-only';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { JobsService } from '../jobs/jobs.service';
import type { JobPayloads } from '../jobs/job-types';

export type OutgoingMail = JobPayloads['mail'];

/**
 * Outgoing mail, always sent from a background job so a briefly unreachable SMTP server only delays it.
 * With SMTP_URL: nodemailer over SMTP. Without: each message is written to DATA_DIR/outbox as an .eml file, which
 * the log line names (the embedded demo's "mailbox"; production needs MAIL_OUTBOX=true). Its links are not logged:
 * they sign people in, and no log line carries a URL's query.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private transport: Promise<Transporter> | null = null;
  private readonly outbox: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {
    this.outbox = config.smtpUrl ? null : path.join(config.dataDir, 'outbox');
  }

  /** nodemailer is loaded with the first message: an idle server does not hold it. */
  private transporter(): Promise<Transporter> {
    const smtpUrl = this.config.smtpUrl;
    return (this.transport ??= import('nodemailer').then(({ createTransport }) =>
      smtpUrl ? createTransport(smtpUrl) : createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  }

  onModuleInit(): void {
    this.jobs.register('mail', (mail) => this.deliver(mail));
  }

  send(mail: OutgoingMail): Promise<void> {
    return this.jobs.enqueue('mail', mail);
  }

  private async deliver(mail: OutgoingMail): Promise<void> {
    const info = await (await this.transporter()).sendMail({ from: this.config.mailFrom, ...mail });
    if (!this.outbox) return;
    ownerOnlyDirSync(this.outbox);
    const file = path.join(this.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    writeOwnerOnlyFileSync(file, info.message as Buffer);
    this.logger.log(`Correo para ${mail.to} guardado en ${file}: "${mail.subject}"`);
  }
}
