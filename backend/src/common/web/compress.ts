import compression from 'compression';
import type { Request, Response } from 'express';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip/brotli for the API's larger answers (a patient list, a transcript), as the browser accepts them. Not for
 * streamed chat answers (compression would hold each word back until a block fills) nor for stored files (videos
 * and documents are compressed already, and ranges must stay byte-exact).
 */
export const compressAnswers = compression({
  threshold: THRESHOLD_BYTES,
  filter: (req: Request, res: Response) => {
    const streamed = /text\/event-stream/.test(`${String(req.headers.accept ?? '')} ${String(res.getHeader('Content-Type') ?? '')}`);
    if (streamed || req.path.startsWith('/storage/')) return false;
    return compression.filter(req, res);
  },
});
