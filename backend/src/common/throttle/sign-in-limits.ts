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
/** An account under attack: set when it reaches its failures, extended by each failure after, so it ends a window after the last. */
const ATTACK = 'sign-in:attack';
/** An account under attack takes one check per SIGN_IN_ATTACK_INTERVAL_SECONDS from all addresses together. */
const BACKOFF = 'sign-in:backoff';
/** A pair whose address gave the right password or reset it: the owner's, exempt from the account's back-off. */
const OWNER = 'sign-in:owner';
/** The owner was mailed about an attack: at most once a day. */
const WARNED = 'sign-in:warned';

const OWNER_MS = 30 * 86_400_000;
const WARNED_MS = 86_400_000;

/** IPv6 clients are counted by their /64, as the route throttle does: one host may hold all of its addresses. */
const addressOf = (clientIp: string): string => normalizeIp(clientIp);
const pairKey = (account: string, clientIp: string): string => `${addressOf(clientIp)}|${account}`;
const refusal = (seconds: number) => new ThrottledException(seconds, MSG.auth.tooManyFailedSignIns);

/** Told once when an account comes under attack (the owner's mail); its failure is logged, never the sign-in's. */
export type AttackListener = (account: string) => Promise<void>;

/**
 * Limits on password checks, counted by account as well as by client address, so a guesser at one address
 * locks out neither everyone behind it (a clinic's Wi-Fi, a carrier's NAT) nor the account's owner elsewhere.
 * In one window (SIGN_IN_LIMITS_TTL_SECONDS):
 * - per (account, address): `perAccountAddress` failures, then that pair is refused; a success clears it;
 * - per account: past `perAccount` failures from any addresses the account is under attack until a whole window
 *   passes without a failure. Meanwhile an address with a failure on it in the window is refused, and all the
 *   others together get one check per `attackIntervalMs` (a botnet rotating addresses guesses once a minute, not
 *   once per address); the owner's addresses (a right password or a reset from there) keep their usual pair limit.
 *   When an attack starts, the owner is mailed (at most once a day) with a reset link;
 * - per address, across accounts: `perAddress` failures, then every check from it is refused (stuffing).
 * Refusals are 429 with Retry-After, before the password is checked, so a right password is refused as well.
 * An account is what the caller typed (an unknown one counts like a known one: the answers do not tell).
 */
@Injectable()
export class SignInLimits {
  private readonly logger = new Logger('SignInLimits');
  private readonly attackListeners: AttackListener[] = [];

  constructor(
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `listener` is told the account when an attack on it starts (at most once a day per account). */
  onAttack(listener: AttackListener): void {
    this.attackListeners.push(listener);
  }

  /**
   * One password check of `account` from `clientIp`: 429 before `check` runs when it may not happen now; then a
   * falsy answer of `check` counts as a failure and a truthy one forgets the pair's failures. Answers `check`'s answer.
   */
  async attempt<T>(account: string, clientIp: string, check: () => T | Promise<T>): Promise<T> {
    const underAttack = await this.admit(account, clientIp);
    const answer = await check();
    await (answer ? this.succeeded(account, clientIp) : this.failed(account, clientIp, underAttack));
    return answer;
  }

  /** A right password (or a reset, which proved the owner): the pair's failures are forgotten, its address is the owner's. */
  async succeeded(account: string, clientIp: string): Promise<void> {
    const pair = pairKey(account, clientIp);
    await Promise.all([this.limits.clear(PAIR, pair), this.limits.mark(OWNER, pair, OWNER_MS)]);
  }

  /**
   * 429 when a password check may not happen now; answers whether the account is under attack. The check is counted
   * for the pair from here on (so parallel guesses cannot all pass), until `succeeded` clears it.
   */
  private async admit(account: string, clientIp: string): Promise<boolean> {
    const { perAccountAddress, perAccount, perAddress, ttlMs, attackIntervalMs } = this.config.signInLimits;
    const pair = pairKey(account, clientIp);
    const [address, accountFailures, attack, owner] = await Promise.all([
      this.limits.hits(ADDRESS, addressOf(clientIp)),
      this.limits.hits(ACCOUNT, account),
      this.limits.marked(ATTACK, account),
      this.limits.marked(OWNER, pair),
    ]);
    if (address.hits >= perAddress) throw refusal(address.seconds);
    const underAttack = accountFailures.hits >= perAccount || attack > 0;
    const backingOff = underAttack && owner === 0;
    if (backingOff) {
      const tried = await this.limits.hits(PAIR, pair);
      if (tried.hits > 0) throw refusal(tried.seconds);
      const wait = await this.limits.claim(BACKOFF, account, attackIntervalMs);
      if (wait > 0) throw refusal(wait);
    }
    const { refused } = await this.limits.count(PAIR, pair, backingOff ? 1 : perAccountAddress, ttlMs, MSG.auth.tooManyFailedSignIns);
    if (refused) throw refused;
    return underAttack;
  }

  /** A wrong password (or an unknown account): counted for the account and the address; an attack starts or goes on. */
  private async failed(account: string, clientIp: string, underAttack: boolean): Promise<void> {
    const { perAccount, perAddress, ttlMs } = this.config.signInLimits;
    const [{ hits }] = await Promise.all([
      this.limits.count(ACCOUNT, account, perAccount, ttlMs),
      this.limits.count(ADDRESS, addressOf(clientIp), perAddress, ttlMs),
    ]);
    if (!underAttack && hits < perAccount) return;
    // The first failure to take the mark starts the attack (once, across replicas); the others extend it.
    if ((await this.limits.claim(ATTACK, account, ttlMs)) > 0) return this.limits.mark(ATTACK, account, ttlMs);
    const accountSha256 = createHash('sha256').update(account).digest('hex');
    this.logger.warn({ event: 'sign_in_account_limit', account_sha256: accountSha256, failures_in_window: hits });
    if ((await this.limits.claim(WARNED, account, WARNED_MS)) > 0) return;
    for (const listener of this.attackListeners) {
      await listener(account).catch((error: Error) =>
        this.logger.warn({ event: 'sign_in_attack_mail_failed', account_sha256: accountSha256, reason: error.message }),
      );
    }
  }
}
