// The backend's floors, read from docs/architecture.md (its `floors` and `upward-imports` blocks), and the imports
// that run from a lower floor to a higher one. ESLint builds its layer rules from the same blocks (eslint.config.mjs);
// run directly (`node backend/scripts/floors.mjs [backend/src]`), it lists every upward import and fails when one is
// not named in docs/architecture.md, when one named there is gone, or when there are more than MAX_UPWARD.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAX_UPWARD = 6;

/** The lines of the fenced block ```name of docs/architecture.md, comments (`#`) and blanks left out. */
function block(name, doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8')) {
  const found = doc.match(new RegExp('```' + name + '\\n([\\s\\S]*?)```'));
  if (!found) throw new Error(`docs/architecture.md has no \`\`\`${name} block`);
  return found[1]
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
}

/**
 * Each folder of backend/src with its floor number: the `floors` block says `<n> <folder> <folder>…`; `*` stands for
 * every folder the block does not name (the domains) and `.` for the files at backend/src itself.
 */
export function readFloors(src = path.join(ROOT, 'backend/src')) {
  const folders = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const floors = new Map();
  let rest = null;
  for (const line of block('floors')) {
    const [n, ...names] = line.split(/\s+/);
    for (const name of names) {
      if (name === '*') rest = Number(n);
      else floors.set(name, Number(n));
    }
  }
  if (rest === null) throw new Error('the floors block has no `*` (the domains)');
  for (const folder of folders) if (!floors.has(folder)) floors.set(folder, rest);
  return floors;
}

/** The upward imports docs/architecture.md names: `<importing file> -> <imported file>`, both under backend/src. */
export function namedUpward() {
  return block('upward-imports').map((line) => {
    const [from, to] = line.split(/\s*->\s*/);
    return { from, to };
  });
}

const folderOf = (relative) => (relative.includes('/') ? relative.split('/')[0] : '.');

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

/** Every import (static, dynamic, re-export) from one folder of backend/src to another, as relative paths without `.ts`/`.js`. */
export function crossFolderImports(src = path.join(ROOT, 'backend/src')) {
  const found = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const from = path.relative(src, file).split(path.sep).join('/');
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+)'/g)) {
      const to = path
        .relative(src, path.resolve(path.dirname(file), match[1]))
        .split(path.sep)
        .join('/')
        .replace(/\.(js|ts)$/, '');
      if (folderOf(from) !== folderOf(to)) found.push({ from: from.replace(/\.ts$/, ''), to });
    }
  }
  return found;
}

/** The imports from a lower floor to a higher one. */
export function upwardImports(src = path.join(ROOT, 'backend/src')) {
  const floors = readFloors(src);
  return crossFolderImports(src).filter(({ from, to }) => floors.get(folderOf(from)) < floors.get(folderOf(to)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const src = path.resolve(process.argv[2] ?? path.join(ROOT, 'backend/src'));
  const floors = readFloors(src);
  const upward = upwardImports(src);
  const key = ({ from, to }) => `${from} -> ${to}`;
  for (const link of upward) console.log(`${key(link)}  (floor ${floors.get(folderOf(link.from))} -> ${floors.get(folderOf(link.to))})`);
  console.log(`${upward.length} upward imports`);
  if (process.argv[2]) process.exit(0); // measuring another tree: no verdict
  const actual = new Set(upward.map(key));
  const named = new Set(namedUpward().map(key));
  const unnamed = [...actual].filter((link) => !named.has(link));
  const gone = [...named].filter((link) => !actual.has(link));
  for (const link of unnamed) console.error(`not named in docs/architecture.md (upward-imports): ${link}`);
  for (const link of gone) console.error(`named in docs/architecture.md but no longer imported: ${link}`);
  if (upward.length > MAX_UPWARD) console.error(`more than ${MAX_UPWARD} upward imports`);
  if (unnamed.length > 0 || gone.length > 0 || upward.length > MAX_UPWARD) process.exit(1);
}
