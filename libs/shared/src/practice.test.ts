import { describe, expect, it } from 'vitest';
import { currencySymbol, dialCodeOf, formatMoney, isCurrency, isPracticeCountry } from './practice';

const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

describe('practice locale', () => {
  it('gives the dial code of the practice country, Spain by default', () => {
    expect(dialCodeOf('ES')).toBe('+34');
    expect(dialCodeOf('co')).toBe('+57');
    expect(dialCodeOf(null)).toBe('+34');
    expect(dialCodeOf('ZZ')).toBe('+34');
    expect(isPracticeCountry('MX')).toBe(true);
    expect(isPracticeCountry('ZZ')).toBe(false);
  });

  it('writes prices as in Spain in the practice currency', () => {
    expect(plain(formatMoney(35.5))).toBe('35,50 €');
    expect(plain(formatMoney(35.5, 'EUR'))).toBe('35,50 €');
    expect(plain(formatMoney(1234.5, 'USD'))).toBe('1234,50 US$');
    expect(plain(formatMoney(80000, 'COP'))).toMatch(/^80\.000(,00)? COP$/);
    expect(plain(formatMoney(500, 'MXN'))).toBe('500,00 MXN');
    expect(currencySymbol('EUR')).toBe('€');
  });

  it('knows ISO currencies only', () => {
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('COP')).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('XYZ1')).toBe(false);
  });
});

describe('typedPhone', () => {
  it('keeps a number typed with its own code, and the practice code otherwise', async () => {
    const { typedPhone } = await import('./contact');
    expect(typedPhone('612 345 678', '+34')).toEqual({ dialCode: '+34', digits: '612345678' });
    expect(typedPhone('+57 300 123 4567', '+34')).toEqual({ dialCode: '+57', digits: '3001234567' });
    expect(typedPhone('0034612345678', '+57')).toEqual({ dialCode: '+34', digits: '612345678' });
    expect(typedPhone('+59', '+34')).toEqual({ dialCode: '+34', digits: '+59' });
  });
});
