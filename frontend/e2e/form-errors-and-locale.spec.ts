import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  choose,
  createPatientViaApi,
  expectAccessible,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
  uniquePatient,
  VIEWPORTS,
} from './helpers';

/** The element is focused and its box lies within the window. */
async function expectFocusedInView(page: Page, field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const box = await field.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, 'field box').not.toBeNull();
  expect(box!.y + Math.min(box!.height, 40), 'field on screen').toBeLessThanOrEqual(height);
  expect(box!.y + box!.height, 'field below the top').toBeGreaterThanOrEqual(0);
}

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`refused saves and the practice locale (${device})`, () => {
    test.use({ viewport });

    test("a refused 'Guardar Sesión' marks 'Temas importantes', focuses it in view and says what is missing", async ({ page, request }) => {
      test.setTimeout(90_000);
      const patient = await createPatientViaApi(request, uniquePatient('Rechazo'));
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
      await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
      await editor.getByLabel(/^Notas/).fill('Habló de su semana');
      const topics = editor.getByLabel(/^Temas importantes/);
      await expect(topics).toHaveAttribute('aria-invalid', 'false');

      const save = editor.getByRole('button', { name: 'Guardar Sesión' });
      await save.scrollIntoViewIfNeeded();
      await save.click();
      await expect(topics).toHaveAttribute('aria-invalid', 'true');
      await expectFocusedInView(page, topics);
      await expect(editor.getByText('Los temas importantes son requeridos para sesiones de psicoterapia')).toBeVisible();
      await expect(editor.getByTestId('form-problems')).toHaveText('Falta: Temas importantes.');
      await snap(page, `refused-session-save-${device}`, { fullPage: false });
      await expectAccessible(page, `refused session save (${device})`);

      // Typing there takes the mark away; the save then goes through.
      await topics.fill('Trabajo y descanso');
      await expect(topics).toHaveAttribute('aria-invalid', 'false');
      await expect(editor.getByTestId('form-problems')).toHaveCount(0);
      await save.click();
      await expect(toast(page, 'Sesión guardada')).toBeVisible();
    });

    test("a 400 naming a field marks it: 'Mi Perfil' with a phone longer than the server takes", async ({ page }) => {
      await signInAsTherapist(page, '/dashboard/terapeuta/perfil');
      await page.getByRole('button', { name: 'Editar perfil' }).click();
      const phone = page.getByLabel('Teléfono', { exact: true });
      await phone.fill('1'.repeat(40));
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expectFocusedInView(page, phone);
      await expect(page.getByTestId('form-problems')).toHaveText('Revisa: Teléfono.');
      await expectAccessible(page, `profile refused by the server (${device})`);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
    });

    test("'Nuevo Paciente' starts a phone at +34 with DEFAULT_COUNTRY unset, keeps a typed + code, and types the birth date as dd/mm/aaaa", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const patient = uniquePatient('Prefijo');
      await signInAsTherapist(page);
      await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
      await expect(dialog.getByRole('combobox', { name: 'Código' })).toHaveText('+34');

      // A refused creation points at the first field at fault and says what is missing.
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();
      const nombre = dialog.getByRole('textbox', { name: /^Nombre/ });
      await expect(nombre).toHaveAttribute('aria-invalid', 'true');
      await expectFocusedInView(page, nombre);
      await expect(dialog.getByTestId('form-problems')).toContainText('Falta: Nombre, Apellido, Correo electrónico y Teléfono.');

      await nombre.fill(patient.nombre);
      await dialog.getByLabel('Apellido').fill(patient.apellido);
      await dialog.getByLabel('Correo electrónico').fill(patient.email);
      // A number typed with its own code keeps it; then a Spanish one stays Spanish.
      const phone = dialog.getByLabel('Teléfono');
      await phone.fill('+52 55 1234 5678');
      await expect(dialog.getByRole('combobox', { name: 'Código' })).toHaveText('+52');
      await expect(phone).toHaveValue('5512345678');
      await phone.fill('+34 612 345 678');
      await expect(dialog.getByRole('combobox', { name: 'Código' })).toHaveText('+34');
      await expect(phone).toHaveValue('612345678');

      // The birth date is typed day, month, year.
      const birth = dialog.getByRole('group', { name: 'Fecha de nacimiento' });
      await expect(birth).toContainText(/DD.MM.AAAA/i);
      await birth.click();
      await page.keyboard.type('15031990');
      await expect(dialog.locator('[data-field="fecha_nacimiento"] input')).toHaveValue('15/03/1990');
      await snap(page, `create-patient-locale-${device}`, { fullPage: false });
      await expectAccessible(page, `Nuevo Paciente with the pickers (${device})`);
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();
      const credentials = page.getByRole('dialog', { name: 'Credenciales del paciente' });
      await expect(credentials).toBeVisible();
      await credentials.getByRole('button', { name: 'Entendido' }).click();

      const token = await therapistToken(request);
      const list = await request.get(`/api/v1/pacientes?filter=${encodeURIComponent(JSON.stringify({ q: patient.apellido }))}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(list.ok()).toBeTruthy();
      const [created] = await list.json();
      expect(created).toMatchObject({ telefono_paciente: '+34612345678', fecha_nacimiento: '1990-03-15' });
    });

    test("a price reads '35,50 €' in the practice currency (EUR by default)", async ({ page }) => {
      const name = `Precio ${device} ${Date.now().toString(36)}`;
      await signInAsTherapist(page, '/dashboard/terapeuta/tipos-sesiones');
      await page.getByRole('button', { name: 'Nuevo Tipo de Sesión' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Sesión' });
      await dialog
        .getByLabel(/^Nombre/)
        .first()
        .fill(name);
      await dialog.getByLabel(/^Valor/).fill('35,50');
      await expect(dialog.getByText('€', { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(toast(page, 'Tipo de sesión creado exitosamente')).toBeVisible();
      const card = page.getByRole('article', { name });
      await expect(card).toContainText('35,50 €');
      await snap(page, `session-type-price-${device}`, { fullPage: false });
      await expectAccessible(page, `session types with prices in euros (${device})`);
    });
  });
}
