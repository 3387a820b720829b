import { execFile, execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  audioClip,
  extractAudioPieces,
  NoAudioTrackError,
  probeMedia,
  SILENCE_MAX_DB,
  type AudioPiece,
  type VideoSource,
} from '../src/transcription/media/audio';
import { mediaBinaries } from '../src/transcription/media/binaries';
import { inContainer, makeVideo } from './support/media';

// The media layer of transcription, on real ffmpeg: one pass from a video to 16 kHz mono Opus pieces.

const dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-media-'));
const bins = mediaBinaries();
const magic = (file: string) => {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(4);
  readSync(fd, head, 0, 4, 0);
  closeSync(fd);
  return head.toString('latin1');
};
/** A file as the local driver hands it to ffmpeg. */
const onDisk = (file: string, container: VideoSource['container'] = 'mp4'): VideoSource => ({
  input: file,
  protocols: ['file'],
  container,
});
const piecesOf = async (input: string | VideoSource, pieceSeconds: number, signal?: AbortSignal) => {
  const out = mkdtempSync(path.join(dir, 'pieces-'));
  const extraction = extractAudioPieces(bins, typeof input === 'string' ? onDisk(input) : input, { dir: out, pieceSeconds, signal });
  const pieces: AudioPiece[] = [];
  for await (const piece of extraction.pieces) pieces.push(piece);
  return { pieces, ...(await extraction.done) };
};

describe('mediaBinaries', () => {
  it('uses an explicit path, and says clearly when it is not an executable', () => {
    expect(mediaBinaries({ ffmpegPath: bins.ffmpeg }).ffmpeg).toBe(bins.ffmpeg);
    expect(() => mediaBinaries({ ffprobePath: '/nada/ffprobe' })).toThrow('FFPROBE_PATH: /nada/ffprobe is not an executable ffprobe');
  });
});

describe('audio extraction', () => {
  let speech: string;
  beforeAll(async () => {
    speech = await makeVideo(dir, 'speech', 35);
  }, 30_000);

  it('probes duration and audio', async () => {
    expect(await probeMedia(bins, onDisk(speech))).toEqual({ durationSeconds: 35, hasAudio: true });
    expect((await probeMedia(bins, onDisk(await makeVideo(dir, 'none', 3)))).hasAudio).toBe(false);
  });

  it('cuts the audio into contiguous Ogg pieces of mono Opus', async () => {
    const { pieces, maxVolumeDb } = await piecesOf(speech, 10);
    expect(pieces.map((p) => [p.index, p.startSeconds])).toEqual([
      [0, 0],
      [1, 10],
      [2, 20],
      [3, 30],
    ]);
    expect(pieces.at(-1)!.endSeconds).toBeCloseTo(35, 0);
    for (const piece of pieces) {
      expect(magic(piece.path)).toBe('OggS');
      expect(piece.bytes).toBeGreaterThan(0);
    }
    const out = JSON.parse(
      execFileSync(bins.ffprobe, [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,sample_rate,channels',
        '-of',
        'json',
        pieces[1].path,
      ]).toString(),
    ) as { streams: { codec_name: string; sample_rate: string; channels: number }[] };
    // Opus decodes at 48 kHz whatever it was encoded from; the encoder was fed 16 kHz mono.
    expect(out.streams).toEqual([{ codec_name: 'opus', sample_rate: '48000', channels: 1 }]);
    expect(maxVolumeDb!).toBeGreaterThan(SILENCE_MAX_DB);
  });

  it('measures a silent recording below the silence level', async () => {
    const { maxVolumeDb, pieces } = await piecesOf(await makeVideo(dir, 'silent', 4), 10);
    expect(pieces).toHaveLength(1);
    expect(maxVolumeDb!).toBeLessThan(SILENCE_MAX_DB);
  });

  it('a video without an audio track is a NoAudioTrackError', async () => {
    await expect(piecesOf(await makeVideo(dir, 'none', 3), 10)).rejects.toBeInstanceOf(NoAudioTrackError);
  });

  it('an abort kills ffmpeg and rejects', async () => {
    const long = await makeVideo(dir, 'speech', 600, { fps: 1 });
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    await expect(piecesOf(long, 60, abort.signal)).rejects.toMatchObject({ name: 'AbortError' });
  }, 30_000);

  it('a voice sample is a short WAV', async () => {
    const { pieces } = await piecesOf(speech, 10);
    const clip = await audioClip(bins, pieces[0].path, 1, 4);
    expect(clip.mimeType).toBe('audio/wav');
    expect(clip.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(clip.data.length).toBeGreaterThan(3 * 16000 * 2 * 0.9);
    expect(clip.data.length).toBeLessThan(4 * 16000 * 2);
  });
});

describe('what ffmpeg opens: the container named, through the driver’s protocols only', () => {
  let speech: string;
  let server: http.Server;
  let base: string;
  /** What the HTTP server was asked for, and what it serves (path → body; anything else is 404). */
  const requests: string[] = [];
  const served = new Map<string, Buffer | string>();
  const overHttp = (url: string): VideoSource => ({ input: url, protocols: ['http', 'tcp'], container: 'mp4' });
  /** A command run without blocking (the HTTP server it talks to lives in this process). */
  const run = promisify(execFile);
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => new Error('it did not fail'),
      (error: Error) => error,
    );

  beforeAll(async () => {
    speech = await makeVideo(dir, 'speech', 4, { faststart: true });
    server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      const body = served.get((req.url ?? '').split('?')[0]);
      res.statusCode = body === undefined ? 404 : 200;
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 30_000);
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => void (requests.length = 0));

  it('reads MP4, QuickTime, AVI and WMV, each with its own demuxer, and not as another container', async () => {
    const files: [string, VideoSource['container']][] = [
      [speech, 'mp4'],
      [await inContainer(speech, 'mov'), 'mp4'],
      [await inContainer(speech, 'avi'), 'avi'],
      [await inContainer(speech, 'wmv'), 'asf'],
    ];
    for (const [file, container] of files) {
      const info = await probeMedia(bins, onDisk(file, container));
      expect(info.hasAudio).toBe(true);
      expect(info.durationSeconds).toBeCloseTo(4, 0);
      expect((await piecesOf(onDisk(file, container), 10)).pieces).toHaveLength(1);
    }
    await expect(probeMedia(bins, onDisk(files[2][0], 'mp4'))).rejects.toThrow(/ffprobe exited with 1/);
    await expect(piecesOf(onDisk(files[0][0], 'asf'), 10)).rejects.toThrow(/ffmpeg exited with 1/);
  }, 30_000);

  it('never follows a playlist named like a video, on disk or over HTTP', async () => {
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:4,\n${base}/segment.ts?x=.ts\n#EXTINF:4,\n${speech}\n#EXT-X-ENDLIST\n`;
    served.set('/sesion.m3u8', playlist);
    const onDiskPlaylist = path.join(dir, 'sesion.m3u8');
    writeFileSync(onDiskPlaylist, playlist);
    // The premise: left to guess, ffprobe takes it for a playlist and fetches what it names.
    const guess = (input: string) =>
      run(bins.ffprobe, ['-v', 'error', '-show_entries', 'format=format_name', '-of', 'csv=p=0', input], { timeout: 10_000 }).then(
        (r) => r.stdout.trim(),
        () => 'failed',
      );
    expect(await guess(onDiskPlaylist)).toBe('hls');
    await guess(`${base}/sesion.m3u8`); // fails on the first segment (404), once asked for
    expect(requests).toContain('/segment.ts?x=.ts');

    requests.length = 0;
    for (const source of [onDisk(onDiskPlaylist), overHttp(`${base}/sesion.m3u8`)]) {
      await expect(probeMedia(bins, source)).rejects.toThrow(/moov atom not found/);
      await expect(piecesOf(source, 10)).rejects.toThrow(/moov atom not found/);
    }
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((r) => r !== '/sesion.m3u8')).toEqual([]);
  }, 30_000);

  it('opens nothing through another protocol than the driver’s', async () => {
    served.set('/video.mp4', readFileSync(speech));
    await expect(probeMedia(bins, { ...overHttp(`${base}/video.mp4`), protocols: ['file'] })).rejects.toThrow(
      /Protocol 'http' not on whitelist 'file'/,
    );
    await expect(piecesOf({ ...overHttp(`${base}/video.mp4`), protocols: ['file'] }, 10)).rejects.toThrow(/not on whitelist/);
    await expect(probeMedia(bins, { ...onDisk(speech), protocols: ['http', 'tcp'] })).rejects.toThrow(/Protocol 'file' not on whitelist/);
    expect(requests).toEqual([]);
    expect((await probeMedia(bins, overHttp(`${base}/video.mp4`))).hasAudio).toBe(true);
  });

  it("quotes a failed input's URL without its query (a signature)", async () => {
    const signed = `${base}/missing.mp4?X-Amz-Credential=KEY%2Fus-east-1&X-Amz-Signature=0123456789abcdef`;
    for (const failed of [await failureOf(probeMedia(bins, overHttp(signed))), await failureOf(piecesOf(overHttp(signed), 10))]) {
      expect(failed.message).toContain(`${base}/missing.mp4?…`);
      expect(failed.message).toContain('404');
      expect(failed.message).not.toMatch(/X-Amz|0123456789abcdef/);
    }
    expect(requests).toEqual(expect.arrayContaining([expect.stringContaining('X-Amz-Signature=0123456789abcdef')]));
  });
});
