import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { ZipFile } from 'yazl';

/** One entry of an export's archive: a document made when its turn comes, or a stored file copied as it is. */
export type ArchiveEntry =
  { path: string; document: () => Promise<string> } | { path: string; file: () => Promise<Readable>; size: number };

/** What a document weighs in the progress, next to the files' bytes (documents are small, but each is a few reads). */
const DOCUMENT_WEIGHT = 1 << 20;

/**
 * The ZIP of `entries`, as a stream: entries are made and read one at a time while the archive is written, so
 * neither the documents nor the files are ever all in memory. Documents are deflated; files (videos, PDFs, photos
 * are compressed already) are stored as they are. `progress` gets the share done (0-1) as the entries go through.
 * A failure of any entry fails the stream.
 */
export function writeArchive(entries: ArchiveEntry[], progress: (share: number) => void, mtime = new Date()): Readable {
  const zip = new ZipFile();
  const output = new PassThrough();
  const total = entries.reduce((sum, e) => sum + weight(e), 0) || 1;
  let done = 0;
  const advance = (units: number) => {
    done += units;
    progress(Math.min(1, done / total));
  };
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  for (const entry of entries) {
    if ('document' in entry) {
      zip.addReadStreamLazy(entry.path, { mtime, compress: true }, (cb) => {
        entry.document().then(
          (text) =>
            cb(
              null,
              Readable.from([Buffer.from(text, 'utf8')]).on('end', () => advance(DOCUMENT_WEIGHT)),
            ),
          (error: unknown) => cb(error, Readable.from([])),
        );
      });
    } else {
      zip.addReadStreamLazy(entry.path, { mtime, compress: false, size: entry.size }, (cb) => {
        entry.file().then(
          (stream) => cb(null, stream.on('error', fail).pipe(new Counter(advance))),
          (error: unknown) => cb(error, Readable.from([])),
        );
      });
    }
  }
  zip.end();
  zip.outputStream.on('error', fail).pipe(output);
  return output;
}

const weight = (entry: ArchiveEntry): number => ('document' in entry ? DOCUMENT_WEIGHT : entry.size);

/** Passes bytes through, telling how many went by. */
class Counter extends Transform {
  constructor(private readonly counted: (bytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.counted(chunk.length);
    callback(null, chunk);
  }
}
