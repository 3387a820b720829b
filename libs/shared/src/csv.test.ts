import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvSafeText } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1:A2)', "'+SUM(A1:A2)"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\rx', "'\rx"],
    ['  =HYPERLINK("http://x")', `'  =HYPERLINK("http://x")`],
    ['\u00a0=1+1', "'\u00a0=1+1"],
    ['Mozilla/5.0;=1+1', "Mozilla/5.0;'=1+1"],
    ['a, -cmd|x', "a, '-cmd|x"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])('keeps %j as text', (hostile, safe) => {
    expect(csvSafeText(hostile)).toBe(safe);
  });

  it('leaves ordinary texts, numbers typed as text and our own numbers as they are', () => {
    for (const text of [
      'María José',
      'a-b = c',
      'Mozilla/5.0 (X11; Linux x86_64)',
      '+34612345678',
      '-5',
      '3,5',
      '2026-11-01T10:00:00.000Z',
    ]) {
      expect(csvSafeText(text)).toBe(text);
    }
    expect(csvSafeText(-12)).toBe('-12');
    expect(csvSafeText(false)).toBe('false');
    expect(csvSafeText(null)).toBe('');
  });

  it('quotes every cell and doubles the quotes inside', () => {
    expect(csvCell('di "hola"')).toBe('"di ""hola"""');
    expect(csvCell(undefined)).toBe('""');
    expect(csvRow(['a;b', 'línea\notra', 200, '=1+1'], ';')).toBe(`"a;b";"línea\notra";"200";"'=1+1"`);
    expect(csvRow(['x', -1])).toBe('"x","-1"');
  });
});
