import { describe, expect, it } from 'vitest';
import { isWebLink } from './placeFormat';

describe('isWebLink', () => {
  it('takes http and https addresses only', () => {
    expect(isWebLink('https://meet.example.com/abc')).toBe(true);
    expect(isWebLink(' http://example.com ')).toBe(true);
    expect(isWebLink('Calle Mayor 3, Madrid')).toBe(false);
    expect(isWebLink('javascript:alert(1)')).toBe(false);
    expect(isWebLink('https://a b')).toBe(false);
    expect(isWebLink(null)).toBe(false);
  });
});
