import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';

const GOOGLE = 'https://accounts.google.com';

/**
 * Security headers. The CSP admits the SPA itself and Google sign-in (script, frames, styles and the popup,
 * which needs COOP same-origin-allow-popups and a referrer), and the S3 store browsers upload to, play video
 * from and show profile photos from (`storageOrigins`). CORS is open (bearer tokens, no cookies) and
 * exposes Content-Range for react-admin and X-Request-Id (quoted when reporting a problem).
 */
export function applySecurity(app: NestExpressApplication, storageOrigins: string[] = []): void {
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", `${GOOGLE}/gsi/client`, GOOGLE],
          styleSrc: ["'self'", "'unsafe-inline'", `${GOOGLE}/gsi/style`],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...storageOrigins],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", GOOGLE, 'https://www.googleapis.com', 'https://oauth2.googleapis.com', ...storageOrigins],
          frameSrc: ["'self'", GOOGLE],
          mediaSrc: ["'self'", 'blob:', 'https:', ...storageOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  app.enableCors({ origin: true, exposedHeaders: ['Content-Range', 'X-Request-Id'] });
}
