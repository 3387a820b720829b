import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/drivers/storage-driver';
import { writeArchiveFile } from './archive-files';
import { countsOf } from './archive-format';
import { writeBackup, type BackupSummary } from './backup-writer';
import { serveBackups } from './control-socket';
import { installationOf } from './installation';

/** consulta-backup-2026-11-27T08-00-00Z.tar(.age): sortable by name, and by the shell. */
const NAME = /^consulta-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar(\.age)?$/;
/** A start is no time for a backup: the first one due waits this long at least. */
const FIRST_DELAY_MS = 60_000;

/** Whether `name` is one of the embedded mode's own backups (a finished one: they are renamed once whole). */
export const isScheduledBackupName = (name: string): boolean => NAME.test(name);

export const backupFileName = (at: Date, encrypted: boolean): string =>
  `consulta-backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.tar${encrypted ? '.age' : ''}`;

/**
 * The embedded mode's own backups (a practice on one laptop schedules nothing): one every BACKUP_EVERY_HOURS
 * into BACKUP_DIR, the newest BACKUP_KEEP kept; and the socket through which `cli backup` asks for one.
 */
@Injectable()
export class ScheduledBackups implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private timer: NodeJS.Timeout | null = null;
  private socket: http.Server | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    @Inject(STORAGE_DRIVER) private readonly store: StorageDriver,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.socket = await serveBackups(
      this.config.dataDir,
      () => installationOf(this.config, this.orm, this.store),
      (summary) => this.logDone('On request', summary),
    );
    if (!this.socket) this.logger.warn(`DATA_DIR is too long a path for the backup socket: stop the app to run "cli backup"`);
    const every = this.everyMs();
    if (every === 0) return;
    const newest = await this.newest();
    const due = newest === null ? Date.now() : newest + every;
    this.schedule(Math.max(due - Date.now(), Math.min(FIRST_DELAY_MS, every)));
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close();
    await this.running?.catch(() => undefined);
  }

  /** Writes one backup now and drops the oldest beyond BACKUP_KEEP; answers the archive's path. */
  async backupNow(): Promise<string> {
    const { dir, passphrase } = this.config.backup;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, backupFileName(new Date(), passphrase !== null));
    const installation = await installationOf(this.config, this.orm, this.store);
    const summary = await writeBackup(installation, async (archive) => void (await writeArchiveFile(file, archive, passphrase)));
    this.logDone(`Wrote ${file}`, summary);
    await this.rotate();
    return file;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.running = this.backupNow()
        .catch((error: unknown) => this.logger.error(`The scheduled backup failed: ${(error as Error).message}`))
        .finally(() => {
          if (this.timer) this.schedule(this.everyMs());
        });
    }, delayMs);
    this.timer.unref();
  }

  private async rotate(): Promise<void> {
    const names = await this.backups();
    for (const name of names.slice(0, Math.max(0, names.length - this.config.backup.keep))) {
      await rm(path.join(this.config.backup.dir, name), { force: true });
    }
  }

  /** The backups in BACKUP_DIR, oldest first. */
  private async backups(): Promise<string[]> {
    const names = await readdir(this.config.backup.dir).catch(() => [] as string[]);
    return names.filter((n) => NAME.test(n)).sort();
  }

  private async newest(): Promise<number | null> {
    const name = (await this.backups()).at(-1);
    return name ? (await stat(path.join(this.config.backup.dir, name))).mtimeMs : null;
  }

  private everyMs(): number {
    return Math.round(this.config.backup.everyHours * 3_600_000);
  }

  private logDone(what: string, summary: BackupSummary): void {
    const { rows, files, bytes } = countsOf(summary);
    this.logger.log(`${what}: ${rows} rows, ${files} files (${(bytes / 1048576).toFixed(1)} MiB)`);
  }
}
