import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
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
  VIEWPORTS,
} from './helpers';

/** The therapist's API, for what the test sets up or checks behind the screen. */
async function api(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  const json = async (res: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(res.ok(), await res.text()).toBeTruthy();
    return res.json();
  };
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked with toMatchObject
    get: async (path: string): Promise<any> => json(await request.get(`/api/v1${path}`, { headers })),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers checked with toMatchObject
    post: async (path: string, data: object): Promise<any> => json(await request.post(`/api/v1${path}`, { headers, data })),
  };
}

const panel = (page: Page) => ({
  drafts: page.getByRole('region', { name: 'Sesiones en Procesamiento' }),
  editor: page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ }),
  status: page.getByTestId('draft-save-status'),
});

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`new session (${device})`, () => {
    test.use({ viewport });

    test('a psychotherapy session is auto-saved as a draft, survives reloads, and is saved as session 1', async ({ page, request }) => {
      test.setTimeout(90_000);
      const server = await api(request);
      const patient = await createPatientViaApi(request, uniquePatient('Sesion'));
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const { drafts, editor, status } = panel(page);
      await expect(editor.getByLabel('Número de sesión')).toHaveValue('1');
      // A new patient has no drafts: no empty card for them.
      await expect(drafts).toHaveCount(0);
      await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeDisabled();

      await editor.getByLabel('Título del borrador').fill('Primera consulta');
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
      const item = drafts.getByRole('button', { name: /^Primera consulta/ });
      await expect(item).toContainText('Psicoterapia');
      await expect(item).toContainText('Borrador guardado');
      await expect(item).toContainText(/#[0-9a-f]{8}/);
      await expect(editor.getByRole('heading', { name: /^Borrador #[0-9a-f]{8}$/ })).toBeVisible();

      // What the patient will see and what stays private (the patient area's allow-list).
      await expect(editor.getByLabel(/^Notas/)).toHaveAccessibleDescription('Privado: solo para ti');
      await expect(editor.getByLabel(/^Temas importantes/)).toHaveAccessibleDescription('Visible para el paciente');
      await expect(editor.getByTestId('audience-notas')).toBeVisible();
      await expect(editor.getByTestId('audience-temas_importantes')).toBeVisible();
      await expect(editor.getByTestId('audience-basics')).toContainText('Visible para el paciente: la fecha');
      await expectAccessible(page, `new session with its audience marks (${device})`);
      await editor.getByLabel(/^Notas/).fill('Habló de su semana en el trabajo');
      await expect(status).toHaveText(/^Borrador guardado \d\d:\d\d$/);
      const [saved] = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
      expect(saved).toMatchObject({ titulo: 'Primera consulta', tipo_sesion: 'psicoterapia', notas: 'Habló de su semana en el trabajo' });
      await snap(page, `new-session-draft-${device}`);

      // Reload: the draft is listed; opening it brings back every field.
      await page.reload();
      await expect(editor.getByRole('heading', { name: 'Nueva sesión' })).toBeVisible();
      await item.click();
      await expect(editor.getByLabel(/^Notas/)).toHaveValue('Habló de su semana en el trabajo');
      await expect(editor.getByLabel('Título del borrador')).toHaveValue('Primera consulta');
      await expect(editor.getByRole('combobox', { name: /Tipo de sesión/ })).toHaveText('Psicoterapia');

      // Typed and reloaded at once, before the debounce: the words leave with the page.
      await editor.getByLabel(/^Temas importantes/).fill('Duelo por su padre');
      await page.reload();
      await item.click();
      await expect(editor.getByLabel(/^Temas importantes/)).toHaveValue('Duelo por su padre');
      await expect(editor.getByLabel(/^Notas/)).toHaveValue('Habló de su semana en el trabajo');

      await editor.getByLabel('Duración (min)').fill('50');
      await choose(page, editor.getByRole('combobox', { name: /Número de voces/ }), '5+');
      // The transcript is part of the work's order, under 'Transcripción y análisis IA' (no tabs in new session).
      await expect(editor.getByRole('textbox', { name: 'Transcripción' })).toHaveAccessibleDescription('Visible para el paciente');
      await editor.getByRole('textbox', { name: 'Transcripción' }).fill('Terapeuta: ¿Cómo ha ido la semana?');
      await snap(page, `new-session-transcript-${device}`);
      await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
      await expect(toast(page, 'Sesión guardada')).toBeVisible();

      // It ends on the saved session: its detail, open in the patient's sessions.
      const sessions = await server.get(`/sesiones/paciente/${patient.id}`);
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/sesiones\\?sesion=${sessions[0].id}$`));
      const detail = page.getByTestId('session-detail');
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expect(detail).toContainText('Habló de su semana en el trabajo');
      await expect(detail).toBeInViewport();
      await page.goto(`/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      await expect(editor.getByLabel('Número de sesión')).toHaveValue('2');
      await expect(drafts).toHaveCount(0);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]).toMatchObject({ numero_sesion: 1, tiene_transcripcion: true });
      expect(await server.get(`/sesiones/${sessions[0].id}`)).toMatchObject({
        numero_sesion: 1,
        tipo_sesion: 'psicoterapia',
        notas: 'Habló de su semana en el trabajo',
        temas_importantes: 'Duelo por su padre',
        duracion_minutos: 50,
        num_voces: 32,
        transcripcion: 'Terapeuta: ¿Cómo ha ido la semana?',
      });
      expect(await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`)).toEqual([]);
    });

    test('a custom-type session asks for its required fields by name', async ({ page, request }) => {
      const server = await api(request);
      const patient = await createPatientViaApi(request, uniquePatient('Custom'));
      const typeName = `Evaluación ${Date.now().toString(36)}`;
      const type = await server.post('/tipos-sesion/', {
        nombre: typeName,
        valor: 80,
        campos: [
          { nombre: 'Nivel de ansiedad', tipo: 'number', requerido: true },
          { nombre: 'Técnica', tipo: 'select', requerido: false, opciones: ['EMDR', 'TCC'] },
        ],
      });
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const { drafts, editor } = panel(page);
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), typeName);
      await expect(drafts.getByRole('button', { name: /^Borrador sin título/ })).toContainText(typeName);
      await expect(editor.locator('label', { hasText: 'Nivel de ansiedad' })).toContainText('*');
      // The custom fields are what the patient reads as 'Campos Específicos'.
      await expect(editor.getByTestId('audience-campos_datos')).toHaveText('Visible para el paciente');
      await expect(editor.getByLabel(/^Nivel de ansiedad/)).toHaveAccessibleDescription(/Visible para el paciente$/);
      // The optional field's label has no asterisk (the label of a required one reads 'Técnica *').
      await expect(editor.getByText('Técnica', { exact: true }).first()).toBeVisible();

      await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
      // Marked where it is, focused, and said beside the button.
      await expect(editor.getByLabel(/^Nivel de ansiedad/)).toHaveAttribute('aria-invalid', 'true');
      await expect(editor.getByLabel(/^Nivel de ansiedad/)).toBeFocused();
      await expect(editor.getByText('Por favor, completa el campo: Nivel de ansiedad')).toBeVisible();
      await expect(editor.getByTestId('form-problems')).toHaveText('Falta: Nivel de ansiedad.');
      await snap(page, `new-session-custom-${device}`, { fullPage: false });

      await editor.getByLabel(/^Nivel de ansiedad/).fill('7,5');
      await choose(page, editor.getByRole('combobox', { name: /Técnica/ }), 'EMDR');
      await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
      await expect(toast(page, 'Sesión guardada')).toBeVisible();
      await expect(page.getByTestId('session-detail').getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      expect(await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`)).toEqual([]);

      const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
      expect(await server.get(`/sesiones/${listed.id}`)).toMatchObject({
        numero_sesion: 1,
        tipo_sesion_id: type.id,
        personalizada: true,
        campos_datos: { 'Nivel de ansiedad': 7.5, Técnica: 'EMDR' },
      });
    });

    test("the practice-wide page lists a patient's drafts whole and readable, the last one included", async ({ page, request }) => {
      const server = await api(request);
      const person = uniquePatient('Varios');
      const patient = await createPatientViaApi(request, person);
      const titles = ['Lunes: primera entrevista', 'Martes: seguimiento', 'Miércoles: duelo', 'Jueves: cierre del mes'];
      for (const titulo of titles)
        await server.post('/sesiones-asincronas/drafts', { paciente_id: patient.id, tipo_sesion: 'psicoterapia', titulo });
      await signInAsTherapist(page, '/dashboard/terapeuta/nueva-sesion');
      const picker = page.getByRole('combobox', { name: /Paciente/ });
      await picker.fill(person.apellido);
      await page.getByRole('option', { name: new RegExp(person.apellido) }).click();
      const { drafts } = panel(page);
      const items = drafts.getByRole('list', { name: 'Borradores' }).getByRole('button', { name: /^(Lunes|Martes|Miércoles|Jueves):/ });
      await expect(items).toHaveCount(titles.length);
      // One scroll, the page's: the list is no box of its own that cuts its last draft.
      const list = drafts.getByRole('list', { name: 'Borradores' });
      expect(await list.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
      const last = items.last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport({ ratio: 1 });
      await expect(last).toContainText(titles[0]);
      // Readable: the column is wide enough for a title on a line or two.
      const width = (await drafts.boundingBox())!.width;
      expect(width).toBeGreaterThanOrEqual(device === 'desktop' ? 300 : 340);
      await expectFitsWidth(page);
      await expectAccessible(page, `the practice-wide drafts list (${device})`);
      await snap(page, `new-session-drafts-list-${device}`);
    });

    test('the practice-wide page keeps the fields closed until a patient is chosen, and ends on the saved session', async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const server = await api(request);
      const person = uniquePatient('Suelta');
      const patient = await createPatientViaApi(request, person);
      await signInAsTherapist(page, '/dashboard/terapeuta/nueva-sesion');
      const { drafts, editor } = panel(page);
      // No drafts card before a patient is chosen: nothing to list.
      await expect(drafts).toHaveCount(0);
      // Nothing can be typed that would have nowhere to be saved, and the form says why.
      await expect(editor.getByTestId('choose-patient-first')).toContainText('Elige primero el paciente');
      await expect(editor.getByLabel('Título del borrador')).toBeDisabled();
      await expect(editor.getByRole('combobox', { name: /Tipo de sesión/ })).toHaveAttribute('aria-disabled', 'true');
      await expect(editor.getByRole('textbox', { name: 'Transcripción' })).toBeDisabled();
      await expect(editor.getByRole('button', { name: 'Guardar Sesión' })).toBeDisabled();
      await expectAccessible(page, `new session before a patient is chosen (${device})`);
      await snap(page, `new-session-choose-patient-${device}`);

      const picker = page.getByRole('combobox', { name: /Paciente/ });
      await picker.fill(person.apellido);
      await page.getByRole('option', { name: new RegExp(person.apellido) }).click();
      await expect(editor.getByTestId('choose-patient-first')).toBeHidden();
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicodélica');
      await expect(drafts.getByRole('button', { name: /^Borrador sin título/ })).toContainText('Psicodélica');
      await editor.getByLabel(/^Intención/).fill('Soltar el control');
      await editor.getByLabel(/^Tipo de medicina/).fill('Psilocibina');
      await editor.getByLabel('Cantidad').fill('1,5');
      await editor.getByLabel(/^Observaciones/).fill('Sesión tranquila');
      await snap(page, `new-session-standalone-${device}`);
      await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
      await expect(toast(page, 'Sesión guardada')).toBeVisible();

      const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/sesiones\\?sesion=${listed.id}$`));
      await expect(page.getByTestId('session-detail').getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      expect(await server.get(`/sesiones/${listed.id}`)).toMatchObject({
        numero_sesion: 1,
        tipo_sesion: 'psicodelica',
        intencion: 'Soltar el control',
        tipo_medicina: 'Psilocibina',
        cantidad: 1.5,
        observaciones: 'Sesión tranquila',
      });
      await expectAccessible(page, `saved session detail (${device})`);
    });

    test('switching drafts saves the current one first; a draft is deleted after a confirmation', async ({ page, request }) => {
      const server = await api(request);
      const patient = await createPatientViaApi(request, uniquePatient('Borradores'));
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const { drafts, editor } = panel(page);
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
      await expect(drafts.getByRole('button', { name: /^Borrador sin título/ })).toBeVisible();
      await editor.getByLabel('Título del borrador').fill('Borrador A');
      await editor.getByLabel(/^Notas/).fill('Texto de A');
      // 'Nueva' right away, before the debounce: A is saved first.
      await drafts.getByRole('button', { name: 'Nueva' }).click();
      await expect(editor.getByRole('heading', { name: 'Nueva sesión' })).toBeVisible();
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicodélica');
      await editor.getByLabel('Título del borrador').fill('Borrador B');
      await editor.getByLabel(/^Intención/).fill('Intención de B');

      await drafts.getByRole('button', { name: /^Borrador A/ }).click();
      await expect(editor.getByLabel(/^Notas/)).toHaveValue('Texto de A');
      await drafts.getByRole('button', { name: /^Borrador B/ }).click();
      await expect(editor.getByLabel(/^Intención/)).toHaveValue('Intención de B');
      await snap(page, `new-session-two-drafts-${device}`, { fullPage: false });

      await drafts.getByRole('button', { name: /^Eliminar borrador Borrador A/ }).click();
      const confirm = page.getByRole('dialog', { name: '¿Eliminar borrador?' });
      await expect(confirm).toContainText('Borrador A');
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await expect(toast(page, 'Borrador eliminado')).toBeVisible();
      await expect(drafts.getByRole('button', { name: /^Borrador A/ })).toHaveCount(0);
      await expect(editor.getByLabel(/^Intención/)).toHaveValue('Intención de B');

      const left = await server.get(`/sesiones-asincronas/drafts/paciente/${patient.id}`);
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ titulo: 'Borrador B', tipo_sesion: 'psicodelica', intencion: 'Intención de B' });
    });

    test('a saved session is edited in its dialog', async ({ page, request }) => {
      const server = await api(request);
      const patient = await createPatientViaApi(request, uniquePatient('Editar'));
      await server.post('/sesiones/', {
        paciente_id: patient.id,
        tipo_sesion: 'psicoterapia',
        notas: 'Notas iniciales',
        temas_importantes: 'Ansiedad',
        duracion_minutos: 45,
      });
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/sesiones`);
      await page.getByRole('button', { name: 'Editar sesión 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar sesión #1' });
      await expect(dialog.getByLabel(/^Notas/)).toHaveValue('Notas iniciales');
      await expect(dialog.getByLabel('Número de sesión')).toHaveValue('1');
      await dialog.getByLabel(/^Notas/).fill('Notas corregidas tras la supervisión');
      await snap(page, `edit-session-${device}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(toast(page, 'Sesión actualizada')).toBeVisible();
      await expect(dialog).toBeHidden();

      const [listed] = await server.get(`/sesiones/paciente/${patient.id}`);
      expect(await server.get(`/sesiones/${listed.id}`)).toMatchObject({
        numero_sesion: 1,
        notas: 'Notas corregidas tras la supervisión',
        temas_importantes: 'Ansiedad',
        duracion_minutos: 45,
      });
    });
  });
}
