import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { normalizeIp } from '@nestjs/throttler';
import { MSG } from '@consulta/shared';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { RateLimitService } from './rate-limit.service';
import { ThrottledException } from './throttled.exception';

const PAIR = 'sign-in:pair';
const ACCOUNT = 'sign-in:account';
const ADDRESS = 'sign-in:address';

/** IPv6 clients are counted by their /64, as the route throttle does: one host may hold all of its addresses. */
const addressOf = (clientIp: string): string => normalizeIp(clientIp);
const pairKey = (account: string, clientIp: string): string => `${addressOf(clientIp)}|${account}`;

/**
 * Limits on password checks, counted by account as well as by client address, so a guesser at one address
 * locks out neither everyone behind it (a clinic's Wi-Fi, a carrier's NAT) nor the account's owner elsewhere.
 * In one window (SIGN_IN_LIMITS_TTL_SECONDS):
 * - per (account, address): `perAccountAddress` failures, then that pair is refused; a success clears it;
 * - per account: past `perAccount` failures from any addresses the account is under attack, and each address
 *   then gets one try: a pair with a failure in the window is refused, while a right password from an address
 *   without one is still accepted (the owner elsewhere signs in; a distributed guesser gets one guess per
 *   address and window);
 * - per address, across accounts: `perAddress` failures, then every check from it is refused (stuffing).
 * Refusals are 429 with Retry-After, before the password is checked, so a right password is refused as well.
 * An account is what the caller typed (an unknown one counts like a known one: the answers do not tell).
 */
@Injectable()
export class SignInLimits {
  private readonly logger = new Logger('SignInLimits');

  constructor(
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One password check of `account` from `clientIp`: 429 before `check` runs when it may not happen now; then a
   * falsy answer of `check` counts as a failure and a truthy one forgets the pair's failures. Answers `check`'s answer.
   */
  async attempt<T>(account: string, clientIp: string, check: () => T | Promise<T>): Promise<T> {
    await this.admit(account, clientIp);
    const answer = await check();
    await (answer ? this.succeeded(account, clientIp) : this.failed(account, clientIp));
    return answer;
  }

  /**
   * 429 when a password check may not happen now. It is counted for the pair from here on (so parallel guesses
   * cannot all pass), until `succeeded` clears it.
   */
  private async admit(account: string, clientIp: string): Promise<void> {
    const { perAccountAddress, perAccount, perAddress, ttlMs } = this.config.signInLimits;
    const [address, accountFailures] = await Promise.all([
      this.limits.hits(ADDRESS, addressOf(clientIp)),
      this.limits.hits(ACCOUNT, account),
    ]);
    if (address.hits >= perAddress) throw new ThrottledException(address.seconds, MSG.auth.tooManyFailedSignIns);
    const underAttack = accountFailures.hits >= perAccount;
    const { refused } = await this.limits.count(
      PAIR,
      pairKey(account, clientIp),
      underAttack ? 1 : perAccountAddress,
      ttlMs,
      MSG.auth.tooManyFailedSignIns,
    );
    if (refused) throw refused;
  }

  /** A wrong password (or an unknown account): counted for the account and the address. */
  private async failed(account: string, clientIp: string): Promise<void> {
    const { perAccount, perAddress, ttlMs } = this.config.signInLimits;
    const [{ hits }] = await Promise.all([
      this.limits.count(ACCOUNT, account, perAccount, ttlMs),
      this.limits.count(ADDRESS, addressOf(clientIp), perAddress, ttlMs),
    ]);
    // Once per window, when the account starts taking one try per address: the operator may want to know.
    if (hits === perAccount) {
      this.logger.warn({
        event: 'sign_in_account_limit',
        account_sha256: createHash('sha256').update(account).digest('hex'),
        failures_in_window: hits,
      });
    }
  }

  /** A right password (or a reset, which proved the owner): the pair's failures are forgotten. */
  succeeded(account: string, clientIp: string): Promise<void> {
    return this.limits.clear(PAIR, pairKey(account, clientIp));
  }
}
