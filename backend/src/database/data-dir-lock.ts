import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ownerOnlyDirSync, writeOwnerOnlyFileSync } from '../common/files/owner-only';

const LOCK_FILE = 'consulta.lock';

export class DataDirInUseError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Embedded PostgreSQL (PGlite) must be opened by one process at a time: the app and the CLI take this lock on
 * DATA_DIR and refuse to run while another live process holds it. Released when the process exits.
 */
export function lockDataDir(dataDir: string, holder: string): void {
  ownerOnlyDirSync(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  if (existsSync(file)) {
    const [pidText, owner] = readFileSync(file, 'utf8').split('\n');
    const pid = Number(pidText);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      throw new DataDirInUseError(
        `${dataDir} is in use by another Consulta process (${owner || 'unknown'}, pid ${pid}). ` +
          'Stop it first: the embedded database can be opened by one process at a time.',
      );
    }
  }
  writeOwnerOnlyFileSync(file, `${process.pid}\n${holder}\n`);
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').startsWith(`${process.pid}\n`)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  });
}
