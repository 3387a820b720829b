import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a token, as stored: the database never holds a usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new 256-bit random token (URL-safe) and the hash to store. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
