import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { audioClip, extractAudioPieces, NoAudioTrackError, probeMedia, SILENCE_MAX_DB, type AudioPiece } from '../src/transcription/media/audio';
import { mediaBinaries } from '../src/transcription/media/binaries';
import { makeVideo } from './support/media';

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
const piecesOf = async (input: string, pieceSeconds: number, signal?: AbortSignal) => {
  const out = mkdtempSync(path.join(dir, 'pieces-'));
  const extraction = extractAudioPieces(bins, input, { dir: out, pieceSeconds, signal });
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
    expect(await probeMedia(bins, speech)).toEqual({ durationSeconds: 35, hasAudio: true });
    expect((await probeMedia(bins, await makeVideo(dir, 'none', 3))).hasAudio).toBe(false);
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
      execFileSync(bins.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate,channels', '-of', 'json', pieces[1].path]).toString(),
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
