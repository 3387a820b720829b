import { describe, expect, it } from 'vitest';
import { matchesSearch } from './bankSearch';

const item = { titulo: 'Respiración diafragmática', descripcion: 'Cinco minutos antes de dormir', categoria: 'Ansiedad' };

describe('bank search', () => {
  it('matches every word in title, description or category, ignoring case and accents', () => {
    expect(matchesSearch(item, '')).toBe(true);
    expect(matchesSearch(item, 'RESPIRACION')).toBe(true);
    expect(matchesSearch(item, 'dormir ansiedad')).toBe(true);
    expect(matchesSearch(item, 'respiración trauma')).toBe(false);
    expect(matchesSearch({ titulo: 'Duelo', descripcion: null }, 'duel')).toBe(true);
  });
});
