import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** Every entry of a ZIP, by path, with its bytes (read with yauzl, an independent reader of the format). */
export function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error: Error | null, zip: ZipFile) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A JSON document of the archive. */
export const jsonEntry = <T = unknown>(entries: Map<string, Buffer>, path: string): T => {
  const bytes = entries.get(path);
  if (!bytes) throw new Error(`The archive has no ${path}; it has ${[...entries.keys()].join(', ')}`);
  return JSON.parse(bytes.toString('utf8')) as T;
};
