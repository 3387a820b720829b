import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  choose,
  createPatientViaApi,
  expectAccessible,
  expectFitsWidth,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
  uniquePatient,
} from './helpers';

const MiB = 1024 * 1024;
/** Above the 100 MB multipart threshold: 30 parts of 5 MiB. */
const VIDEO_BYTES = 150 * MiB;

/** `size` bytes of `fill` behind an MP4's first box (`ftyp`): the server attaches only what starts as a video does. */
const videoBytes = (size: number, fill: number) => {
  const start = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  return Buffer.concat([start, Buffer.alloc(size - start.length, fill)]);
};

/** The therapist's API, for what the test checks behind the screen. */
async function api(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked with toMatchObject
    get: async (p: string): Promise<any> => {
      const res = await request.get(`/api/v1${p}`, { headers });
      expect(res.ok(), await res.text()).toBeTruthy();
      return res.json();
    },
  };
}

/** Records every value the upload's progress bar shows (a local upload is too quick to sample by polling). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { uploadProgress: number[] }).uploadProgress = seen;
    const record = () => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Progreso de la subida del video"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
}

const progressValues = (page: Page) => page.evaluate(() => (window as unknown as { uploadProgress: number[] }).uploadProgress);

test.describe('session video (phone)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  let dir: string;
  let videoPath: string;
  test.beforeAll(() => {
    // Playwright refuses buffers over 50 MB in setInputFiles: the file goes from disk.
    dir = mkdtempSync(path.join(tmpdir(), 'consulta-video-'));
    videoPath = path.join(dir, 'sesion.mp4');
    writeFileSync(videoPath, videoBytes(VIDEO_BYTES, 7));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('a 150 MB video is uploaded in parts, saved with the session, played and downloaded', async ({ page, request }) => {
    test.setTimeout(180_000);
    const server = await api(request);
    const patient = await createPatientViaApi(request, uniquePatient('Video'));
    await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
    const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
    await expect(editor.getByRole('heading', { name: 'Video de la sesión' })).toBeVisible();

    await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
    await editor.getByLabel(/^Notas/).fill('Sesión con video');
    await editor.getByLabel(/^Temas importantes/).fill('Ansiedad en el trabajo');

    // A file of another type is refused with the spec's message, before any upload.
    await editor
      .getByTestId('video-file-input')
      .setInputFiles({ name: 'notas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(editor.getByText('Por favor selecciona un archivo de video válido (MP4, AVI, MOV, WMV)')).toBeVisible();

    await recordProgress(page);
    await editor.getByTestId('video-file-input').setInputFiles(videoPath);
    const bar = editor.getByRole('progressbar', { name: 'Progreso de la subida del video' });
    await expect(bar).toBeVisible();
    await expect(editor.getByText('sesion.mp4')).toBeVisible();
    await expect(editor.getByText('150 MB')).toBeVisible();
    // Saving waits for the upload.
    await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeDisabled();

    const attached = editor.getByTestId('attached-video');
    await expect(attached).toContainText('sesion.mp4', { timeout: 120_000 });
    await expect(attached).toContainText('Video adjunto');
    const values = await progressValues(page);
    const between = [...new Set(values.filter((v) => v > 0 && v < 100))];
    expect(between.length, `valores vistos: ${values.join(', ')}`).toBeGreaterThanOrEqual(2);
    expect(values.every((v, i) => i === 0 || v >= values[i - 1])).toBe(true);
    await expectFitsWidth(page);
    await attached.scrollIntoViewIfNeeded();
    await snap(page, 'video-attached-phone', { fullPage: false });
    await expectAccessible(page, 'attached video');

    // The draft holds the key (never a URL); a reload shows the attached video again.
    const [draft] = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
    expect(draft.archivo_video_info).toMatchObject({ estado_upload: 'completado', upload_progress: 100 });
    const key: string = draft.archivo_video_info.file_key;
    expect(key).toMatch(/^files\/.+\/sesiones\/.+-sesion\.mp4$/);
    expect(draft.archivo_video_info.video_url).toBe(key);
    await page.reload();
    await page
      .getByRole('region', { name: 'Sesiones en Procesamiento' })
      .getByRole('button', { name: /^Borrador sin título/ })
      .click();
    await expect(editor.getByTestId('attached-video')).toContainText('sesion.mp4');
    await expect(editor.getByLabel(/^Notas/)).toHaveValue('Sesión con video');

    await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
    await expect(toast(page, 'Sesión guardada')).toBeVisible();
    const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
    expect(listed.video_url).toBe(key);

    // The sessions tab: the player streams the signed URL, 'Descargar' downloads the whole file by its name.
    await page.goto(`/dashboard/terapeuta/pacientes/${patient.id}/sesiones`);
    await page
      .getByTestId('session-row')
      .first()
      .getByRole('button', { name: /Sesión 1/ })
      .click();
    const detail = page.getByTestId('session-detail');
    const player = detail.getByTestId('session-video');
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute('src', /\/api\/v1\/storage\/object\?/);
    await expect(player).toHaveAttribute('controls', '');
    await player.scrollIntoViewIfNeeded();
    await snap(page, 'video-session-detail-phone', { fullPage: false });
    await expectAccessible(page, 'session detail with its video');

    const downloading = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Descargar' }).click();
    const download = await downloading;
    // The toast shows for 3 s: read it before waiting for the whole 150 MB to arrive.
    await expect(toast(page, 'Descarga iniciada')).toBeVisible();
    expect(download.suggestedFilename()).toBe('sesion.mp4');
    expect(statSync(await download.path()).size).toBe(VIDEO_BYTES);
    await expectFitsWidth(page);
  });

  test('a dropped connection pauses the upload; it resumes from the stored parts when the connection is back', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const server = await api(request);
    const patient = await createPatientViaApi(request, uniquePatient('Corte'));
    await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
    const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
    await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
    await expect(
      page.getByRole('region', { name: 'Sesiones en Procesamiento' }).getByRole('button', { name: /^Borrador sin título/ }),
    ).toBeVisible();

    // A slow line (4 MiB/s up), so the connection can drop halfway.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 4 * MiB });
    await editor.getByTestId('video-file-input').setInputFiles(videoPath);
    const bar = editor.getByRole('progressbar', { name: 'Progreso de la subida del video' });
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 60_000 }).toBeGreaterThanOrEqual(10);

    await context.setOffline(true);
    await expect(editor.getByText(/^Se perdió la conexión/)).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    const paused = Number(await bar.getAttribute('aria-valuenow'));
    expect(paused).toBeGreaterThan(0);
    await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeDisabled();
    await bar.scrollIntoViewIfNeeded();
    await snap(page, 'video-upload-interrupted-phone', { fullPage: false });
    await expectAccessible(page, 'interrupted upload');

    // Back online: the upload asks the store which parts it holds and goes on from there (not from 0).
    const listed = page.waitForRequest((r) => r.url().endsWith('/api/v1/aws-s3/list-parts'));
    await context.setOffline(false);
    await listed;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect
      .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 100), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(Math.max(1, paused - 5));
    await expect(editor.getByTestId('attached-video')).toContainText('Video adjunto', { timeout: 120_000 });
    const [draft] = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
    expect(draft.archivo_video_info.file_key).toMatch(/-sesion\.mp4$/);
  });

  test('when the store cannot be reached, the video goes through the server; if that fails too, the error says why', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const server = await api(request);
    const patient = await createPatientViaApi(request, uniquePatient('Proxy'));
    const small = path.join(dir, 'consulta-lunes.mov');
    writeFileSync(small, videoBytes(12 * MiB, 3));
    await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
    const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
    await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');

    // The store is unreachable from this browser (a blocked or misconfigured endpoint), and so is the proxy.
    await page.route('**/api/v1/storage/**', (route) => route.abort('connectionrefused'));
    await page.route('**/api/v1/aws-s3/proxy-upload', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'El almacenamiento no está disponible', code: 'UNAVAILABLE' }),
      }),
    );
    await editor.getByTestId('video-file-input').setInputFiles(small);
    await expect(toast(page, 'Error en la subida')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('toaster').getByText('Error al subir el video: El almacenamiento no está disponible')).toBeVisible();
    const reason = editor.getByText('Error al subir el video: El almacenamiento no está disponible');
    await expect(reason).toBeVisible();
    await reason.scrollIntoViewIfNeeded();
    await snap(page, 'video-upload-failed-phone', { fullPage: false });

    // Reintentar: the store is still out of reach, the proxy works now (custom_path first, then the file).
    await page.unroute('**/api/v1/aws-s3/proxy-upload');
    const proxied = page.waitForRequest((r) => r.url().endsWith('/api/v1/aws-s3/proxy-upload'));
    await editor.getByRole('button', { name: 'Reintentar' }).click();
    const body = (await proxied).postDataBuffer();
    expect(body).not.toBeNull();
    const text = body!.subarray(0, 400).toString('latin1');
    expect(text.indexOf('name="custom_path"')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('name="custom_path"')).toBeLessThan(text.indexOf('name="file"'));
    const attached = editor.getByTestId('attached-video');
    await expect(attached).toContainText('consulta-lunes.mov', { timeout: 60_000 });
    // 'Adjuntando al borrador…' until the draft has the key.
    await expect(attached).toContainText('Video adjunto');
    const [draft] = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
    expect(draft.archivo_video_info.file_key).toMatch(/\/sesiones\/.+-consulta-lunes\.mov$/);

    // Quitar: the draft forgets the video, and the uploader is back.
    await editor.getByRole('button', { name: 'Quitar el video consulta-lunes.mov' }).click();
    await expect(toast(page, 'Video quitado del borrador')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Seleccionar video' })).toBeVisible();
    const [after] = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
    expect(after.archivo_video_info).toMatchObject({ file_key: null, video_url: null });
  });
});
