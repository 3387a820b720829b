import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { API, bearer, createPatient, therapistSession } from './support/api';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';

/**
 * How the built frontend and the API's answers travel: the build's brotli/gzip copies as the browser accepts
 * them, hashed files cached for good, no source maps, and larger API answers compressed (not the small ones, nor
 * a streamed chat answer).
 */
describe('delivery', () => {
  const js = `export const texto = ${JSON.stringify('Consulta '.repeat(2000))};\n`;
  let dist: string;
  let app: RunningApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'consulta-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Consulta</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(js));
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.map'), '{"version":3,"sources":["secreto.ts"]}');
    const { databaseUrl, jwtSecret } = testEnv();
    app = await startApp({ DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, FRONTEND_DIST: dist, DEMO_LOGIN: 'false', DATA_DIR: dist });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const asset = (encoding?: string) => {
    const req = request(app.url)
      .get('/assets/app-1a2b3c.js')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    return encoding === undefined ? req.set('Accept-Encoding', 'identity') : req.set('Accept-Encoding', encoding);
  };

  it('sends the brotli copy to a browser that takes it, else the gzip one, else the file', async () => {
    const br = await asset('gzip, deflate, br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBeLessThan(js.length / 10);
    // The client decodes what it was sent: the original file.
    expect((br.body as Buffer).toString()).toBe(js);

    const gz = await asset('gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBeLessThan(js.length / 10);
    expect((gz.body as Buffer).toString()).toBe(js);

    const plain = await asset().expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((plain.body as Buffer).toString()).toBe(js);
  });

  it('never serves a source map, and the page itself is never cached for good', async () => {
    await request(app.url).get('/assets/app-1a2b3c.js.map').expect(404);
    const page = await request(app.url).get('/pacientes').expect(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<div id="root">');
  });

  it('compresses larger API answers, not the small ones', async () => {
    const therapist = await therapistSession('Dra. Compresión');
    for (let i = 0; i < 6; i++) await createPatient(therapist);
    const list = await request(app.url).get(`${API}/pacientes/`).set(bearer(therapist.token)).set('Accept-Encoding', 'gzip').expect(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.body).toHaveLength(6);
    expect(list.headers['cache-control']).toBe('no-store');
    const config = await request(app.url).get(`${API}/config`).set('Accept-Encoding', 'gzip').expect(200);
    expect(config.headers['content-encoding']).toBeUndefined();
  });
});
