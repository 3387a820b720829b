import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openUserMenu, signInAsTherapist, snap, toast } from './helpers';

/** Replaces the stored token with one the server rejects: the next call answers 401. */
const corruptToken = (page: Page) => page.evaluate(() => localStorage.setItem('access_token', 'x.eyJzdWIiOiJ4In0.y'));

async function expectOneExpiryToast(page: Page) {
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Sesión expirada')).toBeVisible();
  await expect(page.getByTestId('toaster').getByText('Sesión expirada')).toHaveCount(1);
  // Nothing else is said about the failed call (no second, technical toast). Counted now, without waiting:
  // toasts leave by themselves after a few seconds.
  await page.waitForTimeout(500);
  expect(await page.getByTestId('toaster').locator('[data-variant]').allInnerTexts()).toEqual([expect.stringContaining('Sesión expirada')]);
}

test.describe('session types and profile on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards, the field builder, the details, and the profile in view and edit mode', async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/tipos-sesiones');
    const card = page.getByRole('article', { name: 'Seguimiento breve' });
    await expect(card).toContainText('35,50 €');
    await snap(page, 'session-types-phone');

    await page.getByRole('button', { name: 'Nuevo Tipo de Sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Sesión' });
    await dialog.getByRole('button', { name: 'Agregar campo' }).click();
    const field = dialog.getByRole('group', { name: 'Campo 1' });
    await field.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Selección' }).click();
    await expect(field.getByLabel('Opciones (una por línea)')).toBeVisible();
    // Every control of the builder fits the screen (no sideways scrolling).
    const width = await dialog.evaluate((d) => d.querySelector('.MuiDialogContent-root')!.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await snap(page, 'session-type-dialog-phone', { fullPage: false });
    // A field was added: closing asks before it is dropped.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await expectAccessible(page, 'unsaved changes question (phone)');
    await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(dialog).toHaveCount(0);

    await card.getByRole('button', { name: 'Ver Seguimiento breve' }).click();
    const details = page.getByRole('dialog', { name: 'Seguimiento breve' });
    await expect(details).toContainText('Nivel de ansiedad (0-10)');
    await expect(details).toHaveCSS('opacity', '1');
    await snap(page, 'session-type-details-phone', { fullPage: false });
    await details.getByRole('button', { name: 'Cerrar' }).click();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Ver perfil' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByText('Calle de Alcalá 120, 2.º B, 28009 Madrid')).toBeVisible();
    await snap(page, 'therapist-profile-phone');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await expect(page.getByLabel('Dirección')).toHaveValue('Calle de Alcalá 120, 2.º B, 28009 Madrid');
    await snap(page, 'therapist-profile-edit-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('tab', { name: 'Formación', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Estudios' })).toBeVisible();
    await snap(page, 'therapist-profile-education-phone');
  });
});

test.describe('an expired session while saving', () => {
  test('a session type: one "Sesión expirada" toast and /login', async ({ page }) => {
    const name = `Caducado ${Date.now().toString(36)}`;
    await signInAsTherapist(page, '/dashboard/terapeuta/tipos-sesiones');
    await page.getByRole('button', { name: 'Nuevo Tipo de Sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Sesión' });
    await dialog
      .getByLabel(/^Nombre/)
      .first()
      .fill(name);
    await dialog.getByLabel(/^Valor/).fill('50');
    await corruptToken(page);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expectOneExpiryToast(page);
  });

  test('the profile: one "Sesión expirada" toast and /login', async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/perfil');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByLabel('Teléfono').fill('+34 600 000 000');
    await corruptToken(page);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expectOneExpiryToast(page);
  });

  test('deleting a session type', async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/tipos-sesiones');
    const card = page.getByRole('article', { name: 'Terapia de pareja' });
    await expect(card).toBeVisible();
    await corruptToken(page);
    await card.getByRole('button', { name: 'Eliminar Terapia de pareja' }).click();
    await page.getByRole('dialog', { name: 'Eliminar tipo de sesión' }).getByRole('button', { name: 'Eliminar' }).click();
    await expectOneExpiryToast(page);
  });
});
