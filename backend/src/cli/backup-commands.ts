import path from 'node:path';
import type { Command } from 'commander';
import type { AppConfig } from '../config/app-config';
import { DataDirInUseError } from '../database/data-dir-lock';
import { MIGRATIONS } from '../database/migrations';
import { createStorageDriver } from '../storage/drivers/storage-driver.factory';
import { isEncrypted, openArchiveFile, writeArchiveFile } from '../backup/archive-files';
import type { ArchiveHeader, ArchiveManifest } from '../backup/archive-format';
import { ArchiveReader } from '../backup/archive-reader';
import { writeBackup, type BackupSummary } from '../backup/backup-writer';
import { backupFromRunningApp } from '../backup/control-socket';
import { databaseCopyOf, installationOf } from '../backup/installation';
import { restoreArchive, verifyArchive } from '../backup/restore';
import { withDatabase } from './database';
import { backupPassphrase } from './passphrase';

/** `backup --out`, `backup --verify` and `restore`: the README's "Backup and restore". */
export function addBackupCommands(
  program: Command,
  config: () => AppConfig,
  out: (line: string) => void,
  fail: (message: string) => Error,
): void {
  program
    .command('backup')
    .description('Write one archive of everything this installation holds (the database and every stored file), or check one.')
    .option('--out <file>', 'the archive to write (owner-only: it holds health data; keep it on an encrypted disk, and a copy offsite)')
    .option('--encrypt', 'encrypt it with a passphrase (BACKUP_PASSPHRASE, or typed when asked), in the age format')
    .option('--verify <file>', 'check an archive (every checksum, the counts, nothing missing) without restoring it')
    .action(async (options: { out?: string; encrypt?: boolean; verify?: string }) => {
      if (Boolean(options.out) === Boolean(options.verify))
        throw fail('backup: give --out <file> to write an archive, or --verify <file> to check one');
      const cfg = config();
      const started = Date.now();
      if (options.verify) {
        const file = path.resolve(options.verify);
        const passphrase = (await isEncrypted(file)) ? await backupPassphrase(cfg, 'decrypt') : null;
        const { header, manifest } = await new ArchiveReader(await openArchiveFile(file, passphrase)).verify();
        return out(`The archive is whole and matches its checksums: ${describe(header, manifest)} (checked in ${seconds(started)} s).`);
      }
      const file = path.resolve(options.out!);
      const passphrase = options.encrypt ? await backupPassphrase(cfg, 'encrypt') : null;
      let bytes = 0;
      const store = (archive: Parameters<typeof writeArchiveFile>[1]) =>
        writeArchiveFile(file, archive, passphrase).then((n) => void (bytes = n));
      let summary: BackupSummary | null = null;
      try {
        summary = await withDatabase(
          cfg,
          async (orm) => writeBackup(await installationOf(cfg, orm, await createStorageDriver(cfg)), store),
          false,
        );
      } catch (error) {
        if (!(error instanceof DataDirInUseError)) throw error;
        // The app has the embedded database open: it writes the archive, this command stores it.
        await store(await backupFromRunningApp(cfg.dataDir));
      }
      const what = summary ? describe(summary.header, summary.manifest) : 'taken by the running app';
      out(`Wrote ${file} (${mib(bytes)} MiB${passphrase ? ', encrypted' : ''}) in ${seconds(started)} s: ${what}.`);
    });

  program
    .command('restore')
    .description('Bring an archive into an empty installation (this configuration: embedded or PostgreSQL + S3), after checking it whole.')
    .argument('<file>', 'the archive (from "backup --out")')
    .option('--force', 'replace everything this installation holds (its database rows and stored files are deleted first)')
    .action(async (archive: string, options: { force?: boolean }) => {
      const cfg = config();
      const file = path.resolve(archive);
      const started = Date.now();
      const passphrase = (await isEncrypted(file)) ? await backupPassphrase(cfg, 'decrypt') : null;
      const open = () => openArchiveFile(file, passphrase);
      // Checked whole before the installation is even opened: a damaged archive changes nothing.
      const verified = await verifyArchive(open);
      const summary = await withDatabase(
        cfg,
        async (orm) =>
          restoreArchive(
            open,
            verified,
            {
              database: await databaseCopyOf(cfg, orm),
              store: await createStorageDriver(cfg),
              migrator: orm.migrator,
              migrations: MIGRATIONS.map((m) => m.name),
            },
            options.force === true,
          ),
        false,
      );
      const upgraded = summary.upgraded.length > 0 ? `; then applied ${summary.upgraded.length} newer migrations` : '';
      out(`Restored ${file} in ${seconds(started)} s: ${describe(summary.header, summary.manifest)}${upgraded}.`);
    });
}

function describe(header: ArchiveHeader, manifest: ArchiveManifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  return (
    `${manifest.tables.length} tables, ${rows} rows, ${manifest.files.count} files (${mib(manifest.files.bytes)} MiB), ` +
    `taken ${header.created_at} from ${header.source.database} + ${header.source.storage} storage, schema ${header.migration}`
  );
}

const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
