import { lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What a walk of a folder found: how many files and folders it looked at, and those others may reach (with their modes). */
export interface ModeWalk {
  checked: number;
  open: string[];
}

/** Every file and folder under `root` (itself included) with a group or world permission bit; symbolic links skipped. */
export function entriesOpenToOthers(root: string): ModeWalk {
  const walk: ModeWalk = { checked: 0, open: [] };
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    let info;
    try {
      info = lstatSync(full);
    } catch {
      return; // a temporary that went meanwhile
    }
    if (info.isSymbolicLink()) return;
    walk.checked += 1;
    if (info.mode & 0o077) walk.open.push(`${relative} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(full)) visit(path.join(relative, name));
  };
  visit('.');
  return walk;
}
