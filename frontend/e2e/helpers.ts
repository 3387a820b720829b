import type { AxeResults, RunOptions } from 'axe-core';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { STORAGE_KEYS } from '@consulta/shared';

export const THERAPIST = { email: 'ana.martinez@demo.consulta.es', name: 'Dra. Ana Martínez' };
export const DEMO_PATIENT = { email: 'lucia.fernandez@demo.consulta.es', name: 'Lucía Fernández Ruiz' };

/** The rules the product keeps to: WCAG 2.1 A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
declare global {
  interface Window {
    axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
  }
}

/**
 * axe-core on what the page shows now: no serious or critical violation of WCAG 2.1 A and AA. Run in the page itself,
 * loaded once per document: `@axe-core/playwright` loads it again at every check and finishes each in a new blank
 * page, twice the CPU for the same rules and results on an app without frames (measured: 0.92 against 0.49 CPU-s).
 */
export async function expectAccessible(page: Page, screen: string) {
  // Colours are judged as they end, not halfway through a transition (a button just enabled fades in for 250 ms).
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const serious = await page.evaluate(async (tags) => {
    const { violations } = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
  }, WCAG_TAGS);
  await still.evaluate((style) => (style as Element).remove());
  expect(serious, `${screen}: axe violations`).toEqual([]);
}

/**
 * A control that gets the focus while partly above the window's top ends below the shell's app bar, not under it: the
 * bar slides away on a scroll down and back on any scroll up, over the window's top (WCAG 2.4.11, focus not obscured).
 */
export async function expectFocusBelowAppBar(page: Page, control: Locator) {
  const bar = page.locator('[data-shell-app-bar]');
  // Scrolled down until the control's top is 10 px above the window (the bar slides away), then reached from the
  // next control with Shift+Tab.
  await control.focus();
  await control.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY + 10));
  await expect(bar).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(control).toBeFocused();
  await expect(bar).toBeInViewport({ ratio: 1 });
  const [box, barBox] = [(await control.boundingBox())!, (await bar.boundingBox())!];
  expect(box.y, 'the focused control starts below the app bar').toBeGreaterThanOrEqual(barBox.y + barBox.height);
}

/** Nothing on the screen is wider than the window (no sideways scrolling on a phone). */
export async function expectFitsWidth(page: Page) {
  const { scroll, viewport } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scroll, 'page width').toBeLessThanOrEqual(viewport);
}

/** The two widths every screen is tried at: a laptop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** The demo practice's session video (a few seconds of two speakers), for uploads. */
export const DEMO_VIDEO = path.resolve(__dirname, '../../backend/assets/demo/sesion-demo.mp4');

/** Picks `option` in an MUI select. */
export async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Screenshots for a person to look at, next to the other test artifacts (frontend/test-results/screens). Not taken on
 * CI, where nobody opens them (a failing test still gets its own), unless E2E_SCREENS=1: 162 full-page captures are
 * about a twentieth of the browser suite's CPU.
 */
const SCREENS = !process.env.CI || process.env.E2E_SCREENS === '1';

export async function snap(page: Page, name: string, { fullPage = true } = {}) {
  if (!SCREENS) return;
  // A full-page capture lays the page out at its whole height for a moment. With a text field focused, Chromium then
  // scrolls that field back into view at the next input event (as when a phone's keyboard closes): between the press
  // and the release of the test's next click, which then lands on another element. So the visible part only, then.
  const typing =
    fullPage && (await page.evaluate(() => document.activeElement?.matches('input, textarea, [contenteditable="true"]') ?? false));
  // Animations finished: a toast still sliding in would be caught half transparent.
  await page.screenshot({
    path: path.join(__dirname, '..', 'test-results', 'screens', `${name}.png`),
    fullPage: fullPage && !typing,
    animations: 'disabled',
  });
}

/**
 * While `body` runs the AI stand-in answers transcriptions after 12 s, not 2.5: time enough, on a busy machine, to
 * stop one while it runs. Each holder has its own file, so parallel holders do not release each other.
 */
export async function holdTranscriptions<T>(body: () => Promise<T>): Promise<T> {
  const file = path.join(process.env.E2E_AI_HOLD_DIR!, `${process.pid}-${Date.now()}-${Math.random()}`);
  writeFileSync(file, '');
  try {
    return await body();
  } finally {
    rmSync(file, { force: true });
  }
}

let counter = 0;
/**
 * Unique names and e-mails so parallel tests never collide: a test finds its patient by the last name among every
 * patient the run has made (six letters; three once gave two patients 'Apellidomex' in one run).
 */
export function uniquePatient(prefix = 'Prueba') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const letters = id.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]);
  return {
    nombre: `${prefix} ${letters.slice(-6, -3)}`,
    apellido: `Apellido${letters.slice(-6)}`,
    email: `e2e.${id}@ejemplo.com`,
  };
}

/** A therapist token through the demo sign-in API. */
export async function therapistToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/auth/demo-login', { data: { email: THERAPIST.email } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token as string;
}

/**
 * Uploads the demo video for `patientId`'s sessions as the demo therapist (`token`), through the same calls as the
 * browser (a signed upload URL, then the PUT of the bytes); answers the file key a session's `video_url` takes.
 */
export async function uploadSessionVideo(request: APIRequestContext, token: string, patientId: string): Promise<string> {
  const video = readFileSync(DEMO_VIDEO);
  const res = await request.post('/api/v1/aws-s3/presigned-upload-url', {
    headers: { Authorization: `Bearer ${token}` },
    data: { custom_path: `sesiones/${patientId}`, file_name: 'Sesión 1.mp4', content_type: 'video/mp4', file_size: video.length },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const upload = await res.json();
  const put = await request.put(upload.upload_url, { headers: upload.headers, data: video });
  expect(put.ok(), await put.text()).toBeTruthy();
  return upload.file_key as string;
}

/** Creates a patient through the API, as the demo therapist, with `consents`; answers the temporary password. */
/**
 * Today as the browser's calendar has it (the zone playwright.config.ts gives it), YYYY-MM-DD: what the therapist's
 * form sends. Not the UTC date, which is yesterday's or tomorrow's around midnight in Madrid.
 */
export const browserToday = (now = new Date()): string => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);

export async function createPatientViaApi(
  request: APIRequestContext,
  patient: { nombre: string; apellido: string; email: string },
  consents: readonly string[] = ['grabacion', 'ia'],
) {
  const token = await therapistToken(request);
  const res = await request.post('/api/v1/pacientes/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      ...patient,
      telefono_paciente: '+573001234567',
      edad: 30,
      estado_civil: null,
      profesion_ocupacion: 'Docente',
      nivel_escolaridad: null,
      ha_hecho_terapia: true,
      ha_hecho_psicodelicos: false,
      ha_hecho_constelaciones: null,
      propuesta_terapia: 'Manejo de la ansiedad',
      tipo_servicio: null,
      telefono: '3001234567',
      whatsapp_mensajeria_consentimiento: false,
      fecha_nacimiento: null,
      fecha_ingreso: browserToday(),
      estado_terapia: 'activo',
      notas_terapeuticas: null,
      objetivos_terapia: null,
      plan_tratamiento: null,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  // Recording and AI consents, as a practice records them, so videos, transcription and AI work for this patient.
  for (const tipo of consents) {
    const given = await request.post(`/api/v1/pacientes/consentimientos/${body.patient_id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { tipo, forma: 'escrito' },
    });
    expect(given.status(), await given.text()).toBe(201);
  }
  return { id: body.patient_id as string, temporaryPassword: body.temporary_password as string };
}

/** Signs in with a demo button on /login (therapists: Terapeuta tab). */
export async function demoSignIn(page: Page, who: { name: string }, role: 'terapeuta' | 'paciente') {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  // The demo buttons come with the server's configuration; the tab is chosen once the page has them.
  await expect(page.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible();
  if (role === 'terapeuta') {
    const tab = page.getByRole('tab', { name: 'Terapeuta' });
    await expect(async () => {
      if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click({ timeout: 3000 });
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  }
  await page.getByRole('button', { name: `Entrar como ${who.name}` }).click();
}

/**
 * Opens the demo therapist's patient list (or the page `at`) already signed in: a token from the demo sign-in API,
 * stored as the app stores a session (frontend/src/app/core/session.ts), so the test skips the login page. A fresh
 * token each time (one API call), because a password change elsewhere would end a token kept for the whole run.
 * A test that starts elsewhere names its page: the app then starts once, there, not first at the list.
 */
export async function signInAsTherapist(page: Page, at?: string) {
  await storeSession(page, await therapistToken(page.request));
  if (at) return void (await page.goto(at));
  await page.goto('/dashboard/terapeuta/pacientes');
  await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
  await expect(page.getByText(`Bienvenido, ${THERAPIST.name}`)).toBeVisible();
}

/** Opens the patient area (or `at`) already signed in as `patient` (a password set, none to change), as signInAsTherapist does. */
export async function signInAsPatient(page: Page, patient: { email: string; password: string }, at = '/dashboard/paciente') {
  const res = await page.request.post('/api/v1/auth/login/patient', { data: { email: patient.email, contrasenia: patient.password } });
  expect(res.status(), await res.text()).toBe(200);
  await openSignedIn(page, await res.json(), at);
}

/** Opens the patient area (or `at`) already signed in as the demo practice's patient (DEMO_PATIENT). */
export async function signInAsDemoPatient(page: Page, at = '/dashboard/paciente') {
  const res = await page.request.post('/api/v1/auth/demo-login', { data: { email: DEMO_PATIENT.email } });
  expect(res.status(), await res.text()).toBe(200);
  await openSignedIn(page, await res.json(), at);
}

async function openSignedIn(page: Page, login: { access_token: string; must_change_password: boolean }, home: string) {
  expect(login.must_change_password, 'a password left to change').toBe(false);
  await storeSession(page, login.access_token);
  await page.goto(home);
}

/** Signs in as the demo therapist through the login page, as a person does: for the specs about signing in. */
export async function signInAsTherapistThroughLoginPage(page: Page) {
  await page.goto('/login');
  await demoSignIn(page, THERAPIST, 'terapeuta');
  await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
  await expect(page.getByText(`Bienvenido, ${THERAPIST.name}`)).toBeVisible();
}

/**
 * Puts `token` and its user in the browser's storage under the app's keys, from a page of the app's origin that runs
 * no app code (the public configuration), so the next page the test opens starts signed in.
 */
async function storeSession(page: Page, token: string) {
  const me = await page.request.get('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status(), await me.text()).toBe(200);
  const user = (await me.json()) as { name?: string | null; avatar_url?: string | null };
  await page.goto('/api/v1/config');
  await page.evaluate(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.accessToken, token);
      localStorage.setItem(keys.authUser, JSON.stringify(user));
      localStorage.setItem(keys.userName, user.name ?? '');
      if (user.avatar_url) localStorage.setItem(keys.userPicture, user.avatar_url);
      else localStorage.removeItem(keys.userPicture);
    },
    { keys: STORAGE_KEYS, token, user },
  );
}

export async function passwordLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Contraseña/).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

export const toast = (page: Page, title: string) =>
  // By test id: while a dialog is open, MUI hides the rest of the page (toasts included) from the accessibility tree.
  page.getByTestId('toaster').getByText(title, { exact: true });

/**
 * The newest message to `to` in the embedded server's outbox (DATA_DIR/outbox, where mail goes without
 * SMTP_URL), waiting for it to arrive; answers the first link of its text that contains `path`.
 */
export async function mailedLink(to: string, linkPath: string, timeoutMs = 15_000): Promise<string> {
  return (await mailedLinks(to, linkPath, timeoutMs))[0];
}

/**
 * Every link of the newest message to `to` in the embedded server's outbox that has links containing `path`, in
 * the order the text gives them, waiting for such a message to arrive.
 */
export async function mailedLinks(to: string, linkPath: string, timeoutMs = 15_000): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(path.join(dir, file)));
      const recipients = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(',') : (mail.to?.text ?? '');
      const links = (mail.text ?? '').match(/https?:\/\/\S+/g)?.filter((l) => l.includes(linkPath)) ?? [];
      if (recipients.includes(to) && links.length > 0) return links;
    }
    if (Date.now() > deadline) throw new Error(`No message to ${to} with a ${linkPath} link in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Opens `path` inside the app already running in the page, as its own links do (the router follows the browser's
 * history), instead of loading the app again: a load costs Chromium about 1 CPU-s, the browser suite's largest cost on
 * a two-core machine. For a test moving between screens of a shell it is signed in to; a test about addresses, loads
 * or reloads uses `page.goto`. The previous screen stays until the next one has loaded: wait next for what only the new
 * screen shows (its own heading, test id or exact title).
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/** Opens the shell's avatar menu. The app bar hides while scrolling down a long page: back at the top it shows. */
export async function openUserMenu(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/**
 * A new patient of the demo therapist who has already replaced the temporary password (through the API), so a
 * browser signs in straight to the patient area. Answers the patient's id, e-mail and password.
 */
export async function patientReadyToSignIn(request: APIRequestContext, prefix = 'Paciente', consents?: readonly string[]) {
  const patient = uniquePatient(prefix);
  const { id, temporaryPassword } = await createPatientViaApi(request, patient, consents);
  const login = await request.post('/api/v1/auth/login/patient', { data: { email: patient.email, contrasenia: temporaryPassword } });
  expect(login.status(), await login.text()).toBe(200);
  const password = 'Jardin#Sereno47';
  const changed = await request.post('/api/v1/auth/change-password', {
    headers: { Authorization: `Bearer ${(await login.json()).access_token}` },
    data: { new_password: password },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { ...patient, id, password };
}

/** An ISO date ('2026-03-15') as the Spanish date pickers show it ('15/03/2026'). */
export const esDate = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('/');

/** A date or time picker (MUI X in Spanish) by its label: the group of its sections (day, month, year; hours, minutes). */
export const picker = (scope: Locator | Page, label: string | RegExp): Locator => scope.getByRole('group', { name: label });

/** What a picker holds, as it shows it ('15/03/2026', '07:30', '15/03/2026 07:30'). */
export const pickerValue = (field: Locator): Locator => field.locator('xpath=..').locator('input');

/** Types into a picker as a person does: from its first section, digits only ('15032026', '0730'). */
export async function typeInPicker(field: Locator, digits: string) {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(digits);
}
