import { expect, test } from '@playwright/test';

/**
 * What /login weighs on the wire and how soon it paints on a slow 4G link (Lighthouse's: 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up), with an empty cache: at most 200 KB of compressed JavaScript, first paint
 * within 2 s (the page's own loading screen, until the scripts replace it with the form).
 */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
// 200 KB until the agenda, 203 KB until the questionnaires and the new screens of the faults' work: each lazily loaded
// screen changes how the bundler groups the modules /login shares with them, and /login now loads one more small
// script (+~2.5 KB on the wire, most of it a response's headers). See decisions/frontend.md; issue 41 takes it to 150.
const JS_BUDGET_BYTES = 205_000;
const FIRST_PAINT_BUDGET_MS = 2_000;

test('/login on a slow 4G link: compressed JavaScript within budget, first paint within 2 s', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const scripts = new Map<string, { url: string; encoding?: string; body: number }>();
  const bytes = new Map<string, number>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const header = (name: string) => response.headers[name] ?? response.headers[name.toLowerCase()];
    scripts.set(requestId, { url: response.url, encoding: header('Content-Encoding'), body: Number(header('Content-Length') ?? 0) });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => bytes.set(requestId, encodedDataLength));

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  const formReady = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');

  // On the wire: headers and compressed body.
  const js = [...scripts].map(([id, s]) => ({ ...s, bytes: bytes.get(id) ?? 0 }));
  expect(js.length).toBeGreaterThan(0);
  // Every script but the tiniest (a compressed copy would save nothing) travels brotli-compressed.
  expect(js.filter((s) => s.encoding !== 'br' && s.body >= 1024).map((s) => s.url)).toEqual([]);
  const total = js.reduce((sum, s) => sum + s.bytes, 0);
  const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity);
  console.log(
    `/login: ${js.length} scripts, ${total} bytes of JavaScript on the wire (brotli); first contentful paint ${Math.round(firstPaint)} ms, form ready by ${Math.round(formReady)} ms on slow 4G`,
  );
  expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(firstPaint).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_MS);
});
