import type { Substitutions } from './pseudonymizer';

const PLACEHOLDER = /\[(?:PACIENTE(?:_\d+)?|TERAPEUTA|EMAIL|TELEFONO|FECHA_NACIMIENTO)\]/g;
/** The start of a placeholder at the end of a piece: held back until its end arrives. */
const OPEN_TAIL = /\[[A-Z_\d]{0,20}$/;

/**
 * Puts the real names back in an answer. A placeholder the request never sent (or sent for several values) stays
 * as written and is counted in `unknown`, so the caller can warn without logging the text.
 */
export class Restorer {
  unknown = 0;

  constructor(
    private readonly substitutions: Substitutions,
    /** In a JSON text, a value is written escaped for a JSON string. */
    private readonly json = false,
  ) {}

  restore(text: string): string {
    return text.replace(PLACEHOLDER, (placeholder) => {
      const value = this.substitutions.get(placeholder);
      if (value === undefined || value === null) {
        this.unknown++;
        return placeholder;
      }
      return this.json ? JSON.stringify(value).slice(1, -1) : value;
    });
  }

  /** A stream's pieces restored as they come: only an unfinished placeholder at a piece's end waits for the next. */
  async *restoreStream(pieces: AsyncIterable<string>): AsyncIterable<string> {
    let held = '';
    for await (const piece of pieces) {
      const text = held + piece;
      const tail = OPEN_TAIL.exec(text);
      held = tail ? tail[0] : '';
      const ready = tail ? text.slice(0, tail.index) : text;
      if (ready) yield this.restore(ready);
    }
    if (held) yield this.restore(held);
  }
}
