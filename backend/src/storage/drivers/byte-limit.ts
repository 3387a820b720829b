import { Transform, type TransformCallback } from 'node:stream';
import { StorageRefusal } from './storage-driver';

/** Counts the bytes going through and fails with StorageRefusal('too-large') at the first byte past `max`. */
export class ByteLimit extends Transform {
  bytes = 0;
  tooLarge = false;

  constructor(private readonly max: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) {
      this.tooLarge = true;
      callback(new StorageRefusal('too-large'));
    } else callback(null, chunk);
  }
}
