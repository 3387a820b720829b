/**
 * The contacts of known people found in a text, however written: e-mails in any case, phones with any spacing or
 * punctuation and with or without their country code, dates of birth as 1990-03-14, 14/03/1990, 14.3.1990 or
 * '14 de marzo de 1990'. Only known values are replaced: an e-mail or number nobody in the practice has is sent as
 * written.
 */

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/gu;

/** A run of digits with spaces, dots, dashes or parentheses between them, maybe after a '+'. */
const PHONE = /\+?\(?\d[\d\s().-]{5,}\d/g;
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const DATE =
  /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b|\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b|\b(\d{1,2}) de ([a-z]+) (?:de |del )?(\d{4})\b/gi;

/** The shortest national number compared, and the longest country code (with its 00 or + removed). */
const MIN_NATIONAL = 7;
const MAX_COUNTRY_CODE = 3;

export class ContactMatcher {
  private readonly emails = new Set<string>();
  private readonly phones = new Map<string, string[]>();
  private readonly birthDates = new Set<string>();

  addEmail(email: string | null): void {
    if (email?.trim()) this.emails.add(email.trim().toLowerCase());
  }

  addPhone(phone: string | null): void {
    const digits = (phone ?? '').replace(/\D/g, '');
    if (digits.length < MIN_NATIONAL) return;
    const key = digits.slice(-MIN_NATIONAL);
    this.phones.set(key, [...(this.phones.get(key) ?? []), digits]);
  }

  addBirthDate(date: string | null): void {
    if (date) this.birthDates.add(date.slice(0, 10));
  }

  /** The text with known e-mails, dates of birth and phones replaced by `replace(kind, value as found)`. */
  replace(text: string, replace: (kind: 'email' | 'fecha' | 'telefono', found: string) => string): string {
    const email = (m: string) => (this.emails.has(m.toLowerCase()) ? replace('email', m) : m);
    let out = this.emails.size === 0 ? text : aroundEachAt(text, (run) => run.replace(EMAIL, email));
    if (this.birthDates.size > 0)
      out = out.replace(DATE, (m, ...g: (string | undefined)[]) => (this.birthDates.has(isoDate(g) ?? '') ? replace('fecha', m) : m));
    if (this.phones.size > 0) out = out.replace(PHONE, (m) => (this.isKnownPhone(m) ? replace('telefono', m) : m));
    return out;
  }

  private isKnownPhone(written: string): boolean {
    const digits = written.replace(/\D/g, '').replace(/^00/, '');
    if (digits.length < MIN_NATIONAL) return false;
    return (this.phones.get(digits.slice(-MIN_NATIONAL)) ?? []).some((known) => {
      const [short, long] = known.length <= digits.length ? [known, digits] : [digits, known];
      return long.endsWith(short) && long.length - short.length <= MAX_COUNTRY_CODE;
    });
  }
}

/**
 * `text` with each run of non-spaces holding an '@' passed through `edit`: the e-mail regex is tried only there
 * (run over a whole prompt it would start again at every letter).
 */
function aroundEachAt(text: string, edit: (run: string) => string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', copied)) {
    let start = at;
    while (start > copied && !SPACE.test(text[start - 1])) start--;
    let end = at + 1;
    while (end < text.length && !SPACE.test(text[end])) end++;
    out += text.slice(copied, start) + edit(text.slice(start, end));
    copied = end;
  }
  return out + text.slice(copied);
}

const SPACE = /\s/;

/** YYYY-MM-DD of a DATE match's groups, or null for an impossible month. */
function isoDate(g: (string | undefined)[]): string | null {
  const [y, m, d] = g[0] ? [g[0], g[1], g[2]] : g[5] ? [g[5], g[4], g[3]] : [g[8], String(MONTHS.indexOf(g[7]!.toLowerCase()) + 1), g[6]];
  const month = Number(m);
  if (!y || !d || month < 1 || month > 12) return null;
  return `${y}-${String(month).padStart(2, '0')}-${d.padStart(2, '0')}`;
}
