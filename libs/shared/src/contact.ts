import {
  AGE_MAX,
  AGE_MIN,
  EMAIL_DOMAIN_MAX,
  EMAIL_LOCAL_MAX,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from './constants';
import { MSG } from './messages';
import { DEFAULT_DIAL_CODE, DIAL_CODES } from './options';

/** Each validator answers the first Spanish message that applies, or null when the value is valid. */
export type Check = string | null;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/i;

/** The e-mail rules of creating a patient. */
export function emailError(raw: string | null | undefined): Check {
  const email = normalizeEmail(raw ?? '');
  if (!email) return MSG.required.email;
  if (email.length < EMAIL_MIN_LENGTH || email.length > EMAIL_MAX_LENGTH) return MSG.email.length;
  if (email.split('@').length !== 2) return MSG.email.oneAt;
  const [local, domain] = email.split('@');
  if (local.length < 1 || local.length > EMAIL_LOCAL_MAX) return MSG.email.local;
  if (domain.length < 1 || domain.length > EMAIL_DOMAIN_MAX || !DOMAIN_PATTERN.test(domain)) return MSG.email.domain;
  if (!EMAIL_PATTERN.test(email)) return MSG.email.format;
  return null;
}

/** Strips the separators a person types: spaces, hyphens and parentheses. */
export const cleanPhone = (raw: string): string => raw.replace(/[\s\-()]/g, '');

/** A phone number without its country code: 7 to 12 digits, the first 1-9. */
export function phoneError(raw: string | null | undefined): Check {
  const digits = cleanPhone(raw ?? '');
  if (!digits) return MSG.required.telefono;
  if (!/^\d+$/.test(digits)) return MSG.phone.invalid;
  if (digits.length < PHONE_MIN_DIGITS) return MSG.phone.tooShort;
  if (digits.length > PHONE_MAX_DIGITS) return MSG.phone.tooLong;
  if (!/^[1-9]/.test(digits)) return MSG.phone.invalid;
  return null;
}

/** Splits '+573001234567' into its dial code (the longest known prefix) and local digits. */
export function splitFullPhone(full: string): { dialCode: string; digits: string } | null {
  const compact = cleanPhone(full);
  const match = [...DIAL_CODES].sort((a, b) => b.code.length - a.code.length).find((d) => compact.startsWith(d.code));
  return match ? { dialCode: match.code, digits: compact.slice(match.code.length) } : null;
}

/** How a country's numbers are read aloud, in digits per group; others go in threes (the last group takes 2 to 4). */
const PHONE_GROUPS: Record<string, number[]> = {
  '+34': [3, 2, 2, 2],
  '+52': [2, 4, 4],
  '+33': [1, 2, 2, 2, 2],
};

function groupDigits(digits: string, groups: number[] | undefined): string[] {
  if (groups && groups.reduce((a, b) => a + b, 0) === digits.length) {
    let at = 0;
    return groups.map((n) => digits.slice(at, (at += n)));
  }
  const out: string[] = [];
  let at = 0;
  while (digits.length - at > 4) out.push(digits.slice(at, (at += 3)));
  out.push(digits.slice(at));
  return out;
}

/** '+34612345678' → '+34 612 34 56 78', '+573001234567' → '+57 300 123 4567'; anything else as it came. */
export function formatPhone(raw: string | null | undefined): string {
  const text = (raw ?? '').trim();
  const parts = splitFullPhone(text);
  if (!parts || !/^\d+$/.test(parts.digits)) return text;
  return [parts.dialCode, ...groupDigits(parts.digits, PHONE_GROUPS[parts.dialCode])].join(' ');
}

/** A full number (dial code of the list plus a valid local number), as telefono_paciente carries it. */
export function fullPhoneError(raw: string | null | undefined): Check {
  const compact = cleanPhone(raw ?? '');
  if (!compact) return MSG.required.telefono;
  const parts = splitFullPhone(compact);
  if (!parts) return MSG.phone.dialCode;
  return phoneError(parts.digits);
}

const WHATSAPP_DIGITS = new RegExp(`^[1-9]\\d{${PHONE_MIN_DIGITS - 1},${PHONE_MAX_DIGITS - 1}}$`);

/** A WhatsApp invitation's local number: 7 to 12 digits, the first not 0. */
export const whatsappDigitsError = (digits: string): Check => (WHATSAPP_DIGITS.test(cleanPhone(digits)) ? null : MSG.phone.whatsapp);

/** A WhatsApp invitation's full number: a dial code of the list plus a valid local number. */
export function whatsappPhoneError(raw: string | null | undefined): Check {
  const parts = splitFullPhone(raw ?? '');
  return parts ? whatsappDigitsError(parts.digits) : MSG.phone.dialCode;
}

/**
 * What a phone field keeps of what is typed beside its dial-code select: digits; a number typed with its own code
 * ('+34 612 345 678', '0034…') keeps that code (the select follows it). A '+' whose code is not complete yet stays
 * as typed, so the rest can follow.
 */
export function typedPhone(raw: string, dialCode: string): { dialCode: string; digits: string } {
  const text = raw.trim();
  const international = text.startsWith('+') ? text.slice(1) : text.startsWith('00') ? text.slice(2) : null;
  if (international === null) return { dialCode, digits: text.replace(/\D/g, '') };
  const compact = `+${international.replace(/\D/g, '')}`;
  const parts = splitFullPhone(compact);
  return parts ? { dialCode: parts.dialCode, digits: parts.digits } : { dialCode, digits: compact };
}

export const joinPhone = (dialCode: string = DEFAULT_DIAL_CODE, digits: string): string => `${dialCode}${cleanPhone(digits)}`;

const NAME_PATTERN = /^[\p{L}\p{M}' -]+$/u;

/** Names: letters (with accents), spaces, apostrophes and hyphens only. */
export function nameError(raw: string | null | undefined, field: 'nombre' | 'apellido'): Check {
  const value = (raw ?? '').trim();
  if (!value) return MSG.required[field];
  if (value.length > NAME_MAX_LENGTH) return MSG.name[`${field}TooLong`];
  if (!NAME_PATTERN.test(value)) return MSG.name[field];
  return null;
}

/** Age: empty, or an integer from 0 to 150. */
export function ageError(raw: number | string | null | undefined): Check {
  if (raw === null || raw === undefined || raw === '') return null;
  const age = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(age)) return MSG.age.integer;
  if (age < AGE_MIN) return MSG.age.negative;
  if (age > AGE_MAX) return MSG.age.tooHigh;
  if (!Number.isInteger(age)) return MSG.age.integer;
  return null;
}
