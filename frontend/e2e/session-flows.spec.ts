import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  choose,
  createPatientViaApi,
  DEMO_VIDEO,
  expectAccessible,
  expectFitsWidth,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
  uniquePatient,
  VIEWPORTS,
} from './helpers';

/**
 * 'A practice's first week': nothing typed is lost (the question before leaving a form with unsaved changes), the
 * consent gates of a new session lead back to the same draft, the video's length fills the duration, and 'Guardar
 * Sesión' ends on the saved session's detail.
 */
const RECORDING = 'Grabación de las sesiones';

async function api(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked with toMatchObject
    get: async (p: string): Promise<any> => (await request.get(`/api/v1${p}`, { headers })).json(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked with toMatchObject
    post: async (p: string, data: object): Promise<any> => (await request.post(`/api/v1${p}`, { headers, data })).json(),
  };
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`session flows (${device})`, () => {
    test.use({ viewport });

    test('a consent gate leads back to the same draft; the video fills the duration; saving ends on the session', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const server = await api(request);
      // A patient who has not consented to anything yet.
      const patient = await createPatientViaApi(request, uniquePatient('Puerta'), []);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const drafts = page.getByRole('region', { name: 'Sesiones en Procesamiento' });
      const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
      const typeSelect = editor.getByRole('combobox', { name: /Tipo de sesión/ });
      await choose(page, typeSelect, 'Psicoterapia');
      await expect(typeSelect).toHaveText('Psicoterapia');
      const title = editor.getByRole('heading', { name: /^Borrador #[0-9a-f]{8}$/ });
      await expect(title).toBeVisible();
      const draftHeading = (await title.textContent())!;
      await editor.getByLabel(/^Notas/).fill('Lo que escribí antes del consentimiento');

      // The video's gate: to the consents, and back by itself once the recording consent is recorded.
      const gate = editor.getByTestId('missing-consent-grabacion');
      await expect(gate).toContainText('Sin consentimiento de grabación');
      await gate.getByRole('link', { name: 'Registrar consentimiento' }).click();
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/consentimientos$`));
      await expect(page.getByTestId('consent-return')).toContainText('al registrar el consentimiento volverás a ella');
      await expectFitsWidth(page);
      await expectAccessible(page, `consents reached from a session's gate (${device})`);
      await snap(page, `consents-from-gate-${device}`);
      await page
        .getByTestId('consent-grabacion')
        .getByRole('button', { name: `Registrar: ${RECORDING}` })
        .click();
      await page
        .getByRole('dialog', { name: `Registrar consentimiento: ${RECORDING}` })
        .getByRole('button', { name: 'Registrar' })
        .click();
      await expect(toast(page, 'Consentimiento registrado')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/nueva-sesion$`));
      await expect(editor.getByRole('heading', { name: draftHeading })).toBeVisible();
      await expect(editor.getByLabel(/^Notas/)).toHaveValue('Lo que escribí antes del consentimiento');
      // The same draft, not a second one.
      await expect(drafts.getByRole('button', { name: /^Borrador sin título/ })).toHaveCount(1);
      expect(await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`)).toHaveLength(1);

      // Now the video can be attached: its length (38 s) fills the empty duration.
      await editor.getByTestId('video-file-input').setInputFiles(DEMO_VIDEO);
      await expect(editor.getByTestId('attached-video')).toContainText('Video adjunto', { timeout: 30_000 });
      await expect(editor.getByLabel('Duración (min)')).toHaveValue('1');

      // The AI's gate, left without recording anything: 'Volver a la sesión' leads back too.
      const ai = editor.getByRole('region', { name: 'Transcripción y análisis IA' });
      await ai.getByTestId('missing-consent-ia').getByRole('link', { name: 'Registrar consentimiento' }).click();
      await page.getByTestId('consent-return').getByRole('link', { name: 'Volver a la sesión' }).click();
      await expect(editor.getByRole('heading', { name: draftHeading })).toBeVisible();
      await expect(editor.getByLabel('Duración (min)')).toHaveValue('1');
      await expect(editor.getByTestId('attached-video')).toContainText('sesion-demo.mp4');

      // 'Guardar Sesión' ends on the saved session, its detail open in the patient's sessions.
      await editor.getByLabel(/^Temas importantes/).fill('Ansiedad en el trabajo');
      await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
      await expect(toast(page, 'Sesión guardada')).toBeVisible();
      const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/sesiones\\?sesion=${listed.id}$`));
      const detail = page.getByTestId('session-detail');
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expect(detail).toBeInViewport();
      // The open session has the tab to itself; 'Volver a la lista' leads to the list.
      await expect(page.getByTestId('session-list')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Volver a la lista' })).toBeVisible();
      expect(await server.get(`/sesiones/${listed.id}`)).toMatchObject({
        duracion_minutos: 1,
        notas: 'Lo que escribí antes del consentimiento',
        temas_importantes: 'Ansiedad en el trabajo',
      });
      await expectFitsWidth(page);
      await expectAccessible(page, `the session just saved (${device})`);
      await snap(page, `session-saved-detail-${device}`, { fullPage: false });
    });

    test('leaving a form with unsaved changes asks first: stay keeps the text, leave drops it; the tab asks too', async ({
      page,
      request,
    }) => {
      const server = await api(request);
      const patient = await createPatientViaApi(request, uniquePatient('Salir'));
      await server.post('/sesiones/', {
        paciente_id: patient.id,
        tipo_sesion: 'psicoterapia',
        notas: 'Notas iniciales',
        temas_importantes: 'Sueño',
      });
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}`);
      const info = page.getByTestId('patient-info');
      await info.getByRole('button', { name: 'Editar' }).click();
      const form = page.getByTestId('patient-record-form');
      await form.getByLabel('Plan de tratamiento').fill('Un plan a medio escribir');

      // Another page: the question, in Spanish; the safe answer has the focus.
      await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).first().click();
      const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
      await expect(ask).toContainText('Los cambios que no has guardado se perderán.');
      await expect(ask.getByRole('button', { name: 'Seguir editando' })).toBeFocused();
      await expectAccessible(page, `unsaved changes question (${device})`);
      await snap(page, `unsaved-changes-${device}`, { fullPage: false });
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}$`));
      await expect(form.getByLabel('Plan de tratamiento')).toHaveValue('Un plan a medio escribir');

      // The tab (closing it): the browser's own question; staying keeps the page and the text.
      const tabQuestion = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const question = await tabQuestion;
      expect(question.type()).toBe('beforeunload');
      await question.dismiss();
      expect(page.isClosed()).toBe(false);
      await expect(form.getByLabel('Plan de tratamiento')).toHaveValue('Un plan a medio escribir');

      await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).first().click();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
      expect((await server.get(`/pacientes/${patient.id}`)).plan_tratamiento).toBeNull();

      // A dialog: Escape asks too; leaving keeps the session as it was.
      await page.goto(`/dashboard/terapeuta/pacientes/${patient.id}/sesiones`);
      await page.getByRole('button', { name: 'Editar sesión 1' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar sesión #1' });
      await edit.getByLabel(/^Notas/).fill('Notas que no se guardan');
      await page.keyboard.press('Escape');
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await expect(edit.getByLabel(/^Notas/)).toHaveValue('Notas que no se guardan');
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await expect(edit).toBeHidden();
      const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
      expect((await server.get(`/sesiones/${listed.id}`)).notas).toBe('Notas iniciales');
    });
  });
}
