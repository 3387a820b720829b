import { fold } from './fold';

/** Particles: words of a name that never identify anyone alone ('del' in 'Del Río'). */
const NOT_ALONE = new Set(['del', 'las', 'los', 'san', 'santa', 'van', 'von', 'der']);
/** Titles written before a name ('Dra. Carmen Villalobos'): not part of it. */
const TITLES = new Set(['dr', 'dra', 'lic', 'psic', 'ps', 'sr', 'sra', 'srta', 'mg', 'mtra', 'mtro']);
const MIN_ALONE = 3;

/** A name as folded words, longest forms first: the whole name, each field, each word of 3 letters or more. */
export function nameForms(...fields: (string | null)[]): string[][] {
  const words = (text: string | null) =>
    (text ?? '')
      .split(WORD_SPLIT)
      .filter(Boolean)
      .map(fold)
      .filter((word) => !TITLES.has(word));
  const whole = fields.flatMap(words);
  const forms = [whole, ...fields.map(words)];
  for (const word of whole) if (word.length >= MIN_ALONE && !NOT_ALONE.has(word)) forms.push([word]);
  return forms.filter((form) => form.length > 0);
}

const WORD_SPLIT = /[^\p{L}\p{M}]+/u;
/** A word of a text: Latin letters with their accents (Spanish names), found without Unicode classes (faster). */
const WORD = /(?:[a-zA-Z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]|[\u0300-\u036F])+/g;

const NAME_GAP = /^[\s'’-]+$/;

/**
 * Finds names in a text, whole words only, ignoring case and accents: each form is kept as its folded words joined
 * by a space, and the text is read word by word, trying from each word the forms that start with it, the longest
 * name winning ('María José' before 'María'). A form two people share belongs to the first added, so callers add
 * people in the order that should win. (Flat maps rather than a trie: a practice's matcher is built again whenever
 * anyone's data changes, and building maps of strings is several times faster than building a tree of them.)
 */
export class NameMatcher<T> {
  private readonly owners = new Map<string, T>();
  /** The most words a form starting with this word has. */
  private readonly longest = new Map<string, number>();

  add(form: string[], owner: T): void {
    const key = form.join(' ');
    if (!this.owners.has(key)) this.owners.set(key, owner);
    if ((this.longest.get(form[0]) ?? 0) < form.length) this.longest.set(form[0], form.length);
  }

  /** The text with each name found replaced by `replace(owner)`. */
  replace(text: string, replace: (owner: T) => string): string {
    const words: { start: number; end: number; key: string }[] = [];
    const word = new RegExp(WORD);
    for (let m = word.exec(text); m; m = word.exec(text)) words.push({ start: m.index, end: word.lastIndex, key: fold(m[0]) });
    let out = '';
    let copied = 0;
    for (let i = 0; i < words.length; i++) {
      const longest = this.longest.get(words[i].key);
      if (longest === undefined) continue;
      let key = words[i].key;
      let owner = this.owners.get(key);
      let found: { owner: T; last: number } | null = owner === undefined ? null : { owner, last: i };
      // Further words of a name follow after spaces, a hyphen or an apostrophe only ("O'Neil-García").
      const end = Math.min(words.length, i + longest);
      for (let j = i + 1; j < end && NAME_GAP.test(text.slice(words[j - 1].end, words[j].start)); j++) {
        key += ' ' + words[j].key;
        owner = this.owners.get(key);
        if (owner !== undefined) found = { owner, last: j };
      }
      if (!found) continue;
      out += text.slice(copied, words[i].start) + replace(found.owner);
      copied = words[found.last].end;
      i = found.last;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}
