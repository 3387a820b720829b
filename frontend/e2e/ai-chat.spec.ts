import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PATIENT, expectAccessible, signInAsDemoPatient, signInAsTherapist, snap, therapistToken, toast, VIEWPORTS } from './helpers';

/**
 * The AI assistants in the browser ('Consultar IA', the patient-detail ai-chat tab, the patient's
 * chat), at 1280 and 390 px, against the AI stand-in (e2e/support/ai-stand-in.ts), which answers from the data the
 * server sent it, word by word: what the page shows is what the server gave the assistant.
 */
const es = (iso: string) =>
  new Date(iso).toLocaleDateString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' });

async function therapistApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  const get = async <T>(path: string) => (await (await request.get(`/api/v1${path}`, { headers })).json()) as T;
  return { get };
}

const input = (page: Page) => page.getByRole('textbox', { name: 'Mensaje para el asistente' });
const lastAnswer = (page: Page) => page.getByTestId('chat-assistant-message').last();

/**
 * Records, inside the page, every text the newest answer shows while it is written (a busy machine may let the
 * test's own polling miss the short moments in between).
 */
async function watchAnswers(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { answerTexts: string[] }).answerTexts = seen;
    new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-testid="chat-assistant-message"]');
      const text = answers[answers.length - 1]?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document.querySelector('[role="log"]')!, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { answerTexts: string[] }).answerTexts);
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await input(page).press('Enter');
  await expect(page.getByTestId('chat-user-message').last()).toContainText(question.split('\n')[0]);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`The therapist's assistants (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('Consultar IA: the data available, an answer written word by word, Shift+Enter, and a failure', async ({ page, request }) => {
      const { get } = await therapistApi(request);
      await signInAsTherapist(page);
      // The header tabs on a desktop; on a phone the drawer is the one navigation.
      if (viewport.width < 600) {
        await page.getByRole('button', { name: /menú/i }).first().click();
        await page.getByRole('menuitem', { name: 'Consultar IA' }).click();
      } else await page.getByRole('tab', { name: 'AI Chat' }).click();
      await expect(page).toHaveURL(/\/dashboard\/terapeuta\/consultar-ia$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Consultar IA' })).toBeVisible({ timeout: 30_000 });

      const { statistics } = await get<{ statistics: Record<string, number> }>('/ai-agent/context');
      const card = page.getByRole('region', { name: 'Datos Disponibles para la IA' });
      for (const [label, value] of [
        ['Pacientes', statistics.total_patients],
        ['Sesiones', statistics.total_sessions],
        ['Ejercicios creados', statistics.exercises_created],
        ['Módulos creados', statistics.modules_created],
      ] as const) {
        await expect(card.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
        await expect(
          card.getByRole('definition').nth(['Pacientes', 'Sesiones', 'Ejercicios creados', 'Módulos creados'].indexOf(label)),
        ).toHaveText(String(value));
      }
      // A 400 px box from 600 px wide; on a phone the conversation is part of the page and the input stays at the bottom.
      if (name === 'desktop') await expect(page.getByTestId('chat-panel')).toHaveCSS('height', '400px');
      else await expect(page.getByTestId('chat-input-bar')).toHaveCSS('position', 'sticky');
      await expect(page.getByText(/¡Hola, Dra\. Ana Martínez! Soy tu asistente de IA/)).toBeVisible();

      const answerTexts = await watchAnswers(page);
      // Shift+Enter adds a line; nothing is sent.
      await input(page).fill('¿Qué pacientes tienen cita');
      await input(page).press('Shift+Enter');
      await input(page).pressSequentially('esta semana?');
      await expect(input(page)).toHaveValue('¿Qué pacientes tienen cita\nesta semana?');
      await expect(page.getByTestId('chat-user-message')).toHaveCount(0);
      await input(page).press('Enter');
      await expect(page.getByTestId('chat-user-message')).toHaveText(/¿Qué pacientes tienen cita\s*esta semana\?/);
      await expect(input(page)).toHaveValue('');
      await expect(lastAnswer(page)).toContainText('te sugiero revisar primero a quienes tienen una cita próxima.', { timeout: 30_000 });
      // It arrived in pieces: first the waiting line, then more and more words (a busy browser paints several
      // pieces at once, so only a few distinct states are required).
      const shown = (await answerTexts()).filter((t) => t.includes('Tienes'));
      expect((await answerTexts()).some((t) => t.includes('El asistente está escribiendo…'))).toBe(true);
      expect(shown.length).toBeGreaterThan(2);
      expect(shown[0].length).toBeLessThan(shown.at(-1)!.length / 2);
      await expect(lastAnswer(page).locator('strong').first()).toHaveText(`${statistics.total_patients} pacientes`);
      await snap(page, `ai-consultar-${name}`);
      await expectAccessible(page, 'Consultar IA');

      // A blank message is not sent.
      await input(page).fill('   ');
      await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
      await input(page).press('Enter');
      await expect(page.getByTestId('chat-user-message')).toHaveCount(1);

      await ask(page, '[fallo] ¿Y esto?');
      await expect(toast(page, 'Error al consultar la IA')).toBeVisible();
      await expect(lastAnswer(page)).toHaveText(/Lo siento, hubo un error al procesar tu consulta\. Por favor, intenta nuevamente\./);
      await snap(page, `ai-consultar-failure-${name}`);
    });

    test('the AI Chat tab of one patient answers about her, citing the sessions it drew on', async ({ page, request }) => {
      const { get } = await therapistApi(request);
      const patients = await get<{ id: string; nombre: string; apellido: string }[]>('/pacientes/');
      const lucia = patients.find((p) => p.nombre === 'Lucía')!;
      const sessions = await get<{ numero_sesion: number; fecha: string }[]>(`/sesiones/paciente/${lucia.id}`);
      const latest = [...sessions].sort((a, b) => b.fecha.localeCompare(a.fecha))[0];
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${lucia.id}/ai-chat`);
      await expect(page.getByRole('heading', { name: `Asistente IA · ${lucia.nombre} ${lucia.apellido}` })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Pregúntame lo que necesites sobre Lucía')).toBeVisible();

      await ask(page, '¿Cómo ha evolucionado Lucía?');
      // The assistant cites the date as the server wrote it (the practice's zone, TZ).
      await expect(lastAnswer(page).getByText(new RegExp(`^Sesión ${latest.numero_sesion} \\(\\d{2}/\\d{2}/\\d{4}\\)$`))).toBeVisible();
      await expect(lastAnswer(page).getByRole('list')).toBeVisible();
      await expect(lastAnswer(page).getByTestId('chat-sources')).toContainText(
        `Sesiones consultadas: nº ${latest.numero_sesion} (${es(latest.fecha)})`,
      );
      await snap(page, `ai-patient-tab-${name}`);
      await expectAccessible(page, 'patient AI chat tab');
    });
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`The patient's assistant (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('Chat con Asistente IA: her own data, the badges and notice, and a question about her last session', async ({ page, request }) => {
      const login = await request.post('/api/v1/auth/demo-login', { data: { email: DEMO_PATIENT.email } });
      const headers = { Authorization: `Bearer ${(await login.json()).access_token}` };
      const { statistics } = (await (await request.get('/api/v1/ai-agent/patient-context', { headers })).json()) as {
        statistics: Record<string, number>;
      };
      const { get } = await therapistApi(request);
      const lucia = (await get<{ id: string; nombre: string }[]>('/pacientes/')).find((p) => p.nombre === 'Lucía')!;
      const latest = (await get<{ numero_sesion: number; fecha: string }[]>(`/sesiones/paciente/${lucia.id}`)).sort((a, b) =>
        b.fecha.localeCompare(a.fecha),
      )[0];

      await signInAsDemoPatient(page);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/, { timeout: 30_000 });
      await page
        .getByRole('link', { name: /Chat con IA/ })
        .filter({ visible: true })
        .first()
        .click();
      await expect(page).toHaveURL(/\/dashboard\/paciente\/chat-ia$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Chat con Asistente IA' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Asistente Activo')).toBeVisible();
      await expect(page.getByText('Solo tu información personal')).toBeVisible();
      const card = page.getByRole('region', { name: 'Tu información disponible' });
      await expect(card.getByRole('definition')).toHaveText([
        String(statistics.total_sessions),
        String(statistics.sessions_with_transcript),
        String(statistics.sessions_with_analysis),
      ]);
      await expect(page.getByText(/¡Hola, Lucía! Soy tu asistente de IA/)).toBeVisible();
      await expect(page.getByTestId('privacy-notice')).toContainText('No tiene acceso a las notas privadas de tu terapeuta');

      await ask(page, '¿De qué hablamos en mi última sesión?');
      await expect(lastAnswer(page).getByText(new RegExp(`^Sesión ${latest.numero_sesion} \\(\\d{2}/\\d{2}/\\d{4}\\)$`))).toBeVisible();
      await expect(lastAnswer(page)).toContainText('¿Quieres que repasemos algún ejercicio?');
      await expect(lastAnswer(page).getByTestId('chat-sources')).toContainText(`nº ${latest.numero_sesion} (${es(latest.fecha)})`);
      await snap(page, `ai-patient-chat-${name}`);
      await expectAccessible(page, 'patient AI chat');
    });
  });
}
