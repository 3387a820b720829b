import { expect, test } from '@playwright/test';
import { THERAPIST, demoSignIn, signInAsTherapistThroughLoginPage, toast } from './helpers';

test('a rejected token ends the session: one toast, /login, and back to the page after signing in again', async ({ page }) => {
  await signInAsTherapistThroughLoginPage(page);
  await expect(page.getByTestId('patient-grid')).toBeVisible();

  // Corrupt the stored token; the next call is answered 401.
  await page.evaluate(() => localStorage.setItem('access_token', 'x.eyJzdWIiOiJ4In0.y'));
  await page.getByRole('button', { name: 'Tabla' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Sesión expirada')).toBeVisible();
  await expect(page.getByText('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.')).toBeVisible();
  await expect(page.getByTestId('toaster').getByText('Sesión expirada')).toHaveCount(1);
  expect(await page.evaluate(() => ['access_token', 'auth_user', 'user_name'].map((k) => localStorage.getItem(k)))).toEqual([
    null,
    null,
    null,
  ]);
  // Opening /login cleared the once-per-session marker.
  expect(await page.evaluate(() => sessionStorage.getItem('tokenExpiredShown'))).toBeNull();

  await demoSignIn(page, THERAPIST, 'terapeuta');
  await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
});

test('an invalid stored token at startup signs the user out', async ({ page }) => {
  await signInAsTherapistThroughLoginPage(page);
  await expect(page.getByTestId('patient-grid')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('access_token', 'x.eyJzdWIiOiJ4In0.y'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.history.state?.usr?.from)).toBe('/dashboard/terapeuta/pacientes');
  await expect(toast(page, 'Sesión expirada')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull();
});
