import { randomInt } from 'node:crypto';
import { argon2id, hash, verify } from 'argon2';
import { passwordErrors } from '@consulta/shared';

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export const hashPassword = (password: string): Promise<string> => hash(password, { type: argon2id });

/** A hash of a random password: verifying against it costs the same as a real check (no timing oracle). */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword(temporaryPassword());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

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
