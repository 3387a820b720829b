import { Module } from '@nestjs/common';
import { ScheduledBackups } from './scheduled-backups';

/** Embedded mode only (AppModule): the app's own backups and the socket `cli backup` reaches it through. */
@Module({ providers: [ScheduledBackups] })
export class BackupModule {}
