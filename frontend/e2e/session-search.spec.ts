import { expect, test, type Page } from '@playwright/test';
import { DEMO_PATIENT, expectAccessible, expectFitsWidth, signInAsTherapist, snap, therapistToken, VIEWPORTS } from './helpers';

/**
 * Search across the practice's sessions in the browser, on the demo practice: from the top bar (a magnifier on a
 * phone) to the results page, and inside a patient's sessions tab; accents and word forms as people type them; a
 * result in the transcript opens its session at that turn, the video there.
 */
/** The demo video's transcript: the therapist proposes the breathing exercise at 18.32 s. */
const BREATHING_TURN = { start: 18.32, time: '00:18', text: 'Vamos a probar un ejercicio de respiración' };

async function openSearchPage(page: Page, name: string) {
  if (name === 'desktop') {
    const field = page.getByRole('search').getByRole('searchbox', { name: 'Buscar en sesiones' });
    await field.fill('ejercicio respiracion');
    await field.press('Enter');
  } else {
    await page.getByRole('link', { name: 'Buscar en sesiones' }).click();
    await page.getByRole('main').getByRole('searchbox', { name: 'Buscar en sesiones' }).fill('ejercicio respiracion');
  }
  await expect(page).toHaveURL(/\/dashboard\/terapeuta\/busqueda\?q=ejercicio(\+|%20)respiracion$/);
}

/** Each session once, its results together, the transcript's (if any) first. */
async function expectGroupedBySession(page: Page) {
  const groups = page.getByTestId('search-group');
  const titles = await groups.getByTestId('search-group-title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(new Set(titles).size).toBe(titles.length);
  for (const group of await groups.all()) {
    const fields = await group.getByTestId('search-result').locator('.MuiChip-label').allTextContents();
    const transcript = fields.indexOf('Transcripción');
    expect(transcript === -1 || transcript === 0, fields.join(', ')).toBe(true);
    expect(new Set(fields).size).toBe(fields.length);
  }
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`session search (${name})`, () => {
    test.use({ viewport });

    test('from the top bar: results across patients, one opens its session at the transcript turn', async ({ page }) => {
      await signInAsTherapist(page);
      await openSearchPage(page, name);
      await expect(page.getByRole('heading', { level: 1, name: 'Buscar en sesiones' })).toBeVisible();
      const results = page.getByTestId('search-result');
      await expect(results.first()).toBeVisible();
      await expectGroupedBySession(page);
      // The demo video's transcript: without accents and in another order than spoken, the turn is found, first in
      // its session's group, under the session's patient.
      const group = page.getByTestId('search-group').filter({ has: results.filter({ hasText: BREATHING_TURN.text }) });
      await expect(group.getByTestId('search-group-title')).toContainText(DEMO_PATIENT.name);
      const inTranscript = group.getByTestId('search-result').first().filter({ hasText: 'Transcripción' });
      await expect(inTranscript).toContainText(BREATHING_TURN.text);
      await expect(inTranscript.first()).toContainText(`en ${BREATHING_TURN.time}`);
      // The words looked for are marked, accents and all.
      await expect(inTranscript.first().locator('mark', { hasText: 'respiración' })).toBeVisible();
      await expectFitsWidth(page);
      await snap(page, `session-search-${name}`);
      await expectAccessible(page, `session search ${name}`);

      await inTranscript.first().click();
      await expect(page).toHaveURL(/\/pacientes\/[^/]+\/sesiones\?sesion=[^&]+&t=18\.32&marcar=ejercicio(\+|%20)respiracion$/);
      const detail = page.getByTestId('session-detail');
      const turn = detail.getByTestId('timeline-turn').filter({ hasText: BREATHING_TURN.text });
      await expect(turn).toHaveAttribute('aria-current', 'true');
      // The words looked for are marked in the turn the result opened, which is in view with the video.
      await expect(turn.locator('mark', { hasText: 'respiración' })).toBeVisible();
      await expect(turn.locator('mark', { hasText: 'ejercicio' })).toBeVisible();
      await expect(turn).toBeInViewport();
      await expect(detail.getByTestId('session-video')).toBeInViewport({ ratio: 1 });
      await snap(page, `session-search-opened-${name}`, { fullPage: false });
      await expect
        .poll(() => detail.getByTestId('session-video').evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeCloseTo(BREATHING_TURN.start, 0);

      // Back: the same search, its results.
      await page.goBack();
      await expect(page.getByRole('main').getByRole('searchbox', { name: 'Buscar en sesiones' })).toHaveValue('ejercicio respiracion');
      await expect(results.first()).toBeVisible();
    });

    test("practice-wide 'ansiedad': one group per session, its transcript hit first", async ({ page }) => {
      await signInAsTherapist(page, '/dashboard/terapeuta/busqueda?q=ansiedad');
      await expect(page.getByTestId('search-result').first()).toBeVisible();
      await expect(page.getByTestId('search-count')).toHaveText(/^\d+ resultados? en \d+ sesi(ón|ones)$/);
      await expectGroupedBySession(page);
      await expectFitsWidth(page);
      await expectAccessible(page, `grouped search results ${name}`);
      await snap(page, `session-search-grouped-${name}`);
    });

    test("in a patient's sessions tab: word forms, a phrase, nothing found", async ({ page, request }) => {
      const token = await therapistToken(request);
      const patients = (await (await request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        id: string;
        nombre: string;
      }[];
      const lucia = patients.find((p) => DEMO_PATIENT.name.startsWith(p.nombre))!;
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${lucia.id}/sesiones`);
      const field = page.getByRole('searchbox', { name: 'Buscar en las sesiones de este paciente' });
      await field.fill('ansiedades');
      const results = page.getByTestId('search-result');
      await expect(results.first()).toBeVisible();
      await expect(results.first().locator('mark').first()).toHaveText(/^ansiedad/i);
      // Only this patient's sessions: no patient's name on each result.
      await expect(results.first()).not.toContainText(DEMO_PATIENT.name);
      await snap(page, `patient-session-search-${name}`);
      await expectAccessible(page, `patient session search ${name}`);

      await field.fill('"me cuesta respirar"');
      await expect(results.filter({ hasText: 'Transcripción' }).first()).toContainText('me cuesta respirar');
      await field.fill('"respirar me cuesta"');
      await expect(page.getByTestId('search-none')).toContainText('Ninguna sesión contiene «"respirar me cuesta"».');
      await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
      await expect(page.getByTestId('session-row').first()).toBeVisible();
    });
  });
}

test.describe('session search (the top bar on a desktop)', () => {
  test.use({ viewport: VIEWPORTS[0].viewport });

  test("on the results page, a search from the top bar replaces the page's, and stays", async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/busqueda?q=ansiedad');
    const onPage = page.getByRole('main').getByRole('searchbox', { name: 'Buscar en sesiones' });
    await expect(onPage).toHaveValue('ansiedad');
    await expect(page.getByTestId('search-result').first()).toBeVisible();
    const topBar = page.getByRole('search').getByRole('searchbox', { name: 'Buscar en sesiones' });
    await topBar.fill('ejercicio respiracion');
    await topBar.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/busqueda\?q=ejercicio(\+|%20)respiracion$/);
    await expect(onPage).toHaveValue('ejercicio respiracion');
    await expect(page.getByTestId('search-result').filter({ hasText: BREATHING_TURN.text }).first()).toBeVisible();
    // Once the page's own box has settled, longer than its typing pause: the new search is still the page's.
    await page.waitForTimeout(1000);
    await expect(onPage).toHaveValue('ejercicio respiracion');
    await expect(page).toHaveURL(/\?q=ejercicio(\+|%20)respiracion$/);
  });
});
