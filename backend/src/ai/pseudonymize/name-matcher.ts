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

interface Node<T> {
  next: Map<string, Node<T>>;
  owner: T | null;
}

/**
 * Finds names in a text, whole words only, ignoring case and accents: a trie of folded words walked from each word
 * of the text, the longest name winning ('María José' before 'María'). A form two people share belongs to the first
 * added, so callers add people in the order that should win.
 */
export class NameMatcher<T> {
  private readonly root: Node<T> = { next: new Map(), owner: null };

  add(form: string[], owner: T): void {
    let node = this.root;
    for (const word of form) {
      let child = node.next.get(word);
      if (!child) node.next.set(word, (child = { next: new Map(), owner: null }));
      node = child;
    }
    node.owner ??= owner;
  }

  /** The text with each name found replaced by `replace(owner)`. */
  replace(text: string, replace: (owner: T) => string): string {
    const words: { start: number; end: number; key: string }[] = [];
    const word = new RegExp(WORD);
    for (let m = word.exec(text); m; m = word.exec(text)) words.push({ start: m.index, end: word.lastIndex, key: fold(m[0]) });
    let out = '';
    let copied = 0;
    for (let i = 0; i < words.length; i++) {
      let node = this.root.next.get(words[i].key);
      if (!node) continue;
      let found: { owner: T; last: number } | null = node.owner === null ? null : { owner: node.owner, last: i };
      // Further words of a name follow after spaces, a hyphen or an apostrophe only ("O'Neil-García").
      for (let j = i + 1; j < words.length && NAME_GAP.test(text.slice(words[j - 1].end, words[j].start)); j++) {
        node = node.next.get(words[j].key);
        if (!node) break;
        if (node.owner !== null) found = { owner: node.owner, last: j };
      }
      if (!found) continue;
      out += text.slice(copied, words[i].start) + replace(found.owner);
      copied = words[found.last].end;
      i = found.last;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }
}
