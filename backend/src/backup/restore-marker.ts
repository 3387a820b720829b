import type { EntityManager } from '@mikro-orm/core';
import { execute } from '../common/sql/execute';
import { RESTORE_MARKER_TABLE } from './archive-tables';

/**
 * What a restore that has not finished leaves in the installation's database: created before anything of the archive
 * goes in, moved to 'files' by the very transaction that loads the rows, dropped once the last file is stored. While
 * it is there the app does not start (nor seeds a demo), the other commands refuse, and a rerun of the same archive
 * goes on from where it stopped.
 */
export interface RestoreMarker {
  /** The archive's path, as the restore was given it. */
  archive: string;
  /** Which archive it is (archiveIdOf): a rerun of the same one resumes. */
  archiveId: string;
  /** 'rows' until the rows are committed; then 'files', the first `filesDone` of them stored. */
  phase: 'rows' | 'files';
  filesDone: number;
  startedAt: string;
}

const TABLE = `"${RESTORE_MARKER_TABLE}"`;

/** Said by whatever meets the marker: the archive, and the two ways out. */
export class RestoreUnfinished extends Error {
  constructor(readonly marker: RestoreMarker) {
    super(
      `${unfinishedRestore(marker)} Nothing uses this installation until it does: run "restore ${marker.archive}" again to ` +
        'finish it (it goes on from where it stopped), or restore an archive with --force to replace everything.',
    );
    this.name = 'RestoreUnfinished';
  }
}

export const unfinishedRestore = (marker: RestoreMarker): string =>
  `A restore of ${marker.archive} into this installation did not finish (started ${marker.startedAt}).`;

export async function readMarker(em: EntityManager): Promise<RestoreMarker | null> {
  const [table] = await execute<{ found: string | null }>(em.fork(), `select to_regclass('public.${RESTORE_MARKER_TABLE}')::text as found`);
  if (!table?.found) return null;
  const [row] = await execute<{
    archive: string;
    archive_id: string;
    phase: string;
    files_done: number;
    started_at: string;
  }>(
    em.fork(),
    `select archive, archive_id, phase, files_done,
            to_char(started_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC' as started_at from ${TABLE}`,
  );
  if (!row) return { archive: '(unknown archive)', archiveId: '', phase: 'rows', filesDone: 0, startedAt: 'at an unknown time' };
  return {
    archive: row.archive,
    archiveId: row.archive_id,
    phase: row.phase === 'files' ? 'files' : 'rows',
    filesDone: Number(row.files_done),
    startedAt: row.started_at,
  };
}

/** Refuses to go on while a restore has not finished (the app's start, the other commands). */
export async function refuseWhileRestoring(em: EntityManager): Promise<void> {
  const marker = await readMarker(em);
  if (marker) throw new RestoreUnfinished(marker);
}

/** Marks the installation as being restored from `archive` (committed: it outlives the process). */
export async function markRestoring(em: EntityManager, marker: Pick<RestoreMarker, 'archive' | 'archiveId'>): Promise<void> {
  await em.fork().transactional(async (tx) => {
    await execute(
      tx,
      `create table if not exists ${TABLE} (archive text not null, archive_id text not null, phase text not null,
         files_done integer not null, started_at timestamptz not null default now())`,
    );
    await execute(tx, `delete from ${TABLE}`);
    await execute(tx, `insert into ${TABLE} (archive, archive_id, phase, files_done) values (?, ?, 'rows', 0)`, [
      marker.archive,
      marker.archiveId,
    ]);
  });
}

/** Run by the transaction that loads the rows, as its last statement: they are in once it commits. */
export const ROWS_LOADED_SQL = `update ${TABLE} set phase = 'files', files_done = 0`;

/** File number `done` (in the archive's order) is stored, sealed with the store's own tag of its bytes. */
export async function markFileStored(em: EntityManager, done: number, key: string, etag: string): Promise<void> {
  await em.fork().transactional(async (tx) => {
    // The new store tags the bytes its own way (another ETag, another mtime): the seal follows, the checksum held.
    await execute(tx, `update stored_files set sealed_etag = ? where key = ? and sealed_etag is not null`, [etag, key]);
    await execute(tx, `update ${TABLE} set files_done = ?`, [done]);
  });
}

export async function unmarkRestoring(em: EntityManager): Promise<void> {
  await execute(em.fork(), `drop table if exists ${TABLE}`);
}
