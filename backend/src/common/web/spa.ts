import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const HASHED = `${path.sep}assets${path.sep}`;
/** The build writes `x.br` and `x.gz` beside these (frontend/vite/precompress.ts). */
const PRECOMPRESSED = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const cacheControl = (file: string) => (file.includes(HASHED) ? 'public, max-age=31536000, immutable' : 'no-cache');

/** Sends the build's compressed copy of `file` when the browser takes one; false when there is none to send. */
function sendPrecompressed(req: Request, res: Response, file: string): boolean {
  // Ours is the order of preference (browsers list 'gzip, deflate, br' with no weights).
  const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name && existsSync(file + e.suffix));
  if (!encoding) return false;
  res.setHeader('Content-Encoding', encoding.name);
  res.vary('Accept-Encoding');
  res.setHeader('Cache-Control', cacheControl(file));
  res.type(path.extname(file));
  res.sendFile(file + encoding.suffix);
  return true;
}

/**
 * Serves the built frontend: files as they are, or their brotli/gzip copy when the browser takes it (hashed assets
 * cached for a year), never the source maps, and index.html for every other GET/HEAD outside /api (history
 * fallback). /api/* never reaches this: unknown API routes answer 404 JSON.
 */
export function serveSpa(app: NestExpressApplication, dist: string): void {
  const root = path.resolve(dist);
  const index = path.join(root, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    if (req.path.endsWith('.map')) return res.status(404).end();
    if (!PRECOMPRESSED.test(req.path)) return next();
    const file = path.join(root, decodeURIComponent(req.path));
    if (!file.startsWith(root + path.sep) || !sendPrecompressed(req, res, file)) next();
  });
  app.useStaticAssets(root, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', cacheControl(file));
      if (PRECOMPRESSED.test(file)) res.vary('Accept-Encoding');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(index)) return next();
    if (sendPrecompressed(req, res, index)) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
