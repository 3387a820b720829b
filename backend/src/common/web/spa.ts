import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Serves the built frontend: files as they are (hashed assets cached for a year), and index.html for every
 * other GET/HEAD outside /api (history fallback). /api/* never reaches this: unknown API routes answer 404 JSON.
 */
export function serveSpa(app: NestExpressApplication, dist: string): void {
  const index = path.join(dist, 'index.html');
  app.useStaticAssets(dist, {
    index: false,
    redirect: false,
    setHeaders: (res, file) => {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
