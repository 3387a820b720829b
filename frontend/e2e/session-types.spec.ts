import { expect, test } from '@playwright/test';
import { expectAccessible, openUserMenu, signInAsTherapist, snap, toast } from './helpers';

test.describe('session types', () => {
  test('create a type with a select field, view, edit and delete it', async ({ page }) => {
    const name = `Grupo ${Date.now().toString(36)}`;
    await signInAsTherapist(page);
    await page.getByRole('menuitem', { name: 'Tipos de Sesiones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tipos de Sesiones' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Terapia de pareja' })).toContainText('85,00 €');

    await page.getByRole('button', { name: 'Nuevo Tipo de Sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de Sesión' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
    await expect(dialog.getByText('El valor debe ser un monto mayor que 0')).toBeVisible();

    await dialog
      .getByLabel(/^Nombre/)
      .first()
      .fill(name);
    const value = dialog.getByLabel(/^Valor/);
    await value.pressSequentially('-1e2+0');
    await expect(value).toHaveValue('120');
    await value.fill('120.5');
    await dialog.getByLabel('Descripción').fill('Sesión grupal de 90 minutos');

    await dialog.getByRole('button', { name: 'Agregar campo' }).click();
    const first = dialog.getByRole('group', { name: 'Campo 1' });
    await expect(first.getByLabel('Tipo')).toContainText('Texto corto');
    await expect(first.getByRole('checkbox', { name: 'Requerido' })).toBeChecked();
    await first.getByLabel('Nombre del campo').fill('Motivo');
    await first.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Selección' }).click();
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El campo de selección necesita al menos una opción: Motivo')).toBeVisible();
    await first.getByLabel('Opciones (una por línea)').fill('Ansiedad\nDuelo');

    await dialog.getByRole('button', { name: 'Agregar campo' }).click();
    const second = dialog.getByRole('group', { name: 'Campo 2' });
    await second.getByLabel('Nombre del campo').fill('Observaciones');
    await second.getByRole('checkbox', { name: 'Requerido' }).uncheck();
    await second.getByRole('button', { name: 'Subir campo' }).click();
    await expect(dialog.getByRole('group', { name: 'Campo 1' }).getByLabel('Nombre del campo')).toHaveValue('Observaciones');
    await snap(page, 'session-type-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Tipo de sesión creado exitosamente')).toBeVisible();

    const card = page.getByRole('article', { name });
    await expect(card).toContainText('120,50 €');
    await expect(card).toContainText('2 campos: Observaciones, Motivo');
    await snap(page, 'session-types');
    await card.getByRole('button', { name: `Ver ${name}` }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByRole('listitem')).toHaveText([
      'Observaciones · Texto corto',
      'Motivo · Selección · requerido · opciones: Ansiedad, Duelo',
    ]);
    await details.getByRole('button', { name: 'Cerrar' }).click();

    await card.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Tipo de Sesión' });
    await expect(edit.getByLabel(/^Valor/)).toHaveValue('120,50');
    await edit.getByLabel(/^Valor/).fill('99.99');
    await edit.getByRole('group', { name: 'Campo 1' }).getByRole('button', { name: 'Quitar campo' }).click();
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page, 'Tipo de sesión actualizado exitosamente')).toBeVisible();
    await expect(card).toContainText('99,99 €');
    await expect(card).toContainText('1 campo: Motivo');

    // The confirmation names the type; cancelling it keeps the type.
    await card.getByRole('button', { name: `Eliminar ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar tipo de sesión' });
    await expect(confirm).toContainText(`"${name}"`);
    await expect(confirm).toHaveCSS('opacity', '1');
    await snap(page, 'session-type-delete-confirm', { fullPage: false });
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Eliminar ${name}` }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Tipo de sesión eliminado exitosamente')).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});

test.describe('therapist profile', () => {
  test('view, cancel an edit, save an edit, and the education tab', async ({ page }) => {
    await signInAsTherapist(page);
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Ver perfil' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/perfil$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByText('COP M-28451')).toBeVisible();
    await expect(page.getByLabel('Nombre')).toBeDisabled();
    await expect(page.getByLabel('Correo electrónico')).toBeDisabled();

    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await page.getByLabel('Número de licencia').fill('DESCARTADA');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(page.getByText('COP M-28451')).toBeVisible();
    await expect(page.getByText('DESCARTADA')).toHaveCount(0);

    await page.getByRole('button', { name: 'Editar perfil' }).click();
    await expect(page.getByLabel('Número de licencia')).toHaveValue('COP M-28451');
    await page.getByLabel('Teléfono').fill('+34 699 000 111');
    await snap(page, 'therapist-profile-edit');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Perfil actualizado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Editar perfil' })).toBeVisible();
    await expect(page.getByText('+34 699 000 111')).toBeVisible();
    await page.reload();
    await expect(page.getByText('+34 699 000 111')).toBeVisible();

    await page.getByRole('tab', { name: 'Formación', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Estudios' })).toContainText('Grado en Psicología');
    await expect(page.getByRole('region', { name: 'Certificaciones' })).toContainText('Instructora de Mindfulness (MBSR)');
    await snap(page, 'therapist-profile-education');
  });
});
