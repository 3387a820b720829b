import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the plugin as Vite would after writing a build into `dir/dist`. */
function build(files: Record<string, string | Buffer>) {
  dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, 'dist', name)), { recursive: true });
    writeFileSync(path.join(dir, 'dist', name), content);
  }
  const plugin = precompress() as unknown as { configResolved: (c: unknown) => void; closeBundle: () => void };
  plugin.configResolved({ root: dir, build: { outDir: 'dist' } });
  plugin.closeBundle();
  return (name: string) => path.join(dir, 'dist', name);
}

describe('precompress', () => {
  it('writes brotli and gzip copies of the text files worth compressing', () => {
    const js = 'const a = 1;\n'.repeat(500);
    const file = build({
      'assets/app-1.js': js,
      'assets/app-1.css': 'a{color:red}'.repeat(200),
      'assets/tiny.js': 'x',
      'logo.png': Buffer.alloc(5000),
    });
    expect(brotliDecompressSync(readFileSync(file('assets/app-1.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(file('assets/app-1.js.gz'))).toString()).toBe(js);
    expect(readFileSync(file('assets/app-1.js.br')).length).toBeLessThan(js.length / 10);
    expect(existsSync(file('assets/app-1.css.br'))).toBe(true);
    expect(existsSync(file('assets/tiny.js.br'))).toBe(false);
    expect(existsSync(file('logo.png.br'))).toBe(false);
  });
});
