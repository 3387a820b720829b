/**
 * The container of a session video, told by its first bytes (pure, no Nest). Only the spec's kinds of video are
 * accepted (MP4, MOV/QuickTime, AVI, WMV), whatever the file's name and declared type say: ffmpeg, left to guess,
 * also reads HLS playlists, and a playlist makes it fetch whatever URL or file it names.
 */
export type VideoContainer = 'mp4' | 'avi' | 'asf';

/** How many first bytes the answer needs (the ASF header's GUID is the longest mark). */
export const CONTAINER_HEAD_BYTES = 16;

/**
 * Boxes an MP4 or QuickTime file may start with: `ftyp` (every MP4 and recent MOV), and in older QuickTime files
 * the movie, its data, or padding and preview boxes before them.
 */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);
const ASF_HEADER = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');

export function videoContainer(head: Buffer): VideoContainer | null {
  if (head.length >= 8 && FIRST_BOXES.has(head.toString('latin1', 4, 8))) {
    // A box's size: 0 (up to the end), 1 (a 64-bit size follows) or at least its own 8-byte header.
    const size = head.readUInt32BE(0);
    return size === 0 || size === 1 || size >= 8 ? 'mp4' : null;
  }
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'AVI ') return 'avi';
  if (head.length >= ASF_HEADER.length && head.subarray(0, ASF_HEADER.length).equals(ASF_HEADER)) return 'asf';
  return null;
}
