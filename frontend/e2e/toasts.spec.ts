import { expect, test } from '@playwright/test';
import { expectAccessible, openUserMenu, signInAsTherapist, snap, toast, uniquePatient, VIEWPORTS } from './helpers';

/**
 * Toasts leave after a few seconds (errors stay until closed), at most two are stacked (a third drops the oldest),
 * and one never covers the title of an open dialog (on a phone a dialog fills the screen).
 */
for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Toasts (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('a success toast leaves after its time; an error stays until closed; a third drops the oldest', async ({ page }) => {
      await signInAsTherapist(page);
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
      const bye = toast(page, 'Sesión cerrada');
      await expect(bye).toBeVisible();
      const shown = Date.now();
      await page.waitForTimeout(2000);
      await expect(bye).toBeVisible();
      await expect(bye).toBeHidden({ timeout: 6000 });
      expect(Date.now() - shown).toBeLessThan(7000);

      // Each refused sign-in says why, with the server's words.
      let refusals = 0;
      await page.route('**/api/v1/auth/login/patient', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: `Motivo ${++refusals}` }) }),
      );
      await page.goto('/login');
      await page.getByLabel(/^Email/).fill('alguien@example.com');
      await page.getByLabel(/^Contraseña/).fill('una-clave');
      const submit = page.getByRole('button', { name: 'Iniciar sesión' });
      await submit.click();
      const stack = page.getByTestId('toaster');
      await expect(stack.getByText('Motivo 1')).toBeVisible();
      await page.waitForTimeout(6000);
      await expect(stack.getByText('Motivo 1')).toBeVisible();
      await expect(stack.getByRole('alert')).toHaveCount(1);
      await expectAccessible(page, `toast error ${name}`);
      await snap(page, `toast-error-${name}`, { fullPage: false });

      await submit.click();
      await expect(stack.getByText('Motivo 2')).toBeVisible();
      await submit.click();
      await expect(stack.getByText('Motivo 3')).toBeVisible();
      await expect(stack.getByRole('alert')).toHaveCount(2);
      await expect(stack.getByText('Motivo 1')).toHaveCount(0);
      await expect(stack.getByRole('alert').first()).toContainText('Motivo 2');

      await stack.getByRole('alert').first().getByRole('button', { name: 'Cerrar notificación' }).click();
      await expect(stack.getByRole('alert')).toHaveCount(1);
      await expect(stack.getByText('Motivo 3')).toBeVisible();
    });

    test('a toast never covers the title of an open dialog', async ({ page }) => {
      const patient = uniquePatient('Aviso');
      await signInAsTherapist(page);
      await page.route('**/api/v1/pacientes/', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Fallo de prueba' }) })
          : route.fallback(),
      );
      await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
      await dialog.getByLabel('Nombre').fill(patient.nombre);
      await dialog.getByLabel('Apellido').fill(patient.apellido);
      await dialog.getByLabel('Correo electrónico').fill(patient.email);
      await dialog.getByRole('combobox', { name: 'Código' }).click();
      await page.getByRole('option', { name: '+34 España' }).click();
      await dialog.getByLabel('Teléfono').pressSequentially('612345678');
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();
      // By selector: while a dialog is open, MUI hides the rest of the page (toasts included) from the accessibility tree.
      const alert = page.getByTestId('toaster').locator('[role="alert"]');
      await expect(alert).toBeVisible();
      await expect(alert).toContainText('Fallo de prueba');
      await expect(dialog).toBeVisible();
      const title = (await dialog.getByRole('heading', { name: 'Nuevo Paciente' }).boundingBox())!;
      const box = (await alert.boundingBox())!;
      const overlapsX = box.x < title.x + title.width && box.x + box.width > title.x;
      const overlapsY = box.y < title.y + title.height && box.y + box.height > title.y;
      expect(overlapsX && overlapsY, `toast ${JSON.stringify(box)} over title ${JSON.stringify(title)}`).toBe(false);
      await snap(page, `toast-over-dialog-${name}`, { fullPage: false });
    });
  });
}
