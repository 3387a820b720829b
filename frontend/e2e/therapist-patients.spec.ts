import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createPatientViaApi, signInAsTherapist, snap, toast, uniquePatient } from './helpers';

test.describe('Mis pacientes', () => {
  test('cards, search and the patient detail', async ({ page, request }) => {
    const patient = uniquePatient('Buscable');
    const { id } = await createPatientViaApi(request, patient);
    await signInAsTherapist(page);
    await expect(page.getByRole('heading', { name: 'Mis pacientes' })).toBeVisible();
    const grid = page.getByTestId('patient-grid');
    await expect(grid.getByTestId('patient-card').first()).toBeVisible();
    await snap(page, 'patients-desktop');

    const search = page.getByRole('textbox', { name: 'Buscar pacientes por nombre o apellido' });
    await search.fill(patient.apellido.toLowerCase());
    await expect(grid.getByTestId('patient-card')).toHaveCount(1);
    const card = grid.getByTestId('patient-card').first();
    await expect(card).toContainText(`${patient.nombre} ${patient.apellido}`);
    await expect(card).toContainText('30 años');
    await expect(card).toContainText(patient.email);
    await expect(card).toContainText('+57 300 123 4567');
    await expect(card).toContainText('Docente');
    await expect(card.getByTestId('sessions-badge')).toHaveText('Sin sesiones');
    await expect(card.getByTestId('time-badge')).toHaveText('0m');
    await expect(card).toContainText(/Registrado el \d{2}\/\d{2}\/\d{4}/);
    await expect(card).toContainText('Manejo de la ansiedad');

    await search.fill('Nadie Sellama Asi');
    await expect(page.getByText('No se encontraron pacientes que coincidan con "Nadie Sellama Asi".')).toBeVisible();
    await search.fill(patient.nombre);
    await grid.getByTestId('patient-card').first().click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/terapeuta/pacientes/${id}$`));
    const info = page.getByTestId('patient-info');
    await expect(info.getByText('Información personal')).toBeVisible();
    await expect(info).toContainText('No especificado');
    await expect(info).toContainText('No programada');
    await expect(info).toContainText('Manejo de la ansiedad');
    await snap(page, 'patient-detail');
    await page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link', { name: 'Sesiones', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/terapeuta/pacientes/${id}/sesiones$`));
    await expect(page.getByText('No hay sesiones registradas para este paciente')).toBeVisible();
    await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);

    await page.goto('/dashboard/terapeuta/pacientes/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Paciente no encontrado')).toBeVisible();
    await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).last().click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
  });

  test('create a patient: validation, credentials shown once, then delete it', async ({ page }) => {
    // Many steps (two dialogs, a search, a deletion): room for a busy machine.
    test.setTimeout(90_000);
    const patient = uniquePatient('Nuevo');
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();
    await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
    await expect(dialog.getByText('El teléfono es requerido')).toBeVisible();

    await dialog.getByLabel('Nombre').fill(patient.nombre);
    await dialog.getByLabel('Apellido').fill(patient.apellido);
    await dialog.getByLabel('Correo electrónico').fill(patient.email);
    await dialog.getByRole('combobox', { name: 'Código' }).click();
    await page.getByRole('option', { name: '+34 España' }).click();
    await dialog.getByLabel('Teléfono').pressSequentially('612-34 56 78');
    await expect(dialog.getByLabel('Teléfono')).toHaveValue('612345678');
    await dialog.getByLabel('Edad').pressSequentially('-4e1');
    await expect(dialog.getByLabel('Edad')).toHaveValue('41');
    await dialog.getByRole('combobox', { name: 'Estado civil' }).click();
    await page.getByRole('option', { name: 'Casado/a' }).click();
    await dialog.getByRole('combobox', { name: 'Nivel de escolaridad' }).click();
    await page.getByRole('option', { name: 'Maestría' }).click();
    await dialog.getByLabel('Profesión u ocupación').fill('Arquitecta');
    await dialog.getByRole('checkbox', { name: '¿Ha hecho terapia antes?' }).click();
    await dialog.getByRole('checkbox', { name: /WhatsApp/ }).click();
    await dialog.getByLabel('Propuesta de terapia').fill('Acompañamiento en duelo');
    await snap(page, 'create-patient-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();

    const credentials = page.getByRole('dialog', { name: 'Credenciales del paciente' });
    // The toast first: it leaves after a few seconds, the dialog stays.
    await expect(toast(page, 'Paciente creado')).toBeVisible();
    await expect(credentials).toBeVisible();
    await expect(credentials.getByTestId('credentials-email')).toHaveText(patient.email);
    await expect(credentials.getByTestId('credentials-password')).toHaveText(/.{8,}/);
    await snap(page, 'credentials-dialog', { fullPage: false });
    // Neither Escape nor an outside click closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await expect(credentials).toBeVisible();
    await credentials.getByRole('button', { name: 'Entendido' }).click();
    await expect(credentials).toHaveCount(0);

    const search = page.getByRole('textbox', { name: 'Buscar pacientes por nombre o apellido' });
    await search.fill(patient.apellido);
    const card = page.getByTestId('patient-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('41 años');
    await expect(card).toContainText('+34 612 34 56 78');

    // Creating the same e-mail again is refused.
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await dialog.getByLabel('Nombre').fill('Otra');
    await dialog.getByLabel('Apellido').fill('Persona');
    await dialog.getByLabel('Correo electrónico').fill(patient.email);
    await dialog.getByLabel('Teléfono').fill('3001112233');
    await dialog.getByRole('button', { name: 'Crear paciente' }).click();
    await expect(toast(page, 'Email ya existe')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(dialog).toHaveCount(0);

    await card.getByRole('button', { name: /^Acciones para/ }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar paciente?' });
    await expect(confirm).toContainText('todos sus datos asociados');
    await snap(page, 'delete-dialog', { fullPage: false });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toast(page, 'Paciente eliminado')).toBeVisible();
    await expect(page.getByText(`No se encontraron pacientes que coincidan con "${patient.apellido}".`)).toBeVisible();
  });

  test('table view: sorting, pagination and CSV export', async ({ page }) => {
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Tabla' }).click();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Paciente' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await snap(page, 'patients-table');
    await table.getByRole('columnheader', { name: 'Edad' }).getByRole('button').click();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/\d+-\d+ de \d+/)).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('pacientes.csv');
    const text = readFileSync(await file.path(), 'utf8');
    // Spreadsheet-friendly for a Spanish locale: BOM, ';' between columns, every field quoted.
    expect(text.startsWith('\uFEFF"Nombre";"Apellido";"Email";"Teléfono";"Edad";')).toBe(true);

    await table.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes\/[0-9a-f-]{36}$/);
  });

  test('the patient list on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsTherapist(page);
    await expect(page.getByTestId('patient-card').first()).toBeVisible();
    await snap(page, 'patients-mobile');
  });
});
