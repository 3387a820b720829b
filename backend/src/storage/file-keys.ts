import { randomBytes } from 'node:crypto';

/**
 * Storage keys (pure, no Nest): `files/{terapeuta_id}/{custom_path}/{16 hex}-{file name}`. Everything a
 * therapist uploads lives under their own prefix whatever `custom_path` says; a key is the file's reference in
 * sessions and exercises, and `GET /aws-s3/files/{rest}` names it without its leading `files/`.
 */
export const KEY_ROOT = 'files';
const MAX_SEGMENTS = 5;
const MAX_KEY = 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ownerPrefix = (therapistId: string): string => `${KEY_ROOT}/${therapistId}/`;

/** The therapist whose space holds the key, or null when it is not a key of ours. */
export function keyOwner(key: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof key !== 'string' || key.length > MAX_KEY || /[\u0000-\u001f\u007f\\]/.test(key)) return null;
  const segments = key.split('/');
  if (segments.length < 3 || segments[0] !== KEY_ROOT || !UUID.test(segments[1])) return null;
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return segments[1].toLowerCase();
}

/**
 * `custom_path` as segments inside the caller's space, or null when it tries to climb out (`..`). Empty and
 * `.` segments and leading slashes are dropped, a leading `files/{own id}` too; other characters than letters,
 * digits, `.`, `_`, `-` become `_`.
 */
export function customSegments(customPath: string | null | undefined, therapistId: string): string[] | null {
  let segments = (customPath ?? '').split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..') || segments.length > MAX_SEGMENTS + 2) return null;
  if (segments[0] === KEY_ROOT && segments[1]?.toLowerCase() === therapistId.toLowerCase()) segments = segments.slice(2);
  if (segments.length > MAX_SEGMENTS) return null;
  return segments.map((s) =>
    s
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 100),
  );
}

/** A file name safe in a key and a download: letters, digits, spaces, `.`, `_`, `-`, `(`, `)`; never hidden. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  if (!cleaned) return 'archivo';
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - ext.length) + ext;
}

/** A new, unguessable key for `fileName` under the caller's `segments`. */
export function newKey(therapistId: string, segments: string[], fileName: string): string {
  return [KEY_ROOT, therapistId, ...segments, `${randomBytes(8).toString('hex')}-${safeFileName(fileName)}`].join('/');
}

/** The key named by `GET /aws-s3/files/{rest}` (the reference without its leading `files/`; tolerated with it). */
export const keyFromFilesPath = (rest: string): string => (rest.startsWith(`${KEY_ROOT}/`) ? rest : `${KEY_ROOT}/${rest}`);
