import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { ArchiveError } from './archive-format';

/** How an age file starts (age-encryption.org/v1): an encrypted archive is told by its first bytes. */
const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');

/**
 * Stores `archive` as `file`, owner-only (it holds health data), encrypted with `passphrase` when given (the age
 * format with its scrypt passphrase recipient: `age -d` opens it too). Written under a temporary name and renamed
 * once whole and flushed, so `file` is never a half archive. Answers the bytes written.
 */
export async function writeArchiveFile(file: string, archive: Readable, passphrase: string | null): Promise<number> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  try {
    const body = passphrase === null ? archive : await encrypted(archive, passphrase);
    const out = createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true });
    await pipeline(body, out);
    await rename(temp, file);
    return out.bytesWritten;
  } catch (error) {
    await rm(temp, { force: true });
    archive.destroy();
    throw error;
  }
}

/** Whether the archive at `file` is encrypted. */
export async function isEncrypted(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
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
