import { createHash } from 'node:crypto';
import { ConflictException, Inject, Injectable, Logger, type HttpException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG } from '@consulta/shared';
import { User } from '../auth/entities/user.entity';
import { problem } from '../common/errors/error.dto';
import { RateLimitService } from '../common/throttle/rate-limit.service';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';

const LIMIT = 'email-taken';

/**
 * An address that already has an account is refused with 409 (it cannot be reused), which also tells the
 * therapist that it is registered somewhere on the platform. So those refusals are counted per therapist
 * (EMAIL_TAKEN_THROTTLE_*): past the limit, every patient creation and e-mail invitation of that therapist
 * answers 429 until the window ends (a 429 for taken addresses alone would say the same as the 409). Each
 * refusal is a warning line for the operator; the address appears only as a hash (see docs/decisions/reviews.md).
 */
@Injectable()
export class TakenEmails {
  private readonly logger = new Logger('EmailTaken');

  constructor(
    private readonly em: EntityManager,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Passes when the therapist may use `email` (normalized) for a new patient; 409 or 429 otherwise. */
  async assertFree(therapist: User, email: string, route: string): Promise<void> {
    await this.limits.assertNotBlocked(LIMIT, therapist.id);
    if ((await this.em.count(User, { email })) > 0) throw await this.refusal(therapist, email, route);
  }

  /** Counts and logs one refusal of a taken address: the 409 to throw, or the 429 once past the limit. */
  async refusal(therapist: User, email: string, route: string): Promise<HttpException> {
    const { limit, ttlMs } = this.config.takenEmailThrottle;
    const { hits, refused } = await this.limits.count(LIMIT, therapist.id, limit, ttlMs);
    this.logger.warn({
      event: 'email_taken',
      therapist_id: therapist.id,
      therapist_email: therapist.email,
      route,
      address_sha256: createHash('sha256').update(email).digest('hex'),
      refusals_in_window: hits,
      answer: refused ? 429 : 409,
    });
    return refused ?? new ConflictException(problem(MSG.patients.emailExists, 'ALREADY_EXISTS'));
  }
}
