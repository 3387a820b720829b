import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MSG } from './messages';

const COMMON_SEQUENCES = ['123', 'abc', 'qwe', 'asd', 'zxc'];
const SPECIAL = /[^A-Za-z0-9\s]/;

/** Every password rule the password breaks, as Spanish messages; empty when it is acceptable. */
export function passwordErrors(password: string): string[] {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) errors.push(MSG.password.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) errors.push(MSG.password.tooLong);
  if (!/[A-Z]/.test(password)) errors.push(MSG.password.uppercase);
  if (!/[a-z]/.test(password)) errors.push(MSG.password.lowercase);
  if (!/[0-9]/.test(password)) errors.push(MSG.password.digit);
  if (!SPECIAL.test(password)) errors.push(MSG.password.special);
  if (/(.)\1\1/.test(password)) errors.push(MSG.password.repeated);
  const lower = password.toLowerCase();
  if (COMMON_SEQUENCES.some((s) => lower.includes(s))) errors.push(MSG.password.sequence);
  return errors;
}

export type PasswordStrength = 'Débil' | 'Media' | 'Fuerte';

/** The strength meter: one point each for length ≥ 8, ≥ 12, ≥ 16, upper, lower, digit, special. */
export function passwordStrength(password: string): { score: number; label: PasswordStrength } {
  const score = [
    password.length >= 8,
    password.length >= 12,
    password.length >= 16,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /[0-9]/.test(password),
    SPECIAL.test(password),
  ].filter(Boolean).length;
  const label: PasswordStrength = score >= 6 ? 'Fuerte' : score >= 4 ? 'Media' : 'Débil';
  return { score, label };
}
