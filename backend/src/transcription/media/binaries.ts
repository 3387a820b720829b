import { accessSync, chmodSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const cache = new Map<string, MediaBinaries>();

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The binary an npm package ships (no download at install); npm may have skipped its chmod, so it is done here. */
function shipped(pkg: string): string | null {
  let file: string;
  try {
    file = (createRequire(__filename)(pkg) as { path: string }).path;
  } catch {
    return null;
  }
  if (executable(file)) return file;
  try {
    chmodSync(file, 0o755);
    return file;
  } catch {
    throw new Error(`${file} is not executable: run \`chmod +x ${file}\`, or install ffmpeg on the system`);
  }
}

function find(name: 'ffmpeg' | 'ffprobe', override: string | null | undefined, variable: string, pkg: string): string {
  if (override) {
    if (!executable(override)) throw new Error(`${variable}: ${override} is not an executable ${name}`);
    return override;
  }
  const found = onPath(name) ?? shipped(pkg);
  if (!found) throw new Error(`${name} was not found: install it (e.g. apt-get install ffmpeg) or set ${variable}`);
  return found;
}

/**
 * ffmpeg and ffprobe: FFMPEG_PATH / FFPROBE_PATH when set, else the system's (on PATH), else the ones that
 * `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` install, so a fresh machine transcribes after
 * `npm install`.
 */
export function mediaBinaries(overrides: { ffmpegPath?: string | null; ffprobePath?: string | null } = {}): MediaBinaries {
  const key = `${overrides.ffmpegPath ?? ''}\u0000${overrides.ffprobePath ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = {
      ffmpeg: find('ffmpeg', overrides.ffmpegPath, 'FFMPEG_PATH', '@ffmpeg-installer/ffmpeg'),
      ffprobe: find('ffprobe', overrides.ffprobePath, 'FFPROBE_PATH', '@ffprobe-installer/ffprobe'),
    };
    cache.set(key, found);
  }
  return found;
}
