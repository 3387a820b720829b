import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StorageRefusal } from './storage-driver';

/**
 * What a body may hold in memory while a write is under way before it is paused: what arrives meanwhile goes to disk
 * in the next write. A socket delivers 64 KiB at a time; written one by one, each costs a thread-pool round trip (80
 * per 5 MiB part), so a part is written in a handful of writes instead, for about twice this in memory per body.
 */
export const WRITE_BATCH_BYTES = 1024 * 1024;

/** Writes `buffers` (`length` bytes in all) at `position` of a file. */
export type PositionalWrite = (buffers: Buffer[], length: number, position: number) => Promise<void>;

/**
 * Writes a body through `write` from `position` on, in batches: the first chunk at once, then whatever arrived while
 * the previous write was under way. Answers the bytes written once the body has ended and all of them are written.
 * The first chunk that would pass `max` fails it with StorageRefusal('too-large') unwritten; the body is then left
 * paused (the caller answers and closes the connection). Read straight from the body's 'data' events: a Writable in
 * between would add its own bookkeeping to every chunk.
 *
 * Each chunk's memory is given back as soon as it is written, not when the garbage collector gets to it: left to the
 * collector, an upload's bytes pile up between collections (about 64 MB more each time), and each pile costs a full
 * collection of the app's heap, several a second while a video arrives. So the body must be the only reader of its
 * chunks, as a request's body is (node:http copies each piece into a buffer of its own), and a form's file (busboy's
 * pieces are views of those, or copies); a chunk that is not the whole of its buffer is left to the collector.
 */
export function writeBody(body: Readable, write: PositionalWrite, position: number, max: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let received = 0;
    let writing = false;
    let ended = false;
    let settled = false;

    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      body.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      if (error === undefined) return resolve(received);
      body.pause();
      reject(error);
    };
    const flush = () => {
      if (writing || settled) return;
      if (pendingBytes === 0) return ended ? settle() : undefined;
      const [buffers, length, at] = [pending, pendingBytes, position];
      pending = [];
      pendingBytes = 0;
      position += length;
      writing = true;
      write(buffers, length, at).then(() => {
        buffers.forEach(free);
        writing = false;
        if (body.isPaused()) body.resume();
        flush();
      }, settle);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) return settle(new StorageRefusal('too-large'));
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (!writing) flush();
      else if (pendingBytes >= WRITE_BATCH_BYTES) body.pause();
    };
    const onEnd = () => {
      ended = true;
      flush();
    };
    // A body that closes before its end was cut off (the client went away).
    const onClose = () => ended || settle(Object.assign(new Error('The body was cut off'), { code: 'ECONNRESET' }));
    body.on('data', onData).on('end', onEnd).on('error', settle).on('close', onClose);
  });
}

/** Gives a written chunk's memory back now, when the chunk is the only view of it (else the collector will). */
function free(chunk: Buffer): void {
  const memory = chunk.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (chunk.byteOffset === 0 && chunk.byteLength === memory.byteLength) memory.transfer?.(0);
}

/** A PositionalWrite into an open file. */
export const writeInto =
  (file: FileHandle): PositionalWrite =>
  (buffers, length, position) =>
    writeFully(file, buffers, length, position);

/** writev until every byte is written (a regular file takes all at once, but a write may in principle be short). */
export async function writeFully(file: FileHandle, buffers: Buffer[], length: number, position: number): Promise<void> {
  let { bytesWritten } = await file.writev(buffers, position);
  while (bytesWritten < length) {
    const rest = Buffer.concat(buffers).subarray(bytesWritten);
    bytesWritten += (await file.write(rest, 0, rest.length, position + bytesWritten)).bytesWritten;
  }
}
