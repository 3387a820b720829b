import { withoutUrlQueries } from '../src/common/logging/url-queries';

// What may be logged of a text that quotes URLs (pure): the addresses, never their queries.

describe('withoutUrlQueries', () => {
  it("drops a presigned GET's query and keeps the rest of an ffmpeg error", () => {
    const url = 'http://127.0.0.1:9000/consulta/files/a/sesiones/b/0123-sesion.mp4';
    const query =
      '?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=KEY%2F20250101%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=abc123';
    const text = `ffprobe exited with 1: [mov @ 0x1] moov atom not found\n${url}${query}: Invalid data found when processing input`;
    expect(withoutUrlQueries(text)).toBe(
      `ffprobe exited with 1: [mov @ 0x1] moov atom not found\n${url}?… Invalid data found when processing input`,
    );
  });

  it("drops the query of https URLs, of several URLs, and of the local driver's root-relative links", () => {
    expect(withoutUrlQueries("Opening 'https://s3.example.com/b/k.mp4?X-Amz-Signature=f00' for reading")).toBe(
      "Opening 'https://s3.example.com/b/k.mp4?…' for reading",
    );
    expect(withoutUrlQueries('a http://x/1?s=1 b http://y/2?s=2 c')).toBe('a http://x/1?… b http://y/2?… c');
    expect(withoutUrlQueries('GET /api/v1/storage/object?key=files%2Fa&expires=1&signature=deadbeef failed')).toBe(
      'GET /api/v1/storage/object?… failed',
    );
  });

  it('leaves texts without a query as they are', () => {
    for (const text of [
      'ffmpeg exited with 1: /tmp/x/piece-00001.ogg: No such file',
      '¿Seguro? Sí.',
      'http://x/y',
      'Draft 1: transcription failed: boom',
    ]) {
      expect(withoutUrlQueries(text)).toBe(text);
    }
  });
});
