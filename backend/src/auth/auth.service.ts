import { BadRequestException, Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { MSG, normalizeEmail, passwordErrors } from '@consulta/shared';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { problem } from '../common/errors/error.dto';
import { SignInLimits } from '../common/throttle/sign-in-limits';
import { DEMO_EMAIL_DOMAIN } from './demo-accounts';
import { StoredFiles } from '../storage/stored-files.service';
import { AuthUserDto } from './dto/auth-user.dto';
import type { ChangePasswordDto } from './dto/change-password.dto';
import type { DemoUserDto } from './dto/demo.dto';
import type { LoginResponseDto } from './dto/login-response.dto';
import { User } from './entities/user.entity';
import { GoogleService } from './google.service';
import { Passwords } from './passwords';
import { TokenService } from './token.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly tokens: TokenService,
    private readonly google: GoogleService,
    private readonly files: StoredFiles,
    private readonly limits: SignInLimits,
    private readonly passwords: Passwords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async me(user: User): Promise<AuthUserDto> {
    return AuthUserDto.from(user, await this.files.pictureUrl(user.fotoPerfil));
  }

  /** Signs in the existing user with the Google account's e-mail; unknown e-mails get 404 'User not found'. */
  async googleLogin(token: string): Promise<LoginResponseDto> {
    const identity = await this.google.identify(token);
    const user = await this.em.findOne(User, { email: identity.email });
    if (!user) throw new NotFoundException(problem(MSG.auth.userNotFound, 'NOT_FOUND'));
    if (identity.picture && user.avatarUrl !== identity.picture) {
      user.avatarUrl = identity.picture;
      await this.em.flush();
    }
    return this.tokens.issue(user);
  }

  /**
   * E-mail + password, patients only; every failure gets the same neutral 401 and counts for the typed address
   * (known or not) under the sign-in limits.
   */
  async patientLogin(email: string, password: string, clientIp: string): Promise<LoginResponseDto> {
    const account = normalizeEmail(email);
    const patient = await this.limits.attempt(account, clientIp, async () => {
      const user = await this.em.findOne(User, { email: account });
      const candidate = user?.role === 'paciente' ? user : null;
      return (await this.passwords.verify(candidate?.passwordHash, password)) ? candidate : null;
    });
    if (!patient) throw new UnauthorizedException(problem(MSG.auth.invalidCredentials, 'UNAUTHENTICATED'));
    return this.tokens.issue(patient);
  }

  /**
   * Patients only (therapists sign in with Google and have no password). The old password is required (and
   * checked, under the sign-in limits) unless the patient must change a temporary one or has none. Success bumps the token version
   * (ending every older token) and answers a fresh token.
   */
  async changePassword(user: User, dto: ChangePasswordDto, clientIp: string): Promise<LoginResponseDto> {
    // 400, not 403: a 403 would end the therapist's session on the client.
    if (user.role !== 'paciente') throw new BadRequestException(problem(MSG.password.googleOnly, 'VALIDATION'));
    const needsOld = !user.mustChangePassword && user.passwordHash !== null;
    if (needsOld && !dto.old_password) throw new BadRequestException(problem(MSG.password.oldRequired, 'VALIDATION'));
    const problems = passwordErrors(dto.new_password);
    if (problems.length > 0) throw new BadRequestException(problem(problems.join('. '), 'VALIDATION', problems));
    // The current password is a password check of the account like a sign-in: the same limits apply.
    if (
      needsOld &&
      !(await this.limits.attempt(user.email, clientIp, () => this.passwords.verify(user.passwordHash, dto.old_password ?? '')))
    ) {
      throw new BadRequestException(problem(MSG.password.oldWrong, 'VALIDATION'));
    }
    if (user.passwordHash !== null && (await this.passwords.verify(user.passwordHash, dto.new_password))) {
      throw new BadRequestException(problem(MSG.password.sameAsOld, 'VALIDATION'));
    }
    user.passwordHash = await this.passwords.hash(dto.new_password);
    user.mustChangePassword = false;
    user.tokenVersion += 1;
    await this.em.flush();
    return this.tokens.issue(user);
  }

  async demoUsers(): Promise<DemoUserDto[]> {
    this.assertDemo();
    const users = await this.em.find(
      User,
      { email: { $like: `%@${DEMO_EMAIL_DOMAIN}` } },
      { orderBy: { role: 'desc', name: 'asc' }, fields: ['email', 'name', 'role'] },
    );
    return users.map((u) => ({ email: u.email, name: u.name, role: u.role }));
  }

  async demoLogin(email: string): Promise<LoginResponseDto> {
    this.assertDemo();
    const normalized = normalizeEmail(email);
    const user = normalized.endsWith(`@${DEMO_EMAIL_DOMAIN}`) ? await this.em.findOne(User, { email: normalized }) : null;
    if (!user) throw new NotFoundException(problem(MSG.auth.demoUserNotFound, 'NOT_FOUND'));
    return this.tokens.issue(user);
  }

  private assertDemo(): void {
    if (!this.config.demoLogin) throw new NotFoundException(problem(MSG.auth.demoDisabled, 'NOT_FOUND'));
  }
}
