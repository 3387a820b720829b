import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { ArchiveError } from './archive-format';

/** How an age file starts (age-encryption.org/v1): an encrypted archive is told by its first bytes. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

/** `.<archive name>.<12 hex>.partial`: an archive being written, or one whose writer was killed. */
const PARTIAL = /^\..+\.[0-9a-f]{12}\.partial$/;
/**
 * A writer writes its partial archive without pause (its snapshot's rows, then every file as it is read): one
 * untouched for this long belongs to a writer that is gone.
 */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/**
 * Stores `archive` as `file`, owner-only (it holds health data), encrypted with `passphrase` when given (the age
 * format with its scrypt passphrase recipient: `age -d` opens it too). Written under a temporary name and renamed
 * once whole and flushed, so `file` is never a half archive; the temporary file of a failed write is removed, and
 * those of killed writers in the same folder once they are stale; `signal` interrupts it (Ctrl-C). Answers the bytes
 * written.
 */
export async function writeArchiveFile(file: string, archive: Readable, passphrase: string | null, signal?: AbortSignal): Promise<number> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    await removeStalePartials(path.dirname(file));
    const body = passphrase === null ? archive : await encrypted(archive, passphrase);
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    await pipeline(body, out, { signal });
    await rename(temp, file);
    return out.bytesWritten;
  } catch (error) {
    await rm(temp, { force: true });
    archive.destroy();
    throw writeFailure(error, file);
  }
}

/** Removes the partial archives in `dir` that no writer has touched for STALE_PARTIAL_MS. */
export async function removeStalePartials(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => PARTIAL.test(n))) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > STALE_PARTIAL_MS) await rm(path.join(dir, name), { force: true });
  }
}

/** A write of the archive file that failed, said for the operator (the partial archive is already gone). */
function writeFailure(error: unknown, file: string): unknown {
  const dir = path.dirname(file);
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ABORT_ERR':
      return new ArchiveError('The backup was interrupted: nothing was kept.');
    case 'ENOSPC':
    case 'EDQUOT':
      return new ArchiveError(`No space left in ${dir} for the archive: nothing was kept. Free some space and run the backup again.`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new ArchiveError(
        `The archive cannot be written in ${dir} (${(error as NodeJS.ErrnoException).code}): choose a folder this user can write.`,
      );
    case 'ENOENT':
      return new ArchiveError(`The folder ${dir} does not exist: create it, or choose another --out.`);
    default:
      return error;
  }
}

/** Whether the archive at `file` is encrypted (the first look at it: a file that cannot be read is said so). */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new ArchiveError(`There is no archive at ${file}`);
    if (error.code === 'EACCES' || error.code === 'EPERM') throw new ArchiveError(`${file} cannot be read by this user`);
    throw error;
  });
  if ((await handle.stat()).isDirectory()) {
    await handle.close();
    throw new ArchiveError(`${file} is a folder, not an archive`);
  }
  try {
    const start = Buffer.alloc(AGE_MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return bytesRead === AGE_MAGIC.length && start.equals(AGE_MAGIC);
  } finally {
    await handle.close();
  }
}

/** The archive's plain bytes: decrypted with `passphrase` when it is encrypted (refused without one). */
export async function openArchiveFile(file: string, passphrase: string | null): Promise<Readable> {
  if (!(await isEncrypted(file))) return createReadStream(file);
  if (passphrase === null)
    throw new ArchiveError('The archive is encrypted: give its passphrase (BACKUP_PASSPHRASE, or type it when asked)');
  const { Decrypter } = await import('age-encryption');
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
    return Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
  } catch (error) {
    throw new ArchiveError(`The archive cannot be decrypted: wrong passphrase, or a damaged file (${(error as Error).message})`);
  }
}

async function encrypted(archive: Readable, passphrase: string): Promise<Readable> {
  const { Encrypter } = await import('age-encryption');
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  const cipher = await encrypter.encrypt(Readable.toWeb(archive) as ReadableStream<Uint8Array>);
  return Readable.fromWeb(cipher as unknown as WebReadableStream<Uint8Array>);
}
