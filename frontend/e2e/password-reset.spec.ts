import { expect, test } from '@playwright/test';
import { createPatientViaApi, mailedLink, passwordLogin, snap, toast, uniquePatient } from './helpers';

test.describe('password recovery', () => {
  test('forgot password mails a link; the reset page sets the new password', async ({ page, request }) => {
    const patient = uniquePatient('Olvido');
    await createPatientViaApi(request, patient);

    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Recuperar contraseña' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('El email es requerido')).toBeVisible();
    await page.getByLabel(/^Correo electrónico/).fill(patient.email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Si el email está registrado, recibirás un enlace para restablecer tu contraseña.')).toBeVisible();
    await snap(page, 'forgot-password-sent');

    const link = await mailedLink(patient.email, '/reset-password?token=');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
    await page.getByLabel(/^Nueva contraseña/).fill('debil');
    await page.getByLabel(/^Confirmar contraseña/).fill('debil');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText('La contraseña no cumple con los requisitos de seguridad')).toBeVisible();
    await page.getByLabel(/^Nueva contraseña/).fill('Recuperada#2026');
    await page.getByLabel(/^Confirmar contraseña/).fill('Recuperada#2026');
    await expect(page.getByText('Fuerte')).toBeVisible();
    await snap(page, 'reset-password');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, 'Contraseña restablecida')).toBeVisible();

    // The new password works and replaces the temporary one; the link is spent.
    await passwordLogin(page, patient.email, 'Recuperada#2026');
    await expect(page).toHaveURL(/\/dashboard\/paciente/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  });

  test('an invalid link offers to request a new one', async ({ page }) => {
    await page.goto('/reset-password?token=caducado');
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
    // Said once, in the card: no toast repeating it.
    await expect(page.getByText('El enlace para restablecer la contraseña no es válido, ya se usó o ha expirado.')).toHaveCount(1);
    await expect(page.getByTestId('toaster').getByText(/inválido/)).toHaveCount(0);
    await snap(page, 'reset-password-invalid');
    await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('a link that cannot be checked (no connection) is not called invalid, and can be checked again', async ({ page }) => {
    let offline = true;
    await page.route('**/api/v1/auth/verify-reset-token**', (route) => (offline ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/reset-password?token=sin-red');
    await expect(page.getByRole('heading', { name: 'No se pudo comprobar el enlace' })).toBeVisible();
    // Said once, in the card.
    await expect(page.getByText(/No pudimos comprobar el enlace por un problema de conexión/)).toHaveCount(1);
    await expect(page.getByText('Error de conexión. Verifica tu conexión a internet e intenta de nuevo.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveCount(0);
    offline = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
  });

  test('the forgot-password page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/forgot-password');
    await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeVisible();
    await snap(page, 'forgot-password-mobile');
  });
});
