import { expect, test, type Page } from '@playwright/test';
import { THERAPIST_SECTION_PATHS } from '../src/therapist/sectionPaths';
import { expectAccessible, expectFitsWidth, signInAsTherapist, snap, therapistToken } from './helpers';

/**
 * The first screen of a phone is for content: on every therapist page (every section of the shell's config, and
 * every tab of a patient's detail) the page's content starts in the top third of a 390×844 screen, and the drawer
 * is the one navigation (no header tabs). At 1280 px the header keeps its greeting, date and tabs.
 */
const BASE = '/dashboard/terapeuta';
const TOP_THIRD = 280;

/** Where the page's content starts: the first element after the page's heading (its title block), in px from the top. */
const contentTop = (page: Page) =>
  page
    .locator('h1')
    .first()
    .evaluate((h1) => {
      let el: Element | null = h1;
      while (el && !el.nextElementSibling) el = el.parentElement;
      const next = el?.nextElementSibling;
      return next ? next.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
    });

async function lucia(page: Page): Promise<string> {
  const token = await therapistToken(page.request);
  const patients = (await (await page.request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    id: string;
    nombre: string;
  }[];
  return patients.find((p) => p.nombre === 'Lucía')!.id;
}

test.describe('The first screen of a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });

  test('every therapist page starts its content in the top third, with the drawer as the one navigation', async ({ page }) => {
    await signInAsTherapist(page);
    for (const path of Object.values(THERAPIST_SECTION_PATHS)) {
      await page.goto(`${BASE}/${path}`);
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('tablist', { name: 'Secciones principales' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /menú/i }).first()).toBeVisible();
      const top = await contentTop(page);
      expect(top, `${path}: content starts at ${top} px`).toBeLessThanOrEqual(TOP_THIRD);
    }
    await snap(page, 'phone-first-screen-profile', { fullPage: false });
  });

  test('every tab of a patient starts in the top third under a compact patient header', async ({ page }) => {
    const id = await lucia(page);
    await signInAsTherapist(page, `${BASE}/pacientes/${id}`);
    await expect(page.getByTestId('patient-header')).toBeVisible();
    // The tabs as the page's own config lists them (the links of the section toggle, folded on a phone).
    const nav = page.locator('nav[aria-label="Secciones del paciente"]');
    const tabs = await nav.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(tabs.length).toBeGreaterThanOrEqual(10);
    for (const href of tabs) {
      await page.goto(href);
      await expect(page.getByTestId('patient-header')).toBeVisible({ timeout: 30_000 });
      const header = await page.getByTestId('patient-header').boundingBox();
      expect(header!.height, `${href}: the patient header is compact`).toBeLessThanOrEqual(80);
      const tab = page.getByTestId('patient-tab');
      await expect(tab.locator(':scope > *').first()).toBeVisible({ timeout: 30_000 });
      const top = (await tab.boundingBox())!.y;
      expect(top, `${href}: content starts at ${top} px`).toBeLessThanOrEqual(TOP_THIRD);
    }
    await page.goto(`${BASE}/pacientes/${id}/sesiones`);
    await expect(page.getByTestId('patient-tab').locator(':scope > *').first()).toBeVisible();
    await expectFitsWidth(page);
    await expectAccessible(page, 'patient detail phone');
    await snap(page, 'phone-first-screen-patient', { fullPage: false });
  });
});

test.describe('The desktop header (1280)', () => {
  test('keeps the greeting, the date and the header tabs beside the side menu', async ({ page }) => {
    await signInAsTherapist(page);
    const tabs = page.getByRole('tablist', { name: 'Secciones principales' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('tab')).toHaveText(['Mis Pacientes', 'AI Chat', 'Banco de Ejercicios']);
    await expect(page.getByRole('menuitem', { name: 'Banco de ejercicios' })).toBeVisible();
    await tabs.getByRole('tab', { name: 'Banco de Ejercicios' }).click();
    await expect(page).toHaveURL(/\/ejercicios$/);
    await expectAccessible(page, 'desktop header');
    await snap(page, 'desktop-header', { fullPage: false });
  });
});
