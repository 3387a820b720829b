import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Pack } from 'tar-stream';

/** Adds entries to a tar pack, keeping the SHA-256 of each, with the pack's backpressure and failures respected. */
export class ArchiveEntries {
  readonly checksums: Record<string, string> = {};
  /** Rejects when the pack fails or closes early (its reader stopped): no write waits for a drain that never comes. */
  private readonly ended: Promise<never>;

  constructor(private readonly pack: Pack) {
    this.ended = new Promise((_, reject) => {
      pack.once('error', reject);
      pack.once('close', () => reject(new Error('The archive was closed before it was complete')));
    });
    this.ended.catch(() => undefined);
  }

  addBuffer(name: string, bytes: Buffer): Promise<void> {
    return this.add(name, bytes.length, [bytes]);
  }

  /** Adds exactly `size` bytes read from `body` (the tar header, written first, declares them). */
  async add(name: string, size: number, body: Iterable<Buffer> | AsyncIterable<Buffer> | Readable): Promise<void> {
    const hash = createHash('sha256');
    const entry = this.pack.entry({ name, size, mode: 0o600, mtime: new Date() });
    const written = new Promise<void>((resolve, reject) => {
      entry.once('finish', resolve);
      entry.once('error', reject);
    });
    // Awaited only once every byte is in: an entry that fails before (the pack's reader went away) is this.ended's.
    written.catch(() => undefined);
    for await (const chunk of body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (!entry.write(chunk)) await Promise.race([drain(entry), this.ended]);
    }
    entry.end(undefined);
    await Promise.race([written, this.ended]);
    this.checksums[name] = hash.digest('hex');
  }
}

const drain = (stream: { once(event: 'drain', listener: () => void): unknown }): Promise<void> =>
  new Promise((resolve) => stream.once('drain', () => resolve()));
