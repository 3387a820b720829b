import { expect, test } from '@playwright/test';
import { DEMO_PATIENT, THERAPIST, demoSignIn, expectAccessible, snap } from './helpers';

test.describe('public pages', () => {
  test('landing: nav, hero buttons and footer', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Características' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Nosotros' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu consulta, organizada y segura');
    await expect(page.getByText(`© ${new Date().getFullYear()} Consulta`)).toBeVisible();
    // The landing page's sections: six features, five steps, six benefits, three testimonials, a closing call.
    const section = (name: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name }) });
    await expect(section('Todo lo que tu consulta necesita').getByRole('article')).toHaveCount(6);
    await expect(section('Cómo funciona').getByRole('listitem')).toHaveCount(5);
    await expect(section('Cómo funciona').getByRole('heading', { level: 3 })).toHaveText([
      'Graba o sube',
      'Procesamiento automático',
      'Añade tus notas',
      'Almacenamiento seguro',
      'Acceso del paciente',
    ]);
    await expect(section('Por qué Consulta').getByRole('listitem')).toHaveCount(6);
    await expect(section('Lo que dicen los profesionales').getByRole('figure')).toHaveCount(3);
    await expect(section('Empieza a organizar tu consulta hoy').getByRole('link', { name: 'Comenzar' })).toHaveAttribute('href', '/login');
    await snap(page, 'landing-desktop');

    await page.getByRole('link', { name: 'Saber Más' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Características' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toContainText([
      'Grabación segura',
      'Análisis con IA',
      'Gestión de pacientes',
      'Reportes detallados',
      'Seguridad total',
      'Acceso rápido',
    ]);
    await snap(page, 'features-desktop');

    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Nosotros' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nosotros' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuestra misión' })).toBeVisible();
    await expect(page.getByText('fundada por un equipo de psicoterapeutas')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Privacidad primero',
      'Innovación con propósito',
      'Empoderamiento',
      'IA ética',
    ]);
    await snap(page, 'about-desktop');

    await page.goto('/');
    await page.getByRole('link', { name: 'Comenzar' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Paciente' })).toHaveAttribute('aria-selected', 'true');
  });

  test('landing on a phone: the menu collapses', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toHaveCount(0);
    await snap(page, 'landing-mobile');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Características' })).toBeVisible();
    await snap(page, 'landing-mobile-menu');
    await expectAccessible(page, 'landing, phone menu open');
    await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    for (const route of ['features', 'about']) {
      await page.goto(`/${route}`);
      await snap(page, `${route}-mobile`);
    }
  });

  test('signed in, the nav offers the dashboard of the role and logs out', async ({ page }) => {
    await demoSignIn(page, THERAPIST, 'terapeuta');
    await expect(page).toHaveURL(/\/dashboard\/terapeuta/);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByText(THERAPIST.name)).toBeVisible();
    await snap(page, 'about-mobile-menu-signed-in');
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' })).toBeVisible();
    await demoSignIn(page, DEMO_PATIENT, 'paciente');
    await expect(page).toHaveURL(/\/dashboard\/paciente/);
    await page.goto('/features');
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/paciente');
  });

  test('unknown routes show the not-found page', async ({ page }) => {
    await page.goto('/no-existe/de-verdad');
    await expect(page.getByText('404')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await snap(page, 'not-found');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the unauthorized page offers going back and home', async ({ page }) => {
    await page.goto('/features');
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
    await expect(page.getByText(/contacta con el administrador/)).toBeVisible();
    await snap(page, 'unauthorized');
    await page.getByRole('button', { name: 'Volver atrás' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await page.goto('/unauthorized');
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('login page: tabs, forgot-password link and validation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible();
    await snap(page, 'login-desktop');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('El email es requerido')).toBeVisible();
    await expect(page.getByText('La contraseña es requerida')).toBeVisible();
    await page.getByLabel(/^Email/).fill('nadie@ejemplo.com');
    await page.getByLabel(/^Contraseña/).fill('NoEs$La1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByTestId('toaster').getByText('Error al iniciar sesión')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('tab', { name: 'Terapeuta' }).click();
    await expect(page.getByText('Los terapeutas solo pueden iniciar sesión con Google', { exact: false })).toBeVisible();
    // No Google client id on this server: no Google button.
    await expect(page.getByRole('button', { name: 'Continuar con Google' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Entrar como Dra. Ana Martínez' })).toBeVisible();
    await snap(page, 'login-therapist-tab');
  });

  test('login: what /config adds after the form is drawn does not move it', async ({ page }) => {
    // The demo list comes after the form: held here, so the form is drawn without it first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/auth/demo-users', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Iniciar sesión' });
    await expect(submit).toBeVisible();
    const before = await submit.boundingBox();
    release();
    await expect(page.getByRole('button', { name: /^Entrar como / }).first()).toBeVisible();
    // A click pressed before the list arrived and released after it would otherwise reach no button.
    expect(await submit.boundingBox()).toEqual(before);
  });

  test('login on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: 'Paciente' })).toBeVisible();
    await snap(page, 'login-mobile');
  });
});
