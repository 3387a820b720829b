import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates the embedded cluster under `pgdata` if there is none, in a child process. PGlite's initdb runs a second
 * WASM PostgreSQL and copies the new cluster through an in-memory tar: ~500 MB at its peak, of which ~150 MB
 * stayed in the app's process (freed, but held by the allocator) when it ran there.
 */
export async function createEmbeddedCluster(pgdata: string): Promise<void> {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return;
  const child = spawn(process.execPath, [path.join(__dirname, 'embedded-initdb.js'), pgdata], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
  if (code !== 0) throw new Error(`Could not create the embedded database in ${pgdata} (exit code ${code}): ${stderr.trim()}`);
}
