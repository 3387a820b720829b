import { DIAL_CODES } from './options';

/**
 * The practice's country and currency: the country (a therapist's profile, else DEFAULT_COUNTRY) sets the dial code
 * a phone field starts with; prices are in DEFAULT_CURRENCY, written as in Spain ('35,50 €').
 */

/** The countries a practice may be in: ISO 3166 code, name, and the dial code of the phone fields' list. */
export const PRACTICE_COUNTRIES = [
  { code: 'ES', name: 'España', dialCode: '+34' },
  { code: 'CO', name: 'Colombia', dialCode: '+57' },
  { code: 'MX', name: 'México', dialCode: '+52' },
  { code: 'AR', name: 'Argentina', dialCode: '+54' },
  { code: 'PE', name: 'Perú', dialCode: '+51' },
  { code: 'CL', name: 'Chile', dialCode: '+56' },
  { code: 'VE', name: 'Venezuela', dialCode: '+58' },
  { code: 'EC', name: 'Ecuador', dialCode: '+593' },
  { code: 'GT', name: 'Guatemala', dialCode: '+502' },
  { code: 'US', name: 'Estados Unidos', dialCode: '+1' },
  { code: 'CA', name: 'Canadá', dialCode: '+1' },
  { code: 'GB', name: 'Reino Unido', dialCode: '+44' },
  { code: 'FR', name: 'Francia', dialCode: '+33' },
  { code: 'DE', name: 'Alemania', dialCode: '+49' },
  { code: 'IT', name: 'Italia', dialCode: '+39' },
  { code: 'BR', name: 'Brasil', dialCode: '+55' },
] as const satisfies readonly { code: string; name: string; dialCode: (typeof DIAL_CODES)[number]['code'] }[];

export type PracticeCountry = (typeof PRACTICE_COUNTRIES)[number]['code'];

/** The country of a practice whose therapist chose none and whose server sets no DEFAULT_COUNTRY. */
export const FALLBACK_COUNTRY: PracticeCountry = 'ES';
/** The currency of a server that sets no DEFAULT_CURRENCY. */
export const FALLBACK_CURRENCY = 'EUR';

export const isPracticeCountry = (value: unknown): value is PracticeCountry =>
  typeof value === 'string' && PRACTICE_COUNTRIES.some((c) => c.code === value);

/** The dial code a phone field starts with in a practice of `country` ('ES' → '+34'); Spain's for an unknown one. */
export function dialCodeOf(country: string | null | undefined): string {
  const code = (country ?? '').trim().toUpperCase();
  return (PRACTICE_COUNTRIES.find((c) => c.code === code) ?? PRACTICE_COUNTRIES[0]).dialCode;
}

/** An ISO 4217 code the runtime can write (EUR, COP, MXN, USD...). */
export function isCurrency(value: unknown): value is string {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) return false;
  try {
    new Intl.NumberFormat('es-ES', { style: 'currency', currency: value });
    return (Intl.supportedValuesOf?.('currency') ?? [value]).includes(value);
  } catch {
    return false;
  }
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A price as written in Spain: 35.5 in EUR → '35,50 €', in USD → '35,50 US$'. */
export function formatMoney(amount: number, currency: string = FALLBACK_CURRENCY): string {
  const code = isCurrency(currency) ? currency : FALLBACK_CURRENCY;
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(amount);
}

/** The currency's symbol as a price field shows it beside the amount ('€', 'US$', 'COP'). */
export function currencySymbol(currency: string = FALLBACK_CURRENCY): string {
  const code = isCurrency(currency) ? currency : FALLBACK_CURRENCY;
  return (
    new Intl.NumberFormat('es-ES', { style: 'currency', currency: code }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? code
  );
}
