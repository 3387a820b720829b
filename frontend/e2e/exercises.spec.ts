import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectFitsWidth,
  openInApp,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  toast,
} from './helpers';

/**
 * The exercise bank, modules and progress: the therapist builds a module in the bank and assigns it;
 * the patient completes two exercises with notes on a phone and sees the progress move; the therapist's progress
 * tab shows it. Each screen passes axe-core (no serious or critical violation).
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe.configure({ timeout: 120_000 });

test('a module built in the bank reaches the patient, whose completions show in the therapist’s progress', async ({
  page,
  browser,
  request,
}) => {
  const patient = await patientReadyToSignIn(request, 'Modulo');
  const suffix = patient.apellido.slice(-3);
  const exerciseTitle = `Registro de sueño ${suffix}`;
  const moduleTitle = `Rutina de calma ${suffix}`;

  // The therapist creates an exercise with a worksheet in the bank.
  await signInAsTherapist(page);
  await page.getByRole('tab', { name: 'Banco de Ejercicios' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Banco de Ejercicios' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Anclaje 5-4-3-2-1' })).toBeVisible();
  await expectAccessible(page, 'bank');
  await page.getByRole('button', { name: 'Crear Ejercicio' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Ejercicio' });
  await create.getByRole('textbox', { name: 'Título' }).fill(exerciseTitle);
  await create.getByRole('combobox', { name: 'Categoría' }).click();
  await page.getByRole('option', { name: 'Ansiedad' }).click();
  await create.getByRole('textbox', { name: 'Descripción' }).fill('Anota cada mañana a qué hora te dormiste y cómo descansaste.');
  await create.getByTestId('exercise-file-input').setInputFiles({ name: 'registro-sueno.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(
    create.getByRole('listitem').filter({ hasText: 'registro-sueno.pdf' }).getByRole('button', { name: 'Quitar registro-sueno.pdf' }),
  ).toBeVisible();
  // A file uploaded here and taken off again is deleted; a failed delete says so and the file stays listed.
  await create.getByTestId('exercise-file-input').setInputFiles({ name: 'borrador.pdf', mimeType: 'application/pdf', buffer: PDF });
  const extra = create.getByRole('listitem').filter({ hasText: 'borrador.pdf' }).getByRole('button', { name: 'Quitar borrador.pdf' });
  await expect(extra).toBeVisible();
  await page.route(
    '**/api/v1/aws-s3/delete-file',
    (route) => route.fulfill({ status: 500, json: { detail: 'Fallo del almacenamiento' } }),
    {
      times: 1,
    },
  );
  await extra.click();
  await expect(toast(page, 'No se pudo eliminar el archivo...')).toBeVisible();
  await expect(extra).toBeVisible();
  const deleted = page.waitForResponse((res) => res.url().endsWith('/aws-s3/delete-file') && res.ok());
  await extra.click();
  await deleted;
  await expect(extra).toHaveCount(0);
  await expectAccessible(page, 'create exercise dialog');
  await snap(page, 'bank-create-exercise');
  await create.getByRole('button', { name: 'Crear' }).click();
  await expect(toast(page, 'Ejercicio creado correctamente')).toBeVisible();
  const card = page.getByRole('listitem', { name: exerciseTitle });
  await expect(card).toContainText('PDF');
  await expect(card).toContainText('0 pacientes · En ningún módulo');

  // ...builds a module with it and a demo exercise, in order, for the new patient.
  await page.getByRole('tab', { name: /^Módulos/ }).click();
  await page.getByRole('button', { name: 'Crear Módulo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Módulo' });
  await dialog.getByRole('textbox', { name: 'Título' }).fill(moduleTitle);
  await dialog.getByRole('textbox', { name: 'Descripción' }).fill('Dos prácticas para las noches difíciles.');
  await dialog.getByRole('combobox', { name: 'Añadir ejercicio' }).click();
  await page.getByRole('option', { name: 'Anclaje 5-4-3-2-1' }).click();
  await dialog.getByRole('combobox', { name: 'Añadir ejercicio' }).click();
  await page.getByRole('option', { name: exerciseTitle }).click();
  await dialog.getByRole('button', { name: `Subir ${exerciseTitle}` }).click();
  await expect(dialog.getByRole('list', { name: 'Ejercicios del módulo' }).getByRole('listitem').first()).toContainText(exerciseTitle);
  await dialog.getByRole('checkbox', { name: `${patient.nombre} ${patient.apellido}` }).check();
  await expectAccessible(page, 'create module dialog');
  await snap(page, 'bank-create-module');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(toast(page, 'Módulo creado correctamente')).toBeVisible();
  await expect(page.getByRole('listitem', { name: moduleTitle })).toContainText('2 ejercicios · 1 paciente');
  await snap(page, 'bank-modules');

  // The patient, on a phone, completes both with notes and sees the progress move.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const mobile = await phone.newPage();
  await signInAsPatient(mobile, patient);
  await expect(mobile).toHaveURL(/\/dashboard\/paciente$/);
  await mobile.goto('/dashboard/paciente/ejercicios');
  await expect(mobile.getByRole('tab', { name: 'Ejercicios (2)' })).toBeVisible();
  await expect(mobile.getByRole('tab', { name: 'Módulos (1)' })).toBeVisible();
  await expectAccessible(mobile, 'patient exercises');
  await expectFitsWidth(mobile);
  for (const [title, notes] of [
    [exerciseTitle, 'Me dormí a las 23:30 y descansé mejor.'],
    ['Anclaje 5-4-3-2-1', 'Lo usé en el metro y funcionó.'],
  ]) {
    await mobile.getByRole('button', { name: `Ver detalles de «${title}»` }).click();
    const detail = mobile.getByRole('dialog', { name: title });
    await detail.getByRole('textbox', { name: 'Notas (opcional)' }).fill(notes);
    // The previous completion's toast has gone, so the next one is this completion's.
    await expect(toast(mobile, 'Ejercicio completado')).toHaveCount(0);
    await detail.getByRole('button', { name: 'Marcar como completado' }).click();
    await expect(toast(mobile, 'Ejercicio completado')).toBeVisible();
    await expect(detail.getByTestId('completion-notes')).toHaveText(notes);
    if (title === exerciseTitle) await snap(mobile, 'patient-exercise-completed');
    await detail.getByRole('button', { name: 'Cerrar' }).click();
  }
  await expect(mobile.getByRole('checkbox', { name: `Desmarcar «${exerciseTitle}»` })).toBeChecked();
  await mobile.getByRole('tab', { name: 'Mi Progreso' }).click();
  await expect(mobile.getByRole('progressbar', { name: 'Progreso general' })).toHaveAttribute('aria-valuetext', '100,0 %');
  await expect(mobile.getByText('2 de 2 ejercicios completados')).toBeVisible();
  await expectAccessible(mobile, 'patient progress');
  await expectFitsWidth(mobile);
  await snap(mobile, 'patient-progress');
  await phone.close();

  // The therapist's progress tab of that patient shows both, with the notes.
  await openInApp(page, `/dashboard/terapeuta/pacientes/${patient.id}/progreso`);
  const progress = page.getByTestId('patient-progress-tab');
  await expect(progress.getByRole('progressbar', { name: 'Progreso general' })).toHaveAttribute('aria-valuetext', '100,0 %');
  const recent = progress.getByRole('region', { name: 'Completados recientemente' });
  await expect(recent).toContainText('Notas del paciente: Lo usé en el metro y funcionó.');
  await expect(recent).toContainText(exerciseTitle);
  await expectAccessible(page, 'therapist progress tab');
  await snap(page, 'therapist-progress');
  await openInApp(page, `/dashboard/terapeuta/pacientes/${patient.id}/modulos`);
  await expect(page.getByRole('listitem', { name: moduleTitle })).toContainText('completados 2 de 2');
});

test('the bank on a phone: search, a card’s menu, the detail with its patients and the delete confirmation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsTherapist(page, '/dashboard/terapeuta/ejercicios');
  await page.getByRole('searchbox', { name: 'Buscar ejercicios y módulos' }).fill('anclaje');
  const card = page.getByRole('listitem', { name: 'Anclaje 5-4-3-2-1' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ejercicios (1)' })).toBeVisible();
  await expectAccessible(page, 'bank on a phone');
  await expectFitsWidth(page);
  await snap(page, 'bank-phone');
  await card.getByRole('button', { name: 'Acciones de «Anclaje 5-4-3-2-1»' }).click();
  await page.getByRole('menuitem', { name: 'Ver detalles' }).click();
  const detail = page.getByRole('dialog', { name: 'Anclaje 5-4-3-2-1' });
  await expect(
    detail
      .getByRole('region', { name: /^Pacientes/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'exercise detail');
  await expectFitsWidth(page);
  await snap(page, 'bank-exercise-detail-phone');
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await card.getByRole('button', { name: 'Acciones de «Anclaje 5-4-3-2-1»' }).click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar ejercicio?' });
  await expect(confirm).toContainText('Esta acción no se puede deshacer.');
  await expect(confirm).toContainText(/Lo tienen? \d+ pacientes?/);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
});
