import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type { StorageDriver } from '../storage/drivers/storage-driver';
import { ArchiveError } from './archive-format';
import type { ArchiveItem, ArchiveReader } from './archive-reader';
import { markFileStored } from './restore-marker';

export type ArchiveItems = AsyncIterator<ArchiveItem>;

/**
 * Stores the archive's files, once its rows are committed, in the archive's order: the first `skip` were stored by
 * an earlier run (read past, still checked); each one after is written again whole (whatever an interrupted run or
 * the replaced installation left at its key goes first), sealed with the store's tag, and counted in the marker.
 */
export async function storeFiles(
  items: ArchiveItems,
  first: IteratorResult<ArchiveItem>,
  reader: ArchiveReader,
  { store, em }: { store: StorageDriver; em: EntityManager },
  skip: number,
): Promise<void> {
  let done = 0;
  for (let next = first; !next.done; next = await items.next()) {
    const item = next.value;
    if (item.kind !== 'file') throw new ArchiveError('The archive is damaged: rows come after its files');
    if (done < skip) {
      for await (const chunk of item.body) void chunk;
    } else {
      const contentType = reader.contentTypeOf(item.key);
      if (contentType === undefined) throw new ArchiveError(`The archive holds a file its database does not list: ${item.key}`);
      try {
        await store.delete(item.key);
        await store.putStream(item.key, Readable.from(item.body), contentType, item.size);
      } catch (error) {
        throw filesStopped(error, done);
      }
      const stored = await store.head(item.key);
      await markFileStored(em, done + 1, item.key, stored!.etag);
    }
    done += 1;
  }
}

/**
 * A file that could not be stored (a full disk, the store down, the archive changed since it was verified): the rows
 * are in, and a rerun goes on from this file.
 */
function filesStopped(error: unknown, done: number): Error {
  const { message, code } = error as NodeJS.ErrnoException;
  const why = code === 'ENOSPC' || code === 'EDQUOT' ? 'no space left on the device of the stored files' : (message ?? String(error));
  return new ArchiveError(
    `The restore stopped while storing the files (${why}) after ${done} of them. The rows are restored; ` +
      'run the same restore again to store the rest (it goes on from where it stopped).',
  );
}
