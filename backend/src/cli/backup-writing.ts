import type { Readable } from 'node:stream';
import { countsOf, type BackupCounts } from '../backup/archive-format';
import { writeBackup } from '../backup/backup-writer';
import { backupFromRunningApp } from '../backup/control-socket';
import { installationOf } from '../backup/installation';
import type { AppConfig } from '../config/app-config';
import { DataDirInUseError } from '../database/data-dir-lock';
import { createStorageDriver } from '../storage/drivers/storage-driver.factory';
import { withDatabase } from './database';

export interface WrittenBackup {
  bytes: number;
  counts: BackupCounts | null;
  /** The running embedded app wrote the archive (it holds the database), this command stored it. */
  throughApp: boolean;
}

/** Writes the archive of this installation into `store` (which answers the bytes it kept). */
export async function backupInstallation(config: AppConfig, store: (archive: Readable) => Promise<number>): Promise<WrittenBackup> {
  let bytes = 0;
  const keep = async (archive: Readable) => void (bytes = await store(archive));
  try {
    const summary = await withDatabase(
      config,
      async (orm) => writeBackup(await installationOf(config, orm, await createStorageDriver(config)), keep),
      false,
    );
    return { bytes, counts: countsOf(summary), throughApp: false };
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
  }
  const fromApp = await backupFromRunningApp(config.dataDir);
  await keep(fromApp.archive);
  return { bytes, counts: fromApp.counts(), throughApp: true };
}
