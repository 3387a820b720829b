import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTAINER_HEAD_BYTES, videoContainer } from '../src/storage/media-container';
import { inContainer, makeVideo } from './support/media';

// The container of a session video by its first bytes (pure): real files made by ffmpeg, and what must not pass.

const dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-containers-'));
const head = (file: string) => readFileSync(file).subarray(0, CONTAINER_HEAD_BYTES);
const box = (size: number, type: string) =>
  Buffer.concat([Buffer.from([size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255]), Buffer.from(type, 'latin1')]);
const padded = (bytes: Buffer) => Buffer.concat([bytes, Buffer.alloc(Math.max(0, CONTAINER_HEAD_BYTES - bytes.length), 0x20)]);

describe('videoContainer', () => {
  it('tells the MP4, QuickTime, AVI and WMV files ffmpeg makes', async () => {
    const mp4 = await makeVideo(dir, 'speech', 1);
    expect(videoContainer(head(mp4))).toBe('mp4');
    expect(videoContainer(head(await makeVideo(dir, 'none', 1, { faststart: true })))).toBe('mp4');
    expect(videoContainer(head(await inContainer(mp4, 'mov')))).toBe('mp4');
    expect(videoContainer(head(await inContainer(mp4, 'avi')))).toBe('avi');
    expect(videoContainer(head(await inContainer(mp4, 'wmv')))).toBe('asf');
  }, 30_000);

  it('takes the first boxes of older QuickTime files, with a sane size', () => {
    for (const type of ['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']) expect(videoContainer(padded(box(8, type)))).toBe('mp4');
    expect(videoContainer(padded(box(0, 'mdat')))).toBe('mp4'); // up to the end of the file
    expect(videoContainer(padded(box(1, 'mdat')))).toBe('mp4'); // a 64-bit size follows
    expect(videoContainer(padded(box(7, 'ftyp')))).toBeNull();
    expect(videoContainer(padded(box(8, 'ftyq')))).toBeNull();
  });

  it.each([
    ['an HLS playlist', '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://10.0.0.1/a.ts?x=.ts\n'],
    ['an ffconcat list', 'ffconcat version 1.0\nfile /etc/passwd\n'],
    ['an SDP description', 'v=0\no=- 0 0 IN IP4 127.0.0.1\nm=audio 5004 RTP/AVP 96\n'],
    ['plain text', 'Hola, esto no es un video.'],
    ['a WAV file (RIFF, not AVI)', 'RIFF\u0024\u0000\u0000\u0000WAVEfmt '],
    ['a WebM file (not in the spec)', '\u001a\u0045\u00df\u00a3\u0001\u0000\u0000\u0000\u0000\u0000\u0000\u001f\u0042\u0086\u0081\u0001'],
    ['an Ogg file', 'OggS\u0000\u0002\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000'],
  ])('refuses %s', (_label, text) => {
    expect(videoContainer(padded(Buffer.from(text, 'latin1')))).toBeNull();
  });

  it('refuses an empty or too short start', () => {
    expect(videoContainer(Buffer.alloc(0))).toBeNull();
    expect(videoContainer(Buffer.from('RIFF', 'latin1'))).toBeNull();
    expect(videoContainer(Buffer.from('3026b2758e66cf11a6d900aa0062ce', 'hex'))).toBeNull(); // the ASF GUID less its last byte
  });
});
