import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectFocusBelowAppBar,
  openInApp,
  signInAsDemoPatient,
  signInAsTherapist,
  therapistToken,
  VIEWPORTS,
} from './helpers';

/**
 * The screens of the sessions work, checked with axe-core at both widths: no serious or critical violation
 * (WCAG 2.1 A and AA rules). The demo patient Lucía has sessions of every kind and a draft.
 */
for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Accessibility of the patient detail and sessions (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('patient info, its form, sessions, the edit dialog, new session and the standalone page', async ({ page, request }) => {
      const token = await therapistToken(request);
      const patients = (await (await request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        id: string;
        nombre: string;
      }[];
      const lucia = patients.find((p) => p.nombre === 'Lucía')!;
      const base = `/dashboard/terapeuta/pacientes/${lucia.id}`;
      await signInAsTherapist(page, base);
      await expect(page.getByTestId('patient-info')).toBeVisible();
      await expectAccessible(page, 'patient info');
      await page.getByRole('button', { name: 'Editar', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
      await expectAccessible(page, 'patient info form');
      await expectFocusBelowAppBar(page, page.getByLabel('Ocupación'));

      await openInApp(page, `${base}/sesiones`);
      await page
        .getByRole('button', { name: /Sesión 5/ })
        .first()
        .click();
      await expect(page.getByText('Nivel de ansiedad (0-10)')).toBeVisible();
      await expectAccessible(page, 'sessions');
      await page.getByRole('button', { name: 'Editar sesión 5' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'edit session dialog');
      await page.keyboard.press('Escape');
      // Her first session has the demo video: the player and its download button (back in the list first).
      await page.getByRole('button', { name: 'Volver a la lista' }).click();
      await page
        .getByRole('button', { name: /Sesión 1\b/ })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Descargar' })).toBeVisible();
      await expectAccessible(page, 'session with video');

      await openInApp(page, `${base}/nueva-sesion`);
      await expect(page.getByText('Sesiones en Procesamiento')).toBeVisible();
      await expectAccessible(page, 'new session');

      await openInApp(page, '/dashboard/terapeuta/nueva-sesion');
      await expect(page.getByRole('heading', { name: 'Nueva Sesión', level: 1 })).toBeVisible();
      await expectAccessible(page, 'standalone new session');
    });
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Accessibility of the demo patient's area (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('dashboard, past sessions with a published analysis and a video, profile', async ({ page }) => {
      await signInAsDemoPatient(page);
      await expect(page.getByTestId('patient-greeting')).toHaveText('Hola, Lucía', { timeout: 30_000 });
      // The demo patient sees sessions, a next appointment and (below) a published analysis.
      await expect(page.getByTestId('next-appointment')).toBeVisible();
      await expect(page.getByTestId('recent-sessions').getByRole('link')).toHaveCount(5);
      await expectAccessible(page, 'patient dashboard');

      await openInApp(page, '/dashboard/paciente/sesiones');
      await expect(page.getByTestId('my-session-card')).toHaveCount(5);
      await expectAccessible(page, 'past sessions');
      await page.getByRole('button', { name: /^Sesión 1 / }).click();
      await expect(page.getByTestId('my-session-analysis')).toContainText('respiración');
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Descargar' })).toBeVisible();
      await expectAccessible(page, 'past session with its video and analysis');
      await page.keyboard.press('Escape');

      await openInApp(page, '/dashboard/paciente/perfil');
      await page.getByRole('button', { name: 'Editar Perfil' }).click();
      await expect(page.getByRole('button', { name: 'Guardar cambios' })).toBeVisible();
      await expectAccessible(page, 'patient profile form');
    });
  });
}

test('the check itself finds a serious violation, and again after the page changes', async ({ page }) => {
  await page.setContent(
    '<html lang="es"><title>Prueba</title><main><h1>Prueba</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></html>',
  );
  await expect(expectAccessible(page, 'an image without a text')).rejects.toThrow(/image-alt \(critical\)/);
  await page.evaluate(() => document.querySelector('img')!.setAttribute('alt', 'Un punto'));
  await expectAccessible(page, 'the image described');
  await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button></button>'));
  await expect(expectAccessible(page, 'a button without a name')).rejects.toThrow(/button-name \(critical\)/);
});
