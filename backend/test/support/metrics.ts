import request from 'supertest';

/** The operators' metrics route. */
export const METRICS = '/api/v1/metrics';

export const basicAuth = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** A scrape: each sample line's series (`name{labels}`, as written) to its value. */
export type Samples = Map<string, number>;

/** Reads Prometheus' text format (one sample a line, comments skipped). */
export function samplesOf(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

/** Scrapes an app's metrics with the operator credentials (200, Prometheus' text format). */
export async function scrape(appUrl: string, ops: { user: string; password: string }): Promise<Samples> {
  const res = await request(appUrl).get(METRICS).set(basicAuth(ops.user, ops.password)).expect(200);
  if (!/^text\/plain; version=0\.0\.4/.test(res.headers['content-type'] ?? ''))
    throw new Error(`Not Prometheus' text: ${res.headers['content-type']}`);
  return samplesOf(res.text);
}
