/** Advisory lock a backup holds (exclusively) while it runs; a deletion of stored files tries it shared. */
export const BACKUP_LOCK = 7_341_903;

let heldInThisProcess = 0;

/** Runs `work` with deletions held in this process (the embedded database is one session: no lock can tell). */
export async function holdingDeletionsHere<T>(work: () => Promise<T>): Promise<T> {
  heldInThisProcess += 1;
  try {
    return await work();
  } finally {
    heldInThisProcess -= 1;
  }
}

/**
 * Whether a backup is running, asked inside the deleting transaction. The shared lock is held until that
 * transaction ends, so a backup starting meanwhile waits for it before taking its snapshot: a file is either gone
 * before the snapshot or still there when the backup copies it. A paused deletion is left to the hourly sweep.
 */
export async function fileDeletionsPaused(query: (sql: string) => Promise<{ free: boolean }[]>): Promise<boolean> {
  if (heldInThisProcess > 0) return true;
  const [row] = await query(`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK}) as free`);
  return !row?.free;
}
