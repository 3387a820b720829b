import { randomInt } from 'node:crypto';
import { Inject, Injectable, Module } from '@nestjs/common';
import { argon2id, hash, verify, type HashOptions } from 'argon2';
import { passwordErrors } from '@consulta/shared';
import type { AppConfig, PasswordHashCost } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';

/** Options whose hash comes as the encoded string (its parameters included), not raw bytes. */
type StringHash = HashOptions & { raw?: false };

/**
 * argon2id at the library's defaults (64 MiB, 3 passes, about 0.16 s of CPU a hash or check), or, for test runs only
 * (PASSWORD_HASH_COST=low, refused in production), at the least cost: a test run signs in and makes accounts about
 * a thousand times. A hash carries its own parameters, so either verifies what the other made.
 */
const HASH_OPTIONS: Record<PasswordHashCost, StringHash> = {
  standard: { type: argon2id },
  low: { type: argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

/** Hashes and checks passwords. */
@Injectable()
export class Passwords {
  private readonly options: StringHash;
  /** A hash of a random password: checking against it costs the same as a real check (no timing oracle). */
  private dummyHash?: Promise<string>;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'passwordHashCost'>) {
    this.options = HASH_OPTIONS[config.passwordHashCost];
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(stored: string | null | undefined, password: string): Promise<boolean> {
    if (!stored) {
      this.dummyHash ??= this.hash(temporaryPassword());
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    return verify(stored, password).catch(() => false);
  }
}

@Module({ providers: [Passwords], exports: [Passwords] })
export class PasswordsModule {}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!#$%&*+-=?@^_';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

const pick = (set: string): string => set[randomInt(set.length)];

/** A random 16-character password (crypto.randomInt) that always satisfies the password rules. */
export function temporaryPassword(length = 16): string {
  for (;;) {
    const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
    while (chars.length < length) chars.push(pick(ALL));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j], chars[i]];
    }
    const candidate = chars.join('');
    if (passwordErrors(candidate).length === 0) return candidate;
  }
}
