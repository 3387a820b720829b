import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ArchiveError } from './archive-format';
import { writeBackup, type BackupSummary, type Installation } from './backup-writer';

/**
 * The embedded database is opened by one process at a time, so while the app runs, `cli backup` asks it for the
 * archive over this socket in DATA_DIR (owner-only, like the data beside it). Local, never on the network.
 */
export const socketPath = (dataDir: string): string => path.join(dataDir, 'consulta.sock');

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export async function serveBackups(
  dataDir: string,
  installation: () => Promise<Installation>,
  done: (summary: BackupSummary) => void,
): Promise<http.Server | null> {
  const file = socketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) return null;
  await rm(file, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/x-tar' });
    installation()
      .then((source) => writeBackup(source, (archive) => pipeline(archive, res)))
      .then(done)
      // A response cut short is what the CLI sees: it keeps no half archive.
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  await chmod(file, 0o600);
  return server;
}

/** The running app's archive, as a stream (an error on it means the backup failed). */
export function backupFromRunningApp(dataDir: string): Promise<Readable> {
  const file = socketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: file, method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) return reject(new ArchiveError(`The running app refused the backup (HTTP ${response.statusCode})`));
      response.on('aborted', () =>
        response.destroy(new ArchiveError('The running app stopped the backup before it was complete (see its log)')),
      );
      resolve(response);
    });
    request.on('error', (error) =>
      reject(
        new ArchiveError(
          `The app holding ${dataDir} does not answer on ${file} (${(error as NodeJS.ErrnoException).code ?? error.message}); stop it and run the backup again`,
        ),
      ),
    );
    request.end();
  });
}
