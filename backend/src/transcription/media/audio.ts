import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { withoutUrlQueries } from '../../common/logging/url-queries';
import type { MediaInput } from '../../storage/drivers/storage-driver';
import type { VideoContainer } from '../../storage/media-container';
import type { MediaBinaries } from './binaries';

/** A video as ffmpeg reads it: where and through which protocols (the driver's answer), and its container. */
export interface VideoSource extends MediaInput {
  container: VideoContainer;
}

export interface MediaInfo {
  durationSeconds: number;
  hasAudio: boolean;
}

export interface AudioPiece {
  index: number;
  path: string;
  startSeconds: number;
  endSeconds: number;
  bytes: number;
}

export interface AudioExtraction {
  /** The pieces in order, each as soon as ffmpeg has finished writing it. */
  pieces: AsyncIterable<AudioPiece>;
  /** ffmpeg's end: the loudest level of the whole audio (dBFS; null if unknown). */
  done: Promise<{ maxVolumeDb: number | null }>;
}

/** Below this peak level (dBFS) a recording counts as silence. */
export const SILENCE_MAX_DB = -50;

/** A piece shorter than this is not sent (the segment muxer may close an empty last piece at the very end). */
const MIN_PIECE_SECONDS = 0.5;

/** The input has no audio stream at all. */
export class NoAudioTrackError extends Error {}

/**
 * Speech audio for the provider: mono, 16 kHz, Opus at 24 kb/s in Ogg (~11 MB an hour). Compression level 0 keeps
 * the encoder ahead of the decoder (several hundred times real time here), at a quality still plenty for speech.
 */
const SPEECH_AUDIO = ['-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-b:a', '24k', '-compression_level', '0'];

/** ffmpeg's demuxer of each container (`mov` is the one of MP4 and QuickTime). */
const DEMUXER: Record<VideoContainer, string> = { mp4: 'mov', avi: 'avi', asf: 'asf' };

/**
 * How ffmpeg opens a video: with its container's demuxer, never a guess (guessing, it reads an HLS playlist and
 * fetches every URL or file it names), and nothing but that demuxer and the driver's protocols.
 */
function videoInput(source: VideoSource): string[] {
  const demuxer = DEMUXER[source.container];
  return ['-f', demuxer, '-format_whitelist', demuxer, '-protocol_whitelist', source.protocols.join(','), '-i', source.input];
}

/** An error of a failed command: the tail of its stderr, which quotes its input (a signed URL's query is dropped). */
const failure = (command: string, code: number | null, stderr: string) =>
  new Error(withoutUrlQueries(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`));

const STDERR_TAIL = 4000;
const abortError = () => Object.assign(new Error('The media command was aborted'), { name: 'AbortError' });

/** Runs a command; answers its stdout (small outputs only), rejects with the tail of its stderr. */
function run(command: string, args: string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-STDERR_TAIL)));
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortError());
      else if (code === 0) resolve(Buffer.concat(out));
      else reject(failure(command, code, err));
    });
  });
}

/** ffprobe of a video (a file path or a signed GET). */
export async function probeMedia(bins: MediaBinaries, source: VideoSource, signal?: AbortSignal): Promise<MediaInfo> {
  const out = await run(
    bins.ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_entries', 'format=duration:stream=codec_type', ...videoInput(source)],
    signal,
  );
  const info = JSON.parse(out.toString()) as { format?: { duration?: string }; streams?: { codec_type?: string }[] };
  return { durationSeconds: Number(info.format?.duration) || 0, hasAudio: (info.streams ?? []).some((s) => s.codec_type === 'audio') };
}

/**
 * One ffmpeg pass over the input (a file or a signed URL, read by ranges): its first audio stream as speech
 * audio, cut by the segment muxer into pieces of `pieceSeconds` in `dir`. The segment list goes to stdout, one
 * CSV line per finished piece with its exact start and end, so each piece is handed on while the next is made.
 * volumedetect measures the peak level on the way (a silent recording is no speech).
 */
export function extractAudioPieces(
  bins: MediaBinaries,
  source: VideoSource,
  options: { dir: string; pieceSeconds: number; signal?: AbortSignal },
): AudioExtraction {
  const { dir, pieceSeconds, signal } = options;
  const args = [
    ...['-hide_banner', '-nostdin', '-nostats', ...videoInput(source), '-map', '0:a:0', '-vn', '-af', 'volumedetect', ...SPEECH_AUDIO],
    ...['-f', 'segment', '-segment_time', String(pieceSeconds), '-segment_format', 'ogg', '-reset_timestamps', '1'],
    ...['-segment_list', 'pipe:1', '-segment_list_type', 'csv', path.join(dir, 'piece-%05d.ogg')],
  ];
  const child = spawn(bins.ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let maxVolumeDb: number | null = null;
  child.stderr.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-STDERR_TAIL);
    const peak = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(err);
    if (peak) maxVolumeDb = peak[1] === '-inf' ? -Infinity : Number(peak[1]);
  });
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();

  const done = new Promise<{ maxVolumeDb: number | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortError());
      else if (code === 0) resolve({ maxVolumeDb });
      else if (/matches no streams|does not contain any stream/.test(err)) reject(new NoAudioTrackError('The video has no audio track'));
      else reject(failure(bins.ffmpeg, code, err));
    });
  });

  async function* pieces(): AsyncGenerator<AudioPiece> {
    let index = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      const [name, start, end] = line.split(',');
      if (!name || start === undefined || end === undefined || Number(end) - Number(start) < MIN_PIECE_SECONDS) continue;
      const file = path.join(dir, name);
      yield { index: index++, path: file, startSeconds: Number(start), endSeconds: Number(end), bytes: (await stat(file)).size };
    }
    await done; // a failure after the last piece still surfaces
  }
  return { pieces: pieces(), done };
}

/** A short clip of an audio piece (our own Ogg file) as WAV (a voice sample for the provider: 2-10 s, a few hundred KB). */
export async function audioClip(
  bins: MediaBinaries,
  piecePath: string,
  startSeconds: number,
  endSeconds: number,
): Promise<{ data: Buffer; mimeType: string }> {
  const input = ['-f', 'ogg', '-format_whitelist', 'ogg', '-protocol_whitelist', 'file', '-i', piecePath];
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-ss',
    String(startSeconds),
    '-t',
    String(endSeconds - startSeconds),
    ...input,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    'wav',
    'pipe:1',
  ];
  return { data: await run(bins.ffmpeg, args), mimeType: 'audio/wav' };
}
