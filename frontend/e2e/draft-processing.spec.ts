import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  choose,
  createPatientViaApi,
  DEMO_VIDEO,
  expectAccessible,
  expectFitsWidth,
  holdTranscriptions,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
  uniquePatient,
  VIEWPORTS,
} from './helpers';

/**
 * 'Cancelar procesamiento' from 'Sesiones en Procesamiento': a running transcription (the AI stand-in answers each
 * piece after 2.5 s) is stopped from the drafts list, the draft says 'Procesamiento cancelado' there and in the
 * editor, and it is transcribed again from there; its transcript's first turns then show in the list. While it runs,
 * the editor says how far ('Procesando... {percent}%') and how long it still takes, 'Guardar Sesión' waits, and the
 * cancel is confirmed first.
 */

async function draftState(request: APIRequestContext, draftId: string): Promise<{ estado: string; archivo_video_info: object }> {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return (await request.get(`/api/v1/sesiones-asincronas/progress/${draftId}`, { headers })).json();
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`draft processing (${device})`, () => {
    test.use({ viewport });

    test('a running transcription is cancelled from the drafts list, then transcribed again', async ({ page, request }) => {
      test.setTimeout(120_000);
      const patient = await createPatientViaApi(request, uniquePatient('Cancelar'));
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const drafts = page.getByRole('region', { name: 'Sesiones en Procesamiento' });
      const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
      await editor.getByLabel('Título del borrador').fill('Sesión grabada');
      await editor.getByLabel(/^Notas/).fill('Primera sesión grabada');
      await editor.getByTestId('video-file-input').setInputFiles(DEMO_VIDEO);
      await expect(editor.getByTestId('attached-video')).toContainText('Video adjunto', { timeout: 30_000 });
      const item = drafts.getByRole('listitem').filter({ hasText: 'Sesión grabada' });
      await expect(item).toContainText('Borrador guardado');

      const ai = editor.getByRole('region', { name: 'Transcripción y análisis IA' });
      await holdTranscriptions(async () => {
        await ai.getByRole('button', { name: 'Transcribir video' }).click();
        await expect(toast(page, 'Transcripción iniciada')).toBeVisible();
        await expect(item).toContainText('Generando transcripción...');
        // How far, in the spec's words, and how long it still takes (from the video's length and the provider's speed).
        await expect(ai.getByTestId('draft-job-percent')).toHaveText(/^Procesando\.\.\. \d+%$/);
        await expect(ai.getByTestId('draft-job-time-left')).toHaveText(/^Tiempo estimado: (menos de 1 min|unos \d+ min)$/);
        // The session cannot be saved while the job holds the draft (the server would answer 409): the page says why.
        await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeDisabled();
        await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toHaveAccessibleDescription(
          'Podrás guardar la sesión cuando termine el procesamiento.',
        );
        const cancel = item.getByRole('button', { name: /^Cancelar procesamiento de Sesión grabada #[0-9a-f]{8}$/ });
        await expect(cancel).toBeVisible();
        await expect(ai.getByRole('button', { name: 'Cancelar procesamiento' })).toBeVisible();
        await expectAccessible(page, `a transcription running (${device})`);
        await snap(page, `draft-processing-running-${device}`, { fullPage: false });
        // Asked first: what the provider has done is paid for. Escape keeps it running.
        await cancel.click();
        const ask = page.getByRole('dialog', { name: '¿Cancelar el procesamiento?' });
        await expect(ask).toBeVisible();
        await expectAccessible(page, `the cancel's confirmation (${device})`);
        await snap(page, `draft-processing-confirm-${device}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(ask).toBeHidden();
        await expect(item).toContainText('Generando transcripción...');
        await cancel.click();
        await ask.getByRole('button', { name: 'Cancelar procesamiento' }).click();
        await expect(toast(page, 'Procesamiento cancelado')).toBeVisible();
      });
      await expect(item).toContainText('Procesamiento cancelado');
      await expect(item.getByRole('button', { name: /^Cancelar procesamiento/ })).toHaveCount(0);
      await expect(ai.getByTestId('draft-job-status-text')).toHaveText('Procesamiento cancelado');
      await expect(ai.getByRole('button', { name: 'Cancelar procesamiento' })).toHaveCount(0);
      await expectAccessible(page, `a cancelled transcription (${device})`);
      if (device === 'phone') await expectFitsWidth(page);
      await snap(page, `draft-processing-cancelled-${device}`);

      // The server agrees, and the draft has no transcript from the stopped job.
      const heading = await editor.getByRole('heading', { name: /^Borrador #[0-9a-f]{8}$/ }).textContent();
      const shortId = heading!.replace(/^Borrador #/, '');
      const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
      const listed = (await (await request.get(`/api/v1/sesiones-asincronas/drafts/paciente/${patient.id}`, { headers })).json()) as {
        id: string;
        estado: string;
        transcripcion_preview: string | null;
      }[];
      const draft = listed.find((d) => d.id.startsWith(shortId))!;
      expect(draft).toMatchObject({ estado: 'cancelado', transcripcion_preview: null });
      await page.waitForTimeout(2000); // the stopped job lets go of the draft within JOB_WATCH_MS (1 s)
      expect((await draftState(request, draft.id)).estado).toBe('cancelado');

      // From cancelado it is transcribed again; the list then shows how the transcript starts.
      await ai.getByRole('button', { name: 'Transcribir video' }).click();
      await expect(toast(page, 'Transcripción iniciada')).toBeVisible();
      // The job followed here to its end: the spec's 'Procesamiento completado'; the session can be saved again.
      await expect(ai.getByTestId('draft-job-status-text')).toHaveText('Procesamiento completado', { timeout: 30_000 });
      await expect(ai.getByTestId('draft-job-time-left')).toHaveCount(0);
      await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeEnabled();
      await expect(item.getByTestId('draft-transcript-preview')).toContainText('Hola, Lucía. ¿Cómo ha ido la semana en el trabajo?');
      await expectAccessible(page, `a draft with its transcript preview (${device})`);
      await snap(page, `draft-processing-preview-${device}`);
    });
  });
}
