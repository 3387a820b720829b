import { spawn } from 'node:child_process';
import path from 'node:path';
import { mediaBinaries } from '../../src/transcription/media/binaries';

export type VideoKind = 'speech' | 'none' | 'silent';

const SILENCE = 'anullsrc=channel_layout=mono:sample_rate=16000';
/** Speech-like sound: a voiced tone whose loudness rises and falls four times a second, over a little noise. */
const SPEECH = [
  '-filter_complex',
  '[1:a]tremolo=f=4:d=0.9[v];anoisesrc=a=0.02:r=16000[n];[v][n]amix=inputs=2:duration=first[a]',
  '-map',
  '0:v',
  '-map',
  '[a]',
];

/**
 * An MP4 made by ffmpeg from generated sources: H.264 video (small and few frames, so it is quick to make) and
 * AAC audio that is speech-like, digital silence, or absent (no audio track at all). Without `faststart` the
 * index is at the end of the file, as a camera writes it.
 */
export async function makeVideo(
  dir: string,
  kind: VideoKind,
  seconds: number,
  options: { width?: number; height?: number; fps?: number; faststart?: boolean } = {},
): Promise<string> {
  const { width = 160, height = 90, fps = 5, faststart = false } = options;
  const file = path.join(dir, `${kind}-${seconds}s-${width}x${height}.mp4`);
  const video = ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`];
  const audio = kind === 'none' ? [] : ['-f', 'lavfi', '-i', kind === 'speech' ? 'sine=frequency=180:sample_rate=16000' : SILENCE];
  const filter = kind === 'speech' ? SPEECH : [];
  const args = [
    ...['-v', 'error', '-nostdin', '-y', ...video, ...audio, ...filter, '-t', String(seconds)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(kind === 'none' ? ['-an'] : ['-c:a', 'aac', '-b:a', '64k']),
    ...(faststart ? ['-movflags', '+faststart'] : []),
    file,
  ];
  await ffmpeg(args, `the ${kind} video`);
  return file;
}

/** The video in another of the accepted containers: QuickTime and AVI hold the same streams, WMV its own codecs. */
export async function inContainer(video: string, container: 'mov' | 'avi' | 'wmv'): Promise<string> {
  const file = video.replace(/\.mp4$/, `.${container}`);
  const codecs = container === 'wmv' ? ['-c:v', 'wmv2', '-c:a', 'wmav2'] : ['-c', 'copy'];
  await ffmpeg(['-v', 'error', '-nostdin', '-y', '-i', video, ...codecs, file], `the ${container} copy`);
  return file;
}

function ffmpeg(args: string[], what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(mediaBinaries().ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not make ${what}: ${err}`))));
  });
}
