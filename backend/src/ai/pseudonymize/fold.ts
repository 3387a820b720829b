/** Lower case without accents ('Lucía' → 'lucia', 'ÑANDÚ' → 'nandu'): how names are compared. */
export function fold(word: string): string {
  let folded = seen.get(word);
  if (folded === undefined) {
    const lower = word.toLowerCase();
    // Most words are plain ASCII letters: no normalisation to pay for.
    folded = ASCII.test(lower) ? lower : lower.normalize('NFD').replace(MARKS, '');
    if (seen.size >= MAX_SEEN) seen.clear();
    seen.set(word, folded);
  }
  return folded;
}

const ASCII = /^[a-z]*$/;
const MARKS = /\p{M}/gu;
/** Words recur (a prompt's prose, the practice's names on every request): each is folded once, up to this many. */
const MAX_SEEN = 100_000;
const seen = new Map<string, string>();
