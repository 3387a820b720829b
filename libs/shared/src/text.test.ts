import { describe, expect, it } from 'vitest';
import { blankToNull } from './text';

describe('blankToNull', () => {
  it('trims a text, and answers null for a blank or missing one', () => {
    expect(blankToNull('  Docente ')).toBe('Docente');
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull('')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
  });
});
