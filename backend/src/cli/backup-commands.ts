import path from 'node:path';
import type { Command } from 'commander';
import type { AppConfig } from '../config/app-config';
import { MIGRATIONS } from '../database/migrations';
import { isEncrypted, openArchiveFile, writeArchiveFile } from '../backup/archive-files';
import { newerSchemaSentence } from '../backup/archive-header';
import { ArchiveReader } from '../backup/archive-reader';
import { countsOf, type BackupCounts } from '../backup/archive-format';
import { schemaRules } from '../backup/migration-sql';
import { backupPassphrase } from './passphrase';

/**
 * `backup --out`, `backup --verify` and `restore`: the README's "Backup and restore". What only writing or restoring
 * needs (the database, the store) is loaded by those: a check of an archive starts at once.
 */
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
        const schema = await schemaRules(MIGRATIONS);
        const reader = new ArchiveReader(await openArchiveFile(file, passphrase), { schema, newerSchema: 'read' });
        const { header, manifest } = await reader.verify();
        const whole = `The archive is whole and matches its checksums: ${describe(countsOf({ header, manifest }))}`;
        // Whole, but not for this version: said, and not a success (it cannot be restored here).
        if (!schema.migrations.includes(header.migration)) throw fail(`${whole}. But ${lowerFirst(newerSchemaSentence(header, schema))}.`);
        return out(`${whole} (checked in ${seconds(started)} s).`);
      }
      const file = path.resolve(options.out!);
      const passphrase = options.encrypt ? await backupPassphrase(cfg, 'encrypt') : null;
      const { backupInstallation } = await import('./backup-writing.js');
      // Ctrl-C (or a stop) ends the backup as a failure does: its partial archive removed.
      const interrupted = new AbortController();
      process.once('SIGINT', () => interrupted.abort()).once('SIGTERM', () => interrupted.abort());
      const { bytes, counts, throughApp } = await backupInstallation(cfg, (archive) =>
        writeArchiveFile(file, archive, passphrase, interrupted.signal),
      );
      const what = counts ? describe(counts) : 'its figures were not sent';
      const by = throughApp ? ', taken by the running app' : '';
      out(`Wrote ${file} (${mib(bytes)} MiB${passphrase ? ', encrypted' : ''}${by}) in ${seconds(started)} s: ${what}.`);
    });

  program
    .command('restore')
    .description('Bring an archive into an empty installation (this configuration: embedded or PostgreSQL + S3), after checking it whole.')
    .argument('<file>', 'the archive (from "backup --out")')
    .option('--force', 'replace everything this installation holds (its rows and stored files go once the archive is in)')
    .action(async (archive: string, options: { force?: boolean }) => {
      const cfg = config();
      const file = path.resolve(archive);
      const started = Date.now();
      const passphrase = (await isEncrypted(file)) ? await backupPassphrase(cfg, 'decrypt') : null;
      const open = () => openArchiveFile(file, passphrase);
      const { restoreInto } = await import('./restoring.js');
      const summary = await restoreInto(cfg, open, { archive: file, force: options.force === true });
      const upgraded = summary.upgraded?.length ? `; then applied ${summary.upgraded.length} newer migrations` : '';
      const resumed = summary.resumed ? ', finishing the restore that had stopped' : '';
      out(`Restored ${file} in ${seconds(started)} s${resumed}: ${describe(countsOf(summary))}${upgraded}.`);
    });
}

function describe(counts: BackupCounts): string {
  return (
    `${counts.tables} tables, ${counts.rows} rows, ${counts.files} files (${mib(counts.bytes)} MiB), ` +
    `taken ${counts.createdAt} from ${counts.source.database} + ${counts.source.storage} storage, schema ${counts.migration}`
  );
}

const mib = (bytes: number) => (bytes / 1048576).toFixed(1);
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
