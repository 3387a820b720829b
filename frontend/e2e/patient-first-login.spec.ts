import { expect, test } from '@playwright/test';
import { createPatientViaApi, openUserMenu, passwordLogin, snap, toast, uniquePatient } from './helpers';

test('a new patient signs in with the temporary password, must change it, then reaches the patient area', async ({ page, request }) => {
  const patient = uniquePatient('Paciente');
  const { temporaryPassword } = await createPatientViaApi(request, patient);

  await passwordLogin(page, patient.email, temporaryPassword);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByText('Por seguridad, debes establecer una nueva contraseña')).toBeVisible();
  // Forced change: the old password is not asked.
  await expect(page.getByLabel('Contraseña actual')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mustChangePassword'))).toBe('true');

  // The forced change cannot be left.
  await page.goto('/dashboard/paciente');
  await expect(page).toHaveURL(/\/change-password$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/change-password$/);

  const next = page.getByLabel(/^Nueva contraseña/);
  const confirm = page.getByLabel(/^Confirmar nueva contraseña/);
  await next.fill('abc');
  await expect(page.getByTestId('password-strength-label')).toHaveText('Débil');
  await next.fill('Jardin#Sereno');
  await expect(page.getByTestId('password-strength-label')).toHaveText('Media');
  await next.fill('Jardin#Sereno47');
  await expect(page.getByTestId('password-strength-label')).toHaveText('Fuerte');
  await confirm.fill('Jardin#Sereno48');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await snap(page, 'change-password-forced');

  await next.fill('Jardin#123abc');
  await confirm.fill('Jardin#123abc');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña no cumple con los requisitos de seguridad')).toBeVisible();

  await next.fill('Jardin#Sereno47');
  await confirm.fill('Jardin#Sereno47');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/dashboard\/paciente$/);
  await expect(toast(page, 'Contraseña actualizada')).toBeVisible();
  await expect(page.getByTestId('patient-greeting')).toHaveText(`Hola, ${patient.nombre}`);
  expect(await page.evaluate(() => localStorage.getItem('mustChangePassword'))).toBeNull();

  // The patient menu.
  await page.getByRole('menuitem', { name: 'Ejercicios Sugeridos' }).click();
  await expect(page).toHaveURL(/\/dashboard\/paciente\/ejercicios$/);
  await expect(page.getByText('No tienes ejercicios asignados')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sesiones Anteriores' }).click();
  await expect(page.getByText('No tienes sesiones registradas aún')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/dashboard\/paciente$/);

  // Log out, then the new password works and the temporary one no longer does.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page, 'Sesión cerrada')).toBeVisible();

  await passwordLogin(page, patient.email, temporaryPassword);
  await expect(toast(page, 'Error al iniciar sesión')).toBeVisible();
  await passwordLogin(page, patient.email, 'Jardin#Sereno47');
  await expect(page).toHaveURL(/\/dashboard\/paciente$/);
});
