import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { raSpanishMessages } from './react-admin';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`)));

const valueAt = (tree: Tree, path: string): string =>
  path.split('.').reduce<Tree | string>((node, key) => (node as Tree)[key], tree) as string;

describe('Spanish react-admin catalogue', () => {
  const english = leaves(englishMessages as unknown as Tree).sort();
  const spanish = leaves(raSpanishMessages as unknown as Tree).sort();

  it('has every key of react-admin 5 and no other', () => {
    expect(spanish).toEqual(english);
  });

  it('keeps interpolations and plural forms', () => {
    for (const key of english) {
      const en = valueAt(englishMessages as unknown as Tree, key);
      const es = valueAt(raSpanishMessages as unknown as Tree, key);
      expect(es.match(/%\{\w+\}/g)?.sort() ?? [], key).toEqual(en.match(/%\{\w+\}/g)?.sort() ?? []);
      expect(es.includes('||||'), key).toBe(en.includes('||||'));
    }
  });
});
