import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { OWNER_ONLY_FILE } from '../../common/files/owner-only';
import { writeFully } from './body-writer';
import { StorageRefusal } from './storage-driver';

/** A multipart upload's folder holds its bytes in `data` (each part at its offset) and one line per stored part here. */
export const PARTS_LOG = 'parts.log';

/** The two files of an upload, open. */
interface Handles {
  data: FileHandle;
  log: FileHandle;
}

/** One multipart upload while parts are written into it. */
interface OpenUpload {
  handles: Promise<Handles> | null;
  /** Parts being received. */
  users: number;
  /** The last write queued: writes run one after another. */
  tail: Promise<void>;
  /** Being completed or aborted: no more writes. */
  ended: boolean;
  /** Placed or removed: its entry goes with its last part. */
  gone: boolean;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

async function openHandles(dir: string): Promise<Handles> {
  const data = await open(path.join(dir, 'data'), 'r+');
  try {
    return { data, log: await open(path.join(dir, PARTS_LOG), 'a', OWNER_ONLY_FILE) };
  } catch (error) {
    await data.close();
    throw error;
  }
}

/**
 * The multipart uploads whose parts this process is receiving: their files open once, shared by their parts, and one
 * write at a time into them. Parallel writes into one file contend for its lock in the kernel (large ones cost more
 * CPU waiting than writing); in turn, each goes at memory speed. A part is recorded by one append to the parts log
 * (not a file of its own: four file operations fewer a part). Completing or aborting an upload ends it here first:
 * the writes under way finish, later ones are refused, so no part lands in an object once it is whole.
 */
export class UploadFiles {
  private readonly uploads = new Map<string, OpenUpload>();

  /** Takes the upload in folder `dir` for one part; 'upload-not-found' when it is gone or ending. */
  async acquire(uploadId: string, dir: string): Promise<UploadPart> {
    let upload = this.uploads.get(uploadId);
    if (!upload) {
      upload = { handles: null, users: 0, tail: Promise.resolve(), ended: false, gone: false };
      this.uploads.set(uploadId, upload);
    }
    if (upload.ended) throw new StorageRefusal('upload-not-found');
    upload.users++;
    upload.handles ??= openHandles(dir);
    try {
      await upload.handles;
    } catch (error) {
      upload.handles = null;
      await this.release(uploadId, upload);
      throw isMissing(error) ? new StorageRefusal('upload-not-found') : error;
    }
    return new UploadPart(this, uploadId, upload);
  }

  /**
   * No part is written into the upload any more: waits for the writes under way; until forget(), new parts are
   * refused (the caller then places or removes the upload's file).
   */
  async end(uploadId: string): Promise<void> {
    let upload = this.uploads.get(uploadId);
    if (!upload) {
      upload = { handles: null, users: 0, tail: Promise.resolve(), ended: true, gone: false };
      this.uploads.set(uploadId, upload);
    }
    upload.ended = true;
    await upload.tail;
  }

  /** The upload goes on after all (its completion was refused): parts are written again. */
  reopen(uploadId: string): void {
    const upload = this.uploads.get(uploadId);
    if (!upload) return;
    upload.ended = false;
    if (upload.users === 0) this.uploads.delete(uploadId);
  }

  /** The upload's file is gone (placed or removed): nothing is kept of it once its last part has let go. */
  forget(uploadId: string): void {
    const upload = this.uploads.get(uploadId);
    if (!upload) return;
    upload.gone = true;
    if (upload.users === 0) this.uploads.delete(uploadId);
  }

  /** @internal Queues `work` after the upload's writes so far; refused once the upload is ending. */
  queue(upload: OpenUpload, work: (handles: Handles) => Promise<unknown>): Promise<void> {
    const run = upload.tail.then(async () => {
      if (upload.ended) throw new StorageRefusal('upload-not-found');
      await work(await upload.handles!);
    });
    upload.tail = run.catch(() => undefined);
    return run;
  }

  /** @internal */
  async release(uploadId: string, upload: OpenUpload): Promise<void> {
    if (--upload.users > 0) return;
    if ((!upload.ended || upload.gone) && this.uploads.get(uploadId) === upload) this.uploads.delete(uploadId);
    const handles = upload.handles;
    upload.handles = null;
    if (!handles) return;
    await upload.tail;
    const { data, log } = await handles;
    await Promise.all([data.close(), log.close()]);
  }
}

/** An upload as one part sees it. */
export class UploadPart {
  private released = false;

  constructor(
    private readonly uploads: UploadFiles,
    private readonly uploadId: string,
    private readonly upload: OpenUpload,
  ) {}

  /** Writes bytes of the part at `position` of the upload's file. */
  write(buffers: Buffer[], length: number, position: number): Promise<void> {
    return this.uploads.queue(this.upload, ({ data }) => writeFully(data, buffers, length, position));
  }

  /** Records the part as stored (one line of the parts log), after its bytes. */
  record(line: string): Promise<void> {
    return this.uploads.queue(this.upload, ({ log }) => log.write(`${line}\n`));
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.uploads.release(this.uploadId, this.upload);
  }
}
