import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { appointmentLinkKey, readAppointmentLink, signAppointmentLink, type AppointmentLink } from './appointment-links';

/** The app's appointment links under their one key (derived from JWT_SECRET): signed for the mails, read for the page. */
@Injectable()
export class AppointmentLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = appointmentLinkKey(config.jwtSecret);
  }

  sign(link: AppointmentLink): string {
    return signAppointmentLink(this.key, link);
  }

  /** What a token names when this key signed it, else null (its time is the caller's to check). */
  read(token: unknown): AppointmentLink | null {
    return readAppointmentLink(this.key, token);
  }
}
