import { Logger } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { STORAGE_LIMITS } from '@consulta/shared';
import type { StorageDriver } from './drivers/storage-driver';
import { fileDeletionsPaused } from './file-deletion-hold';
import { referencedSql } from './file-references';

export interface SweepResult {
  /** Finished uploads that nothing referred to, deleted. */
  deleted: string[];
  /** Multipart uploads left unfinished, aborted. */
  aborted: string[];
}

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
  ) {}

  /** Deletes those of `keys` that nothing refers to any more; answers the deleted ones. */
  async deleteUnreferenced(keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const unique = [...new Set(keys)];
    return this.deleteWhere(`f.key in (${unique.map(() => '?').join(', ')}) and f.upload_id is null`, unique);
  }

  /** Uploads older than `hours` that nothing refers to, and multipart uploads unfinished for that long. */
  async sweep(hours: number = STORAGE_LIMITS.orphanAfterHours): Promise<SweepResult> {
    const cutoff = new Date(Date.now() - hours * 3600_000);
    const deleted = await this.deleteWhere(`f.created_at < ? and f.upload_id is null`, [cutoff]);
    const aborted: string[] = [];
    const stale = await this.em
      .fork()
      .getConnection()
      .execute<{ key: string; upload_id: string }[]>(
        `select key, upload_id from stored_files where created_at < ? and upload_id is not null`,
        [cutoff],
      );
    for (const upload of stale) {
      await this.driver.abortMultipart(upload.key, upload.upload_id);
      await this.em
        .fork()
        .getConnection()
        .execute(`delete from stored_files where key = ? and upload_id = ?`, [upload.key, upload.upload_id]);
      aborted.push(upload.key);
    }
    if (deleted.length + aborted.length > 0)
      this.logger.log(`Sweep: ${deleted.length} unused files deleted, ${aborted.length} unfinished uploads aborted`);
    return { deleted, aborted };
  }

  private async deleteWhere(condition: string, params: unknown[]): Promise<string[]> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const query = (sql: string) => tx.getConnection().execute<{ free: boolean }[]>(sql, [], 'all', tx.getTransactionContext());
      if (await fileDeletionsPaused(query)) {
        this.logger.log('A backup is running: unused files stay until the next sweep');
        return [];
      }
      const rows = await tx
        .getConnection()
        .execute<{ key: string }[]>(
          `delete from stored_files f where ${condition} and not ${referencedSql('f.key')} returning f.key`,
          params,
          'all',
          tx.getTransactionContext(),
        );
      for (const { key } of rows) await this.driver.delete(key);
      return rows.map((r: { key: string }) => r.key);
    });
  }
}
