/** `JSON.rawJSON` (Node 22): a JSON value written exactly as the given text. */
const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;

/**
 * An exact decimal in an API answer, serialised as a JSON number with exactly the digits of its text:
 * `150.00`, `99.90` (JSON.stringify of a JS number would write 150 and 99.9).
 */
export class JsonDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`Not a decimal: ${text}`);
  }

  toJSON(): unknown {
    return rawJSON ? rawJSON(this.text) : Number(this.text);
  }
}
