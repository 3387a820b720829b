import { BadRequestException, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { emailError, MSG, normalizeEmail, passwordErrors } from '@consulta/shared';
import { problem } from '../common/errors/error.dto';
import { hashToken, newOneTimeToken } from '../common/security/one-time-token';
import { SignInLimits } from '../common/throttle/sign-in-limits';
import { RateLimitService } from '../common/throttle/rate-limit.service';
import type { AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job-types';
import { JobsService } from '../jobs/jobs.service';
import { APP_CONFIG } from '../config/config.constants';
import { MailService } from '../mail/mail.service';
import { passwordResetMail, signInAttackMail } from '../mail/mail.templates';
import { PasswordReset } from './entities/password-reset.entity';
import { User } from './entities/user.entity';
import { Passwords } from './passwords';

/** How long a reset link works. */
export const RESET_TTL_MINUTES = 30;

type ResetRequest = JobPayloads['password-reset'];

/** Password recovery by e-mail: a single-use, short-lived link; using it ends the user's older sessions. */
@Injectable()
export class PasswordResetService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly mail: MailService,
    private readonly limits: RateLimitService,
    private readonly signIn: SignInLimits,
    private readonly jobs: JobsService,
    private readonly passwords: Passwords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register('password-reset', (request) => this.issue(request));
    // An account under attack: its owner gets a reset link with the warning (when the account has a password).
    this.signIn.onAttack((email) => this.jobs.enqueue('password-reset', { email, attack: true }));
  }

  /**
   * Always the same neutral answer, after the same work: the look-up happens in a background job, so neither the
   * answer nor its timing tells whether the e-mail has an account.
   */
  async request(rawEmail: string, clientIp: string): Promise<{ message: string }> {
    const invalid = emailError(rawEmail);
    if (invalid) throw new BadRequestException(problem(invalid, 'VALIDATION'));
    const email = normalizeEmail(rawEmail);
    await this.limits.mail('forgot-password', email, clientIp);
    await this.jobs.enqueue('password-reset', { email });
    return { message: MSG.reset.neutral };
  }

  /**
   * The job: only users who sign in with a password get a link (in the attack warning, or the plain reset mail); a new
   * link replaces their earlier unused ones.
   */
  private async issue({ email, attack }: ResetRequest): Promise<void> {
    const em = this.em.fork();
    const user = await em.findOne(User, { email });
    if (!user?.passwordHash) return;
    const { token, hash } = newOneTimeToken();
    await em.nativeDelete(PasswordReset, { user, usedAt: null });
    em.create(PasswordReset, { user, tokenHash: hash, expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000) });
    await em.flush();
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const content = attack ? signInAttackMail(user.name, link, RESET_TTL_MINUTES) : passwordResetMail(user.name, link, RESET_TTL_MINUTES);
    await this.mail.send({ to: user.email, ...content });
  }

  async verify(token: string | undefined): Promise<{ valid: boolean; message: string }> {
    await this.usable(token);
    return { valid: true, message: MSG.reset.valid };
  }

  /**
   * Sets the new password of the link's user (single use, even if two requests race; ends older sessions). The
   * mailbox has proved the owner: their failures from this address are forgotten and the address is theirs, so they
   * sign in at once, even while their account is under attack.
   */
  async reset(token: string, newPassword: string, clientIp: string): Promise<{ message: string }> {
    const reset = await this.usable(token);
    const problems = passwordErrors(newPassword);
    if (problems.length > 0)
      throw new BadRequestException(problem(`${MSG.password.requirements}: ${problems.join('. ')}`, 'VALIDATION', problems));
    const passwordHash = await this.passwords.hash(newPassword);
    const email = await this.em.transactional(async (em) => {
      const spent = await em.nativeUpdate(PasswordReset, { id: reset.id, usedAt: null }, { usedAt: new Date() });
      if (spent !== 1) throw new BadRequestException(problem(MSG.reset.invalidToken, 'VALIDATION'));
      const user = await em.findOneOrFail(User, reset.user.id);
      user.passwordHash = passwordHash;
      user.mustChangePassword = false;
      user.tokenVersion += 1;
      return user.email;
    });
    await this.signIn.succeeded(email, clientIp);
    return { message: MSG.reset.done };
  }

  private async usable(token: string | undefined): Promise<PasswordReset> {
    const reset = token ? await this.em.findOne(PasswordReset, { tokenHash: hashToken(token) }) : null;
    if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now())
      throw new BadRequestException(problem(MSG.reset.invalidToken, 'VALIDATION'));
    return reset;
  }
}
