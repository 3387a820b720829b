import { mkdirSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything under DATA_DIR is the account's own: the embedded database (patients' records, its WAL), stored videos
 * and files, outbox mails with live sign-in links, upload temporaries, backups. Folders 0700, files 0600.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** The permission bits of the group and of everyone else. */
const GROUP_OR_WORLD = 0o077;

/**
 * From here on, what this process and the processes it starts create is owner-only, whatever umask it was started
 * with (usually 022): the files PGlite, ffmpeg and the libraries write are not ours to give a mode, so the mask does.
 * Each entry point (app, worker, CLI, the embedded initdb) calls it first.
 */
export function createFilesOwnerOnly(): void {
  process.umask(GROUP_OR_WORLD);
}

/** Creates `dir` (and its missing parents) owner-only; an existing folder keeps its mode. */
export function ownerOnlyDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

export async function ownerOnlyDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
}

/** Writes a new file owner-only (an existing one keeps its mode). */
export function writeOwnerOnlyFileSync(file: string, data: string | Uint8Array): void {
  writeFileSync(file, data, { mode: OWNER_ONLY_FILE });
}

/** What an inspection of a folder found open to other local users. */
export interface OpenEntries {
  /** Files and folders looked at. */
  checked: number;
  /** Paths (relative to the folder; '.' the folder itself) with a group or world permission bit. */
  open: string[];
}

/** A folder as large as a practice's is looked at whole; past this many entries the rest is left unchecked. */
const MAX_CHECKED = 200_000;

/**
 * The files and folders under `root` (itself included) that someone other than the owner may read, write or enter.
 * Symbolic links are not followed (their own mode means nothing). Nothing when `root` does not exist.
 */
export async function entriesOpenToOthers(root: string): Promise<OpenEntries> {
  const found: OpenEntries = { checked: 0, open: [] };
  const visit = async (relative: string): Promise<void> => {
    if (found.checked >= MAX_CHECKED) return;
    const full = path.join(root, relative);
    let info;
    try {
      info = await lstat(full);
    } catch {
      return; // gone meanwhile (a temporary), or never there
    }
    if (info.isSymbolicLink()) return;
    found.checked += 1;
    if (info.mode & GROUP_OR_WORLD) found.open.push(relative);
    if (!info.isDirectory()) return;
    const names = await readdir(full).catch(() => [] as string[]);
    for (const name of names) await visit(path.join(relative, name));
  };
  await visit('.');
  return found;
}

/** The start's warning about a DATA_DIR (or anything in it) other local users can reach, or null when it is owner-only. */
export async function dataDirWarning(dataDir: string): Promise<string | null> {
  const { checked, open } = await entriesOpenToOthers(dataDir);
  if (open.length === 0) return null;
  const examples = open.slice(0, 3).join(', ');
  return (
    `${dataDir} holds patients' records, videos and mail with sign-in links, but ${open.length} of its ${checked} files and ` +
    `folders are open to other users of this machine (group or world permissions: ${examples}${open.length > 3 ? ', …' : ''}). ` +
    `Make them owner-only: chmod -R go= '${dataDir}'`
  );
}
