import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { STORAGE_LIMITS } from '@consulta/shared';
import type { StorageDriver } from './drivers/storage-driver';
import { fileDeletionsPaused } from './file-deletion-hold';
import { KEY_ROOT, keyOwner } from './file-keys';
import type { FileUses } from './file-uses';

export interface SweepResult {
  /** Finished uploads that nothing referred to, deleted. */
  deleted: string[];
  /** Multipart uploads left unfinished, aborted. */
  aborted: string[];
  /** Stored objects no `stored_files` row names (a restore or an upload interrupted between storing and recording), deleted. */
  orphans: string[];
  /** Leftovers of uploads a crash cut short: temporary files, and multipart uploads no row names. */
  leftovers: number;
  /** What the store gave back, in bytes. */
  freedBytes: number;
}

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'];

/** 512 bytes, 11.3 KiB, 73.0 MiB, 1.2 GiB. */
export function amountOfBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) [value, unit] = [value / 1024, unit + 1];
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** A sweep's result in one line, for the operator's command and the log. */
export const describeSweep = (r: SweepResult): string =>
  `Deleted ${r.deleted.length} unused files; aborted ${r.aborted.length} unfinished uploads; ` +
  `deleted ${r.orphans.length} stored files no record names; removed ${r.leftovers} leftovers of interrupted uploads; ` +
  `freed ${amountOfBytes(r.freedBytes)}.`;

/** Keys checked against stored_files per statement. */
const KEYS_PER_QUERY = 500;

/**
 * Deletes stored files that nothing refers to (no Nest here: the jobs and the operator CLI both use it). Each
 * deletion is one transaction: the row goes (only if still unreferenced, checked in the DELETE itself), then the
 * object; if the store fails, the row comes back and a retry finds it again. While a backup runs nothing is deleted
 * (the files its snapshot lists must stay): the hourly sweep finds them afterwards.
 */
export class StorageCleanup {
  private readonly logger = new Logger('Storage');

  constructor(
    private readonly em: EntityManager,
    private readonly driver: StorageDriver,
    private readonly uses: FileUses,
  ) {}

  /** Deletes those of `keys` that nothing refers to any more; answers the deleted ones. */
  async deleteUnreferenced(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const unique = [...new Set(keys)];
    const deleted = await this.deleteWhere(`f.key in (${unique.map(() => '?').join(', ')}) and f.upload_id is null`, unique);
    return deleted.keys;
  }

  /**
   * One age rule (`hours`, 24 by default) for everything a sweep removes: uploads that nothing refers to, multipart
   * uploads left unfinished, stored objects no row names, and the leftovers of uploads a crash cut short.
   */
  async sweep(hours: number = STORAGE_LIMITS.orphanAfterHours): Promise<SweepResult> {
    const cutoff = new Date(Date.now() - hours * 3600_000);
    const deleted = await this.deleteWhere(`f.created_at < ? and f.upload_id is null`, [cutoff]);
    const aborted = await this.abortUnfinished(cutoff);
    const orphans = await this.deleteOrphans(cutoff);
    const leftovers = await this.removeLeftovers(cutoff);
    const result: SweepResult = {
      deleted: deleted.keys,
      aborted: aborted.keys,
      orphans: orphans.keys,
      leftovers: leftovers.count,
      freedBytes: deleted.bytes + aborted.bytes + orphans.bytes + leftovers.bytes,
    };
    if (deleted.keys.length + aborted.keys.length + orphans.keys.length + leftovers.count > 0)
      this.logger.log(`Sweep: ${describeSweep(result)}`);
    return result;
  }

  /** Multipart uploads recorded before `cutoff` and never finished. */
  private async abortUnfinished(cutoff: Date): Promise<Removed> {
    const removed = new Removed();
    const stale = await this.em
      .fork()
      .getConnection()
      .execute<{ key: string; upload_id: string }[]>(
        `select key, upload_id from stored_files where created_at < ? and upload_id is not null`,
        [cutoff],
      );
    for (const upload of stale) {
      removed.add(upload.key, await this.uploadBytes(upload.key, upload.upload_id));
      await this.driver.abortMultipart(upload.key, upload.upload_id);
      await this.em
        .fork()
        .getConnection()
        .execute(`delete from stored_files where key = ? and upload_id = ?`, [upload.key, upload.upload_id]);
    }
    return removed;
  }

  /**
   * Objects of ours (under `files/`) stored before `cutoff` that no row names: nothing can reach them. An upload is
   * stored, then recorded within moments, so the age rule keeps one in between; a backup pauses this like any deletion.
   */
  private async deleteOrphans(cutoff: Date): Promise<Removed> {
    const old = (await this.driver.list(`${KEY_ROOT}/`)).filter((o) => o.lastModified < cutoff && keyOwner(o.key) !== null);
    const removed = new Removed();
    if (old.length === 0) return removed;
    await this.em.fork().transactional(async (tx) => {
      const query = <T>(sql: string, params: unknown[] = []) =>
        tx.getConnection().execute<T[]>(sql, params, 'all', tx.getTransactionContext());
      if (await fileDeletionsPaused((sql) => query<{ free: boolean }>(sql))) return;
      for (let i = 0; i < old.length; i += KEYS_PER_QUERY) {
        const batch = old.slice(i, i + KEYS_PER_QUERY);
        const rows = await query<{ key: string }>(
          `select key from stored_files where key in (${batch.map(() => '?').join(', ')})`,
          batch.map((o) => o.key),
        );
        const recorded = new Set(rows.map((r: { key: string }) => r.key));
        for (const object of batch.filter((o) => !recorded.has(o.key))) {
          await this.driver.delete(object.key);
          removed.add(object.key, object.size);
        }
      }
    });
    return removed;
  }

  /** Temporaries of uploads a crash cut short, and multipart uploads of ours started before `cutoff` that no row names. */
  private async removeLeftovers(cutoff: Date): Promise<{ count: number; bytes: number }> {
    const temporaries = await this.driver.removeTemporaries(cutoff);
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ upload_id: string }[]>(`select upload_id from stored_files where upload_id is not null`);
    const recorded = new Set(rows.map((r: { upload_id: string }) => r.upload_id));
    let [count, bytes] = [temporaries.count, temporaries.bytes];
    for (const upload of await this.driver.listUploads(`${KEY_ROOT}/`)) {
      if (recorded.has(upload.uploadId) || upload.startedAt >= cutoff) continue;
      bytes += await this.uploadBytes(upload.key, upload.uploadId);
      await this.driver.abortMultipart(upload.key, upload.uploadId);
      count += 1;
    }
    return { count, bytes };
  }

  /** The bytes an unfinished upload holds (0 when the store no longer has it). */
  private async uploadBytes(key: string, uploadId: string): Promise<number> {
    const parts = await this.driver.listParts(key, uploadId).catch(() => []);
    return parts.reduce((sum, p) => sum + p.Size, 0);
  }

  private async deleteWhere(condition: string, params: unknown[]): Promise<Removed> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const removed = new Removed();
      const query = (sql: string) => tx.getConnection().execute<{ free: boolean }[]>(sql, [], 'all', tx.getTransactionContext());
      if (await fileDeletionsPaused(query)) {
        this.logger.log('A backup is running: unused files stay until the next sweep');
        return removed;
      }
      const rows = await tx
        .getConnection()
        .execute<{ key: string }[]>(
          `delete from stored_files f where ${condition} and not ${this.uses.referencedSql('f.key')} returning f.key`,
          params,
          'all',
          tx.getTransactionContext(),
        );
      for (const { key } of rows) {
        const stored = await this.driver.head(key);
        await this.driver.delete(key);
        removed.add(key, stored?.size ?? 0);
      }
      return removed;
    });
  }
}

/** Keys removed and their bytes. */
class Removed {
  readonly keys: string[] = [];
  bytes = 0;

  add(key: string, bytes: number): void {
    this.keys.push(key);
    this.bytes += bytes;
  }
}
