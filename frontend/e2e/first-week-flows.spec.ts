import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createPatientViaApi,
  expectAccessible,
  expectFitsWidth,
  openInApp,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  therapistToken,
  uniquePatient,
} from './helpers';

/**
 * A practice's first week, flows that end where the user expects: the new patient's record one click from their
 * credentials; an open session read at the page's width; on a phone, a compact patient header and a chat input that
 * stays in sight; identical accesses in a row shown once with a count; an exercise of two sources counted once.
 */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

async function therapistHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await therapistToken(request)}` };
}

const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Mensaje para el asistente' });

/** Asks the assistant and waits for the whole answer. */
async function ask(page: Page, question: string) {
  const asked = await page.getByTestId('chat-user-message').count();
  await chatInput(page).fill(question);
  await chatInput(page).press('Enter');
  await expect(page.getByTestId('chat-user-message')).toHaveCount(asked + 1);
  await expect(page.getByRole('log', { name: 'Conversación con el asistente' })).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
}

for (const vp of VIEWPORTS) {
  test.describe(`A practice's first week (${vp.name})`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    test.describe.configure({ timeout: 90_000 });

    test("a new patient's credentials lead on to their record", async ({ page }) => {
      const patient = uniquePatient('Ficha');
      await signInAsTherapist(page);
      await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
      await dialog.getByLabel('Nombre').fill(patient.nombre);
      await dialog.getByLabel('Apellido').fill(patient.apellido);
      await dialog.getByLabel('Correo electrónico').fill(patient.email);
      await dialog.getByLabel('Teléfono').fill('3001234567');
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();

      const credentials = page.getByRole('dialog', { name: 'Credenciales del paciente' });
      await expect(credentials.getByTestId('credentials-password')).toHaveText(/.{8,}/);
      await expect(credentials).toHaveCSS('opacity', '1');
      await expect(credentials.getByRole('button', { name: 'Entendido' })).toBeVisible();
      await expectAccessible(page, `credentials dialog ${vp.name}`);
      await snap(page, `first-week-credentials-${vp.name}`, { fullPage: false });

      await credentials.getByRole('button', { name: 'Abrir ficha del paciente' }).click();
      await expect(credentials).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: `${patient.nombre} ${patient.apellido}` })).toBeVisible();
      await expect(page.getByTestId('patient-info')).toBeVisible();
      await expectAccessible(page, `new patient's record ${vp.name}`);
      await snap(page, `first-week-new-record-${vp.name}`, { fullPage: false });

      // The list behind was read again: the new patient is in it.
      await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).click();
      await page.getByRole('textbox', { name: 'Buscar pacientes por nombre o apellido' }).fill(patient.apellido);
      await expect(page.getByTestId('patient-card')).toHaveCount(1);
    });

    test('an open session takes the width; the list comes back through Volver a la lista or the back button', async ({ page, request }) => {
      const { id } = await createPatientViaApi(request, uniquePatient('Lectura'));
      const headers = await therapistHeaders(request);
      const transcript = Array.from(
        { length: 80 },
        (_, i) => `${i % 2 ? 'Paciente' : 'Terapeuta'}: frase número ${i + 1} de una conversación larga sobre el sueño y el trabajo.`,
      ).join('\n');
      for (const [fecha, notas] of [
        ['2026-11-20T10:00:00Z', 'Primera sesión: motivo de consulta'],
        ['2026-11-27T10:00:00Z', 'Segunda sesión: seguimiento'],
      ]) {
        const res = await request.post('/api/v1/sesiones/', {
          headers,
          data: { paciente_id: id, tipo_sesion: 'psicoterapia', notas, fecha, duracion_minutos: 50, transcripcion: transcript },
        });
        expect(res.status(), await res.text()).toBe(201);
      }

      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/sesiones`);
      const rows = page.getByTestId('session-row');
      await expect(rows).toHaveCount(2);
      await expectAccessible(page, `sessions list ${vp.name}`);
      await snap(page, `first-week-sessions-list-${vp.name}`, { fullPage: false });
      await rows
        .first()
        .getByRole('button', { name: /Sesión 2/ })
        .click();
      const detail = page.getByTestId('session-detail');
      await expect(detail.getByRole('heading', { name: 'Sesión 2' })).toBeFocused();
      await expect(page).toHaveURL(/\/sesiones\?sesion=[0-9a-f-]{36}$/);
      // The list makes room: the session has the tab's whole width.
      await expect(page.getByTestId('session-list')).toHaveCount(0);
      const tab = (await page.getByTestId('patient-tab').boundingBox())!;
      const box = (await detail.boundingBox())!;
      expect(box.width).toBeGreaterThan(tab.width - 2);
      if (!vp.phone) expect(box.width).toBeGreaterThan(640);
      await expect(detail).toContainText('Segunda sesión: seguimiento');
      await expect(detail).toContainText('frase número 80');
      await expect(detail.getByRole('button', { name: 'Editar sesión 2' })).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Eliminar sesión 2' })).toBeVisible();
      await expectFitsWidth(page);
      await expectAccessible(page, `open session ${vp.name}`);
      await snap(page, `first-week-session-detail-${vp.name}`);

      // The previous session in place; the back button still leads to the list.
      await page.getByRole('button', { name: 'Anterior: sesión 1' }).click();
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Anterior', exact: true })).toBeDisabled();
      await page.goBack();
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId('session-detail')).toHaveCount(0);

      // A reload keeps the open session; 'Volver a la lista' returns to the row just read.
      await rows
        .nth(1)
        .getByRole('button', { name: /Sesión 1/ })
        .click();
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await page.reload();
      await expect(detail.getByRole('heading', { name: 'Sesión 1' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Volver a la lista' }).click();
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(1).getByRole('button', { name: /Sesión 1/ })).toBeFocused();
    });

    test("the patient's screen starts with the work: a compact header and a chat input always in sight", async ({ page, request }) => {
      const patient = uniquePatient('Compacta');
      const { id } = await createPatientViaApi(request, patient);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/ai-chat`);
      await expect(chatInput(page)).toBeVisible({ timeout: 30_000 });
      const header = page.getByTestId('patient-header');
      await expect(header.getByRole('heading', { level: 1 })).toHaveText(`${patient.nombre} ${patient.apellido}`);
      await expect(header.getByTestId('therapy-status-badge')).toHaveText('Terapia activa');
      if (vp.phone) {
        // Two lines: the name; status, age and phone.
        expect((await header.boundingBox())!.height).toBeLessThan(96);
        await expect(header.getByTestId('patient-header-facts')).toHaveText('30 años · +57 300 123 4567', { useInnerText: true });
        await expect(chatInput(page)).toBeInViewport({ ratio: 1 });
      } else {
        await expect(header.getByTestId('patient-header-facts')).toHaveText(`${patient.email} · +57 300 123 4567`, { useInnerText: true });
      }
      await snap(page, `first-week-patient-chat-tab-${vp.name}`, { fullPage: false });

      for (const question of ['¿Cómo ha evolucionado?', '¿Qué le propongo para esta semana?', '¿Y sobre el sueño?'])
        await ask(page, question);
      // The greeting and three answers.
      await expect(page.getByTestId('chat-assistant-message')).toHaveCount(4);
      if (vp.phone) {
        // The conversation is longer than the screen; the input is still at its bottom, the newest answer above it.
        expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
        await expect(chatInput(page)).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('chat-assistant-message').last()).toBeInViewport();
        await page.evaluate(() => window.scrollBy(0, -300));
        await expect(chatInput(page)).toBeInViewport({ ratio: 1 });
      }
      await expectFitsWidth(page);
      await expectAccessible(page, `patient AI chat tab ${vp.name}`);
      await snap(page, `first-week-patient-chat-tab-conversation-${vp.name}`, { fullPage: false });
    });

    test("the patient's own assistant keeps its input in sight", async ({ page, request }) => {
      const patient = await patientReadyToSignIn(request, 'Charla');
      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/, { timeout: 30_000 });
      await openInApp(page, '/dashboard/paciente/chat-ia');
      await expect(page.getByRole('heading', { level: 1, name: 'Chat con Asistente IA' })).toBeVisible({ timeout: 30_000 });
      if (vp.phone) await expect(chatInput(page)).toBeInViewport({ ratio: 1 });
      await snap(page, `first-week-patient-chat-${vp.name}`, { fullPage: false });
      for (const question of ['¿De qué hablamos?', '¿Qué ejercicio me conviene?', '¿Cómo voy?']) await ask(page, question);
      if (vp.phone) {
        await expect(chatInput(page)).toBeInViewport({ ratio: 1 });
        await expect(page.getByTestId('chat-assistant-message').last()).toBeInViewport();
      }
      await expectFitsWidth(page);
      await expectAccessible(page, `patient chat ${vp.name}`);
      await snap(page, `first-week-patient-chat-conversation-${vp.name}`, { fullPage: false });
    });

    test('one visit is one row that unfolds into what was read and done', async ({ page, request }) => {
      const { id } = await createPatientViaApi(request, uniquePatient('Accesos'));
      const headers = await therapistHeaders(request);
      // The record and its sessions read in turn, as a visit does.
      for (let i = 0; i < 3; i++) {
        expect((await request.get(`/api/v1/pacientes/${id}`, { headers })).status()).toBe(200);
        expect((await request.get(`/api/v1/sesiones/paciente/${id}`, { headers })).status()).toBe(200);
      }

      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/historial-accesos`);
      const tab = page.getByTestId('access-history-tab');
      const row = tab.getByTestId('access-row').filter({ hasText: 'Lectura · Sesión (3)' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(/Visita · \d+ accesos/);
      await expect(row.getByTestId('access-row-contents')).toContainText('Lectura · Ficha del paciente');
      await expect(tab).toContainText('La exportación incluye todos.');
      const show = row.getByRole('button', { name: /^Ver los \d+ accesos$/ });
      const n = Number((await show.textContent())?.match(/\d+/)?.[0]);
      expect(n).toBeGreaterThanOrEqual(6);
      await show.click();
      const times = row.getByRole('list', { name: `Los ${n} accesos de esta visita` }).getByRole('listitem');
      await expect(times).toHaveCount(n);
      await expect(times.filter({ hasText: /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · Lectura · Sesión$/ })).toHaveCount(3);
      await expect(row.getByRole('button', { name: `Ocultar los ${n} accesos` })).toHaveAttribute('aria-expanded', 'true');
      await expectFitsWidth(page);
      await expectAccessible(page, `access history grouped ${vp.name}`);
      await snap(page, `first-week-access-history-${vp.name}`, { fullPage: false });
      await row.getByRole('button', { name: `Ocultar los ${n} accesos` }).click();
      await expect(times).toHaveCount(0);
    });

    test('an exercise assigned alone and through a module counts once under Todos (therapist)', async ({ page, request }) => {
      const { id, suffix } = await exerciseOfTwoSources(request);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/ejercicios`);
      const filter = page.getByRole('group', { name: 'Filtrar por origen' });
      await expect(filter.getByRole('button')).toHaveText(['Todos (2 ejercicios)', 'Individuales (1)', 'De módulos (2)']);
      await expect(page.getByTestId('source-filter-note')).toHaveText(
        '1 ejercicio está asignado por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».',
      );
      await expect(page.getByRole('list', { name: 'Ejercicios asignados' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText(`Respiración ${suffix}`)).toHaveCount(1);
      await expectFitsWidth(page);
      await expectAccessible(page, `patient exercises ${vp.name}`);
      await snap(page, `first-week-exercises-${vp.name}`, { fullPage: false });

      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/progreso`);
      await expect(page.getByTestId('by-source-overlap')).toHaveText(
        '1 ejercicio es individual y también de un módulo: cuenta en las dos barras y una sola vez en el total.',
      );
      const detail = page.getByRole('region', { name: 'Detalle de ejercicios' });
      await expect(detail.getByRole('group', { name: 'Filtrar por origen' }).getByRole('button')).toHaveText([
        'Todos (2 ejercicios)',
        'Individuales (1)',
        'De módulos (2)',
      ]);
      await expectAccessible(page, `patient progress ${vp.name}`);
    });

    test('an exercise assigned alone and through a module counts once under Todos (patient)', async ({ page, request }) => {
      const { email, password } = await exerciseOfTwoSources(request);
      await signInAsPatient(page, { email, password });
      await expect(page).toHaveURL(/\/dashboard\/paciente$/, { timeout: 30_000 });
      await openInApp(page, '/dashboard/paciente/ejercicios');
      await expect(page.getByRole('tab', { name: 'Ejercicios (2)' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('group', { name: 'Mostrar' }).getByRole('button')).toHaveText([
        'Todos (2 ejercicios)',
        'Individuales (1)',
        'De módulos (2)',
      ]);
      await expect(page.getByTestId('source-filter-note')).toHaveText(
        '1 ejercicio te llega por separado y también dentro de un módulo: aparece en los dos filtros y cuenta una sola vez en «Todos».',
      );
      await expectFitsWidth(page);
      await expectAccessible(page, `my exercises ${vp.name}`);
      await snap(page, `first-week-my-exercises-${vp.name}`, { fullPage: false });
    });
  });
}

/** A signed-in-ready patient with two exercises: one in a module only, one in the module and assigned alone too. */
async function exerciseOfTwoSources(request: APIRequestContext) {
  const patient = await patientReadyToSignIn(request, 'Ejercicios');
  const headers = await therapistHeaders(request);
  const suffix = patient.apellido;
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/v1${path}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const both = await post('/ejercicios/', { titulo: `Respiración ${suffix}` });
  const moduleOnly = await post('/ejercicios/', { titulo: `Caminar ${suffix}` });
  const module = await post('/modulos/', { titulo: `Calma ${suffix}` });
  for (const e of [both, moduleOnly]) await post('/modulo-ejercicios/', { modulo_id: module.id, ejercicio_id: e.id });
  await post('/paciente-modulos/', { paciente_id: patient.id, modulo_id: module.id });
  await post('/paciente-ejercicios/', { paciente_id: patient.id, ejercicio_id: both.id });
  return { ...patient, suffix };
}
