import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  DEMO_PATIENT,
  expectAccessible,
  expectFitsWidth,
  signInAsDemoPatient,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
} from './helpers';

/**
 * A patient's data export (issue 17): the therapist asks for everything held about a demo patient in 'Exportar datos',
 * sees the archive made and downloads a ZIP named after the patient; the patient, on a phone, asks for and downloads
 * their own in 'Mi Perfil'.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** 'Lucía Fernández' → ['lucia', 'fernandez']: how a file name spells a person's name. */
const nameWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);

/** The latest export of the list (the list is the latest first). */
const latest = (page: Page) => page.getByRole('list', { name: 'Exportaciones solicitadas' }).getByRole('listitem').first();

/** Asks for an export and waits until it is ready (the list is read again every 2 s meanwhile). */
async function requestAndWait(page: Page, scope: Locator) {
  const request = scope.getByRole('button', { name: 'Solicitar exportación' });
  await expect(request).toBeEnabled();
  await request.click();
  await expect(toast(page, 'Exportación solicitada: te avisaremos aquí cuando esté lista')).toBeVisible();
  const item = latest(page);
  await expect(item).toContainText(/En cola|Generando|Lista para descargar/);
  await expect(item).toContainText('Lista para descargar', { timeout: 90_000 });
  await expect(scope.getByRole('button', { name: 'Solicitar exportación' })).toBeEnabled();
  await expect(item).toContainText(/\d+(,\d)? (B|KB|MB|GB) · \d+ archivos?/);
  await expect(item).toContainText(/Caduca el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  return item;
}

/** Clicks 'Descargar' and answers the browser's download, checked to be a ZIP (named after `name`, when given). */
async function downloadZip(page: Page, item: Locator, name?: string): Promise<Download> {
  const started = page.waitForEvent('download');
  await item.getByRole('button', { name: /^Descargar/ }).click();
  const download = await started;
  const filename = download.suggestedFilename();
  expect(filename).toMatch(/\.zip$/);
  const plain = nameWords(filename.replace(/[-_.]+/g, ' ')).join(' ');
  for (const word of name ? nameWords(name) : []) expect(plain, `${filename} names ${name}`).toContain(word);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.length).toBeGreaterThan(100);
  await expect(toast(page, 'Descarga iniciada')).toBeVisible();
  return download;
}

test.describe('Data export (issue 17)', () => {
  // The archive of a demo patient holds session videos: it takes a while on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test("the therapist asks for a demo patient's archive in 'Exportar datos' and downloads it", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const token = await therapistToken(request);
    const patients = (await (await request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      id: string;
      nombre: string;
      apellido: string;
    }[];
    const lucia = patients.find((p) => `${p.nombre} ${p.apellido}` === DEMO_PATIENT.name)!;
    await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${lucia.id}`);
    await page
      .getByRole('navigation', { name: 'Secciones del paciente' })
      .getByRole('link', { name: 'Exportar datos', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pacientes/${lucia.id}/exportacion$`));
    const tab = page.getByTestId('export-tab');
    await expect(tab.getByRole('heading', { level: 2, name: 'Exportar datos' })).toBeVisible();
    await expect(tab).toContainText('sesiones con transcripciones y análisis, borradores');
    await expect(tab.getByRole('heading', { level: 3, name: 'Exportaciones solicitadas' })).toBeVisible();

    const item = await requestAndWait(page, tab);
    await expectAccessible(page, 'exportar datos');
    await snap(page, 'export-therapist-desktop');
    await downloadZip(page, item, DEMO_PATIENT.name);

    // The same tab on a phone: nothing wider than the screen. (Loaded again at that width: the shell's side menu, open
    // at a desktop's width, would become an open drawer over the page when the window narrows.)
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect(latest(page)).toContainText('Lista para descargar');
    await expectFitsWidth(page);
    await expectAccessible(page, 'exportar datos (teléfono)');
    await snap(page, 'export-therapist-phone');
  });

  test("a patient on a phone asks for their own archive in 'Mi Perfil' and downloads it", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAsDemoPatient(page);
    await expect(page).toHaveURL(/\/dashboard\/paciente$/);
    await page.goto('/dashboard/paciente/perfil');
    const card = page.getByRole('region', { name: 'Descargar mis datos' });
    await expect(card).toContainText('tus sesiones tal como las ves');
    await expect(card).not.toContainText('borradores');

    const item = await requestAndWait(page, card);
    await expectFitsWidth(page);
    await expectAccessible(page, 'Mi Perfil con la exportación');
    await snap(page, 'export-patient-phone');
    // 'Mis datos en Consulta - {fecha}.zip': the patient's own archive needs no name of theirs.
    await downloadZip(page, item);

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(latest(page)).toContainText('Lista para descargar');
    await expectAccessible(page, 'Mi Perfil con la exportación (escritorio)');
    await snap(page, 'export-patient-desktop');
  });
});
