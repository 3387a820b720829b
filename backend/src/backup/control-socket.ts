import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ArchiveError, countsOf, type BackupCounts } from './archive-format';
import { writeBackup, type BackupSummary, type Installation } from './backup-writer';

/**
 * The embedded database is opened by one process at a time, so while the app runs, `cli backup` asks it for the
 * archive over this socket in DATA_DIR (owner-only, like the data beside it). Local, never on the network.
 */
export const socketPath = (dataDir: string): string => path.join(dataDir, 'consulta.sock');

/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

/** The HTTP trailer that follows the archive's last byte with its figures (known only once it is written). */
const COUNTS_TRAILER = 'x-consulta-backup';

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
    res.writeHead(200, { 'Content-Type': 'application/x-tar', Trailer: COUNTS_TRAILER });
    installation()
      .then((source) => writeBackup(source, (archive) => pipeline(archive, res, { end: false })))
      .then((summary) => {
        res.addTrailers({ [COUNTS_TRAILER]: JSON.stringify(countsOf(summary)) });
        res.end();
        done(summary);
      })
      // A failed backup, or a client gone (Ctrl-C, killed, a full disk on its side): the snapshot ends, the response
      // is cut short (the CLI keeps no half archive), and the app goes on serving.
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  await chmod(file, 0o600);
  return server;
}

export interface RunningAppBackup {
  /** The archive's bytes (an error on it means the backup failed, said for the operator). */
  archive: Readable;
  /** Its figures, once `archive` has ended. */
  counts(): BackupCounts | null;
}

/** The running app's archive, as a stream; this side giving up (a full disk) stops the app's backup too. */
export function backupFromRunningApp(dataDir: string): Promise<RunningAppBackup> {
  const file = socketPath(dataDir);
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: file, method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new ArchiveError(`The running app refused the backup (HTTP ${response.statusCode})`));
      }
      const archive = new PassThrough();
      const cut = () =>
        archive.destroy(new ArchiveError('The running app stopped the backup before it was complete (was it stopped? see its log)'));
      response.once('error', cut);
      response.once('close', () => !response.complete && cut());
      archive.once('close', () => response.destroy());
      response.pipe(archive);
      resolve({ archive, counts: () => parseCounts(response.trailers[COUNTS_TRAILER]) });
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

function parseCounts(text: string | undefined): BackupCounts | null {
  try {
    return text ? (JSON.parse(text) as BackupCounts) : null;
  } catch {
    return null;
  }
}
