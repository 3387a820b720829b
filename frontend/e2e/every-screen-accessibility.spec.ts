import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectFitsWidth,
  openInApp,
  openUserMenu,
  signInAsDemoPatient,
  signInAsTherapist,
  snap,
  therapistToken,
  VIEWPORTS,
} from './helpers';

/**
 * Every screen of the product, public and in both shells, with its main dialogs and the phone menu, checked with
 * axe-core at both widths (no serious or critical WCAG 2.1 A/AA violation), each with its own page title and,
 * on a phone, no sideways scrolling. A new screen joins this list.
 */
/**
 * Visits a page, waits for what says it is ready, and checks it. Inside the app already open (`openInApp`), as a person
 * goes from screen to screen; the public pages load each (`load`), as a visitor arrives at them.
 */
async function visit(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  title: RegExp,
  open: (page: Page, path: string) => Promise<unknown> = openInApp,
) {
  await open(page, path);
  await ready(page);
  await expect(page).toHaveTitle(title);
  await expectAccessible(page, path);
  await expectFitsWidth(page);
}

/** Loads `path` in the page, as a visitor arriving at it. */
const load = (page: Page, path: string) => page.goto(path);

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function dialog(page: Page, open: () => Promise<unknown>, name: string | RegExp) {
  await open();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expectAccessible(page, `dialog ${name}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
}

/** On a phone the side menu is a drawer: it opens, has a name, passes the check and closes with its button or Escape. */
async function phoneMenu(page: Page, shot: string) {
  const drawer = page.getByRole('dialog', { name: 'Menú principal' });
  // The phone's app bar slides away while the page is scrolled down (a long 'Citas de hoy' pushes the list down).
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: /menú/i }).first().click();
  await expect(drawer).toBeVisible();
  await expectAccessible(page, 'phone menu');
  await snap(page, shot, { fullPage: false });
  await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: /menú/i }).first().click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Every screen passes axe-core (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 150_000 });
    const phone = name === 'phone';

    test('public pages', async ({ page }) => {
      const heading = (text: string | RegExp) => (p: Page) => expect(p.getByRole('heading', { level: 1, name: text })).toBeVisible();
      await visit(page, '/', heading(/./), /^Consulta · Plataforma para psicoterapeutas$/, load);
      await visit(page, '/features', heading('Características'), /^Características · Consulta$/, load);
      await visit(page, '/about', heading(/./), /· Consulta$/, load);
      await visit(
        page,
        '/login',
        (p) => expect(p.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible(),
        /^Iniciar sesión · Consulta$/,
        load,
      );
      await page.getByRole('tab', { name: 'Terapeuta' }).click();
      await expectAccessible(page, 'login, therapist tab');
      await visit(page, '/forgot-password', heading('Recuperar contraseña'), /^Recuperar contraseña · Consulta$/, load);
      await visit(page, '/reset-password?token=caducado', heading('Enlace no válido'), /^Enlace no válido · Consulta$/, load);
      await visit(page, '/register/invited?token=caducado', heading(/./), /· Consulta$/, load);
      await visit(page, '/unauthorized', heading('Acceso no autorizado'), /^Acceso no autorizado · Consulta$/, load);
      await visit(page, '/no-existe', heading('Página no encontrada'), /^Página no encontrada · Consulta$/, load);
      // Every public page has a title of its own.
      const titles = new Set<string>();
      for (const path of ['/', '/features', '/about', '/login', '/forgot-password', '/unauthorized', '/no-existe']) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        titles.add(await page.title());
      }
      expect(titles.size).toBe(7);
    });

    const h1 = (text: string) => (p: Page) => expect(p.getByRole('heading', { level: 1, name: text })).toBeVisible();

    test('the therapist shell: the patient list, its dialogs and menus', async ({ page }) => {
      await signInAsTherapist(page);
      await visit(
        page,
        '/dashboard/terapeuta/pacientes',
        (p) => expect(p.getByTestId('patient-grid')).toBeVisible(),
        /^Mis pacientes · Consulta$/,
      );
      await dialog(page, () => page.getByRole('button', { name: 'Nuevo Paciente' }).click(), 'Nuevo Paciente');
      await dialog(page, () => page.getByRole('button', { name: 'Invitar Paciente' }).click(), 'Invitar Paciente');
      await page.getByRole('button', { name: 'Tabla' }).click();
      await expect(page.getByRole('table')).toBeVisible();
      await expectAccessible(page, 'patients table');
      await page.getByRole('button', { name: 'Tarjetas' }).click();
      if (phone) await phoneMenu(page, 'therapist-phone-menu');
      await openUserMenu(page);
      await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión' })).toBeVisible();
      await expectAccessible(page, 'user menu');
      await page.keyboard.press('Escape');
    });

    test('the therapist shell: a patient’s detail, tab by tab', async ({ page, request }) => {
      const token = await therapistToken(request);
      const patients = (await (await request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        id: string;
        nombre: string;
      }[];
      const lucia = patients.find((p) => p.nombre === 'Lucía')!;
      const base = `/dashboard/terapeuta/pacientes/${lucia.id}`;
      await signInAsTherapist(page);
      for (const [tab, ready] of [
        ['', (p: Page) => expect(p.getByTestId('patient-info')).toBeVisible()],
        ['/ejercicios', (p: Page) => expect(p.getByTestId('patient-exercises-tab').getByRole('list')).toBeVisible()],
        ['/modulos', (p: Page) => expect(p.getByTestId('patient-modules-tab').getByRole('list')).toBeVisible()],
        ['/progreso', (p: Page) => expect(p.getByRole('progressbar', { name: 'Progreso general' })).toBeVisible()],
        ['/ai-chat', (p: Page) => expect(p.locator('h1, h2').first()).toBeVisible()],
        ['/cuestionarios', (p: Page) => expect(p.getByTestId('score-history-phq9')).toBeVisible()],
      ] as const) {
        await visit(page, `${base}${tab}`, ready, /^Lucía Fernández Ruiz · Consulta$/);
      }
      await openInApp(page, `${base}/ejercicios`);
      await dialog(page, () => page.getByRole('button', { name: 'Asignar Ejercicio' }).click(), 'Asignar Ejercicio');
      await dialog(page, () => page.getByRole('button', { name: 'Crear Ejercicio' }).click(), 'Crear Ejercicio');
      await openInApp(page, `${base}/cuestionarios`);
      await dialog(page, () => page.getByRole('button', { name: 'Asignar cuestionario' }).click(), 'Asignar cuestionario');
    });

    test('the therapist shell: session types, new session, assistant, bank, profile', async ({ page }) => {
      await signInAsTherapist(page);
      await visit(page, '/dashboard/terapeuta/tipos-sesiones', h1('Tipos de Sesiones'), /^Tipos de Sesiones · Consulta$/);
      await dialog(page, () => page.getByRole('button', { name: 'Nuevo Tipo de Sesión' }).click(), 'Nuevo Tipo de Sesión');
      await visit(page, '/dashboard/terapeuta/nueva-sesion', h1('Nueva Sesión'), /^Nueva Sesión · Consulta$/);
      await visit(
        page,
        '/dashboard/terapeuta/consultar-ia',
        (p) => expect(p.locator('h1').first()).toBeVisible(),
        /^Consultar IA · Consulta$/,
      );
      await visit(page, '/dashboard/terapeuta/que-se-envia-a-la-ia', h1('Qué se envía a la IA'), /^Qué se envía a la IA · Consulta$/);
      await visit(page, '/dashboard/terapeuta/ejercicios', h1('Banco de Ejercicios'), /^Banco de Ejercicios · Consulta$/);
      await page.getByRole('tab', { name: /^Módulos/ }).click();
      await dialog(page, () => page.getByRole('button', { name: 'Crear Módulo' }).click(), 'Crear Módulo');
      await visit(page, '/dashboard/terapeuta/perfil', h1('Mi Perfil'), /^Mi Perfil · Consulta$/);
      await page.getByRole('button', { name: 'Editar perfil' }).click();
      await expectAccessible(page, 'profile, editing');
    });

    test('the patient shell and the password page', async ({ page }) => {
      await signInAsDemoPatient(page);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
      await visit(page, '/dashboard/paciente', h1('Hola, Lucía'), /^Mi espacio · Consulta$/);
      if (phone) await phoneMenu(page, 'patient-phone-menu');
      await visit(page, '/dashboard/paciente/sesiones', h1('Sesiones Anteriores'), /^Sesiones Anteriores · Consulta$/);
      await visit(
        page,
        '/dashboard/paciente/ejercicios',
        (p) => expect(p.getByRole('tab', { name: /^Ejercicios \(\d+\)$/ })).toBeVisible(),
        /^Ejercicios Sugeridos · Consulta$/,
      );
      await page.getByRole('tab', { name: /^Módulos/ }).click();
      await expectAccessible(page, 'patient modules');
      await visit(page, '/dashboard/paciente/cuestionarios', h1('Cuestionarios'), /^Cuestionarios · Consulta$/);
      await page.getByRole('button', { name: 'Responder GAD-7' }).click();
      await expect(page.getByRole('form', { name: 'GAD-7 · Ansiedad' })).toBeVisible();
      await expectAccessible(page, 'answering a questionnaire');
      await expectFitsWidth(page);
      await visit(page, '/dashboard/paciente/chat-ia', h1('Chat con Asistente IA'), /^Chat con Asistente IA · Consulta$/);
      await visit(page, '/dashboard/paciente/que-se-envia-a-la-ia', h1('Qué se envía a la IA'), /^Qué se envía a la IA · Consulta$/);
      await visit(page, '/dashboard/paciente/perfil', h1('Mi Perfil'), /^Mi Perfil · Consulta$/);

      // The user menu offers the password change at any time, on the page the first sign-in uses.
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
      await expect(page).toHaveURL(/\/change-password$/);
      await expect(page.getByLabel(/^Contraseña actual/)).toBeVisible();
      await expect(page).toHaveTitle(/^Cambiar contraseña · Consulta$/);
      await expectAccessible(page, 'change password');
      await page.getByRole('link', { name: /Volver/ }).click();
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
    });
  });
}
