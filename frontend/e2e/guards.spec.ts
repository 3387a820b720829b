import { expect, test } from '@playwright/test';
import { DEMO_PATIENT, demoSignIn, openUserMenu, snap, THERAPIST, toast } from './helpers';

test.describe('route guards', () => {
  test('a visitor is sent to /login and comes back to the page after signing in', async ({ page }) => {
    await page.goto('/dashboard/terapeuta/tipos-sesiones');
    await expect(page).toHaveURL(/\/login$/);
    await demoSignIn(page, THERAPIST, 'terapeuta');
    // The toast first: it leaves after 4 s, which a busy machine may spend loading the page.
    await expect(toast(page, 'Acceso exitoso')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/tipos-sesiones$/);
    await expect(page.getByRole('heading', { name: 'Tipos de Sesiones', level: 1 })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Terapia de pareja' })).toBeVisible();
  });

  test('a patient on a therapist route is sent to /unauthorized', async ({ page }) => {
    await page.goto('/login');
    await demoSignIn(page, DEMO_PATIENT, 'paciente');
    await expect(page).toHaveURL(/\/dashboard\/paciente$/);
    await expect(page.getByTestId('patient-greeting')).toHaveText('Hola, Lucía');
    await snap(page, 'patient-home');
    await page.goto('/dashboard/terapeuta/pacientes');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
  });

  test('a therapist on a patient route is sent to /unauthorized', async ({ page }) => {
    await page.goto('/login');
    await demoSignIn(page, THERAPIST, 'terapeuta');
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
    await page.goto('/dashboard/paciente/sesiones');
    await expect(page).toHaveURL(/\/unauthorized$/);
    // Therapists sign in with Google: /change-password says so instead of asking for a password they lack.
    await page.goto('/change-password');
    await expect(page.getByText('Tu cuenta de terapeuta inicia sesión con Google')).toBeVisible();
    await expect(page.getByLabel('Contraseña actual')).toHaveCount(0);
    await snap(page, 'change-password-therapist');
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
  });

  test('/dashboard/terapeuta redirects to the patients tab, and the shell navigation works', async ({ page }) => {
    await page.goto('/login');
    await demoSignIn(page, THERAPIST, 'terapeuta');
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
    await page.goto('/dashboard/terapeuta');
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
    await page.getByRole('tab', { name: 'AI Chat' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/consultar-ia$/);
    await page.getByRole('tab', { name: 'Banco de Ejercicios' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/ejercicios$/);
    await snap(page, 'therapist-coming-soon');
    await page.getByRole('menuitem', { name: 'Tipos de Sesiones' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/tipos-sesiones$/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Ver perfil' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/perfil$/);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Sesión cerrada')).toBeVisible();
    await expect(page.getByText('Has cerrado sesión correctamente.')).toBeVisible();
    await page.goto('/dashboard/terapeuta/pacientes');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown page inside a shell shows the not-found message', async ({ page }) => {
    await page.goto('/login');
    await demoSignIn(page, DEMO_PATIENT, 'paciente');
    await expect(page).toHaveURL(/\/dashboard\/paciente$/);
    await page.goto('/dashboard/paciente/no-existe');
    await expect(page.getByText('Página no encontrada')).toBeVisible();
  });
});
