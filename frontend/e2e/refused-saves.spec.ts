import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  choose,
  createPatientViaApi,
  expectAccessible,
  expectFitsWidth,
  openInApp,
  picker,
  signInAsDemoPatient,
  signInAsTherapist,
  snap,
  typeInPicker,
  uniquePatient,
  VIEWPORTS,
} from './helpers';

/**
 * Every form refuses a save where the eye is: each field at fault marked (aria-invalid and its message), the first
 * focused, and the action area naming it. A 400 from the server that names a field does the same (the forms refuse
 * those values before sending, so the request is changed on its way to the real server to get its real answer).
 */
/** The field is marked with its message, focused and on screen, and the action area names it. */
async function expectRefused(scope: Locator, field: Locator, message: string | RegExp, summary: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  const described = await field.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  });
  expect(described).toMatch(message);
  await expect(scope.getByTestId('form-problems')).toHaveText(summary);
}

/** The next matching request goes to the server with `patch` over its JSON body. */
async function changeNextRequest(page: Page, method: string, url: RegExp, patch: Record<string, unknown>) {
  await page.route(
    url,
    async (route) => {
      const request = route.request();
      if (request.method() !== method) return route.fallback();
      await route.continue({ postData: JSON.stringify({ ...request.postDataJSON(), ...patch }) });
    },
    { times: 1 },
  );
}

const TOO_LONG = 'x'.repeat(600);

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`a refused save points at the field (${device})`, () => {
    test.use({ viewport });

    test('the exercise and module forms', async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsTherapist(page, '/dashboard/terapeuta/ejercicios');

      await page.getByRole('button', { name: 'Crear Ejercicio' }).click();
      const exercise = page.getByRole('dialog', { name: 'Crear Ejercicio' });
      const title = exercise.getByRole('textbox', { name: /^Título/ });
      await exercise.getByRole('button', { name: 'Crear', exact: true }).click();
      await expectRefused(exercise, title, 'Por favor, ingresa un título para el ejercicio.', 'Falta: Título.');
      await snap(page, `refused-exercise-${device}`, { fullPage: false });
      await expectAccessible(page, `refused exercise (${device})`);
      await expectFitsWidth(page);
      // Typing takes the mark away; the server's 400 on the title marks it again.
      await title.fill('Respiración cuadrada');
      await expect(title).toHaveAttribute('aria-invalid', 'false');
      await expect(exercise.getByTestId('form-problems')).toHaveCount(0);
      await changeNextRequest(page, 'POST', /\/api\/v1\/ejercicios\/?$/, { titulo: TOO_LONG });
      await exercise.getByRole('button', { name: 'Crear', exact: true }).click();
      await expectRefused(exercise, title, /demasiado largo/, 'Revisa: Título.');
      await exercise.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();
      await expect(exercise).toBeHidden();

      await page.getByRole('tab', { name: /^Módulos/ }).click();
      await page.getByRole('button', { name: 'Crear Módulo' }).click();
      const module = page.getByRole('dialog', { name: 'Crear Módulo' });
      const moduleTitle = module.getByRole('textbox', { name: /^Título/ });
      await module.getByRole('button', { name: 'Crear', exact: true }).click();
      await expectRefused(module, moduleTitle, 'Por favor, ingresa un título para el módulo.', 'Falta: Título.');
      await expectAccessible(page, `refused module (${device})`);
      await moduleTitle.fill('Semana 1');
      await changeNextRequest(page, 'POST', /\/api\/v1\/modulos\/?$/, { titulo: TOO_LONG });
      await module.getByRole('button', { name: 'Crear', exact: true }).click();
      await expectRefused(module, moduleTitle, /demasiado largo/, 'Revisa: Título.');
    });

    test("the agenda's appointment dialog", async ({ page, request }) => {
      test.setTimeout(90_000);
      const patient = uniquePatient('Cita');
      await createPatientViaApi(request, patient, []);
      await signInAsTherapist(page, '/dashboard/terapeuta/agenda');
      await page.getByRole('button', { name: 'Nueva cita' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva cita' });
      const who = dialog.getByRole('combobox', { name: /^Paciente/ });
      await dialog.getByRole('button', { name: 'Guardar cita' }).click();
      await expectRefused(dialog, who, 'El paciente es requerido', 'Falta: Paciente.');
      await snap(page, `refused-appointment-${device}`, { fullPage: false });
      await expectAccessible(page, `refused appointment (${device})`);

      await who.fill(patient.nombre);
      await page.getByRole('option', { name: new RegExp(`${patient.nombre} ${patient.apellido}`) }).click();
      await expect(who).toHaveAttribute('aria-invalid', 'false');
      const duration = dialog.getByRole('spinbutton', { name: /^Duración/ });
      await changeNextRequest(page, 'POST', /\/api\/v1\/citas\/?$/, { duracion_minutos: 5000 });
      await dialog.getByRole('button', { name: 'Guardar cita' }).click();
      await expectRefused(dialog, duration, /duración/i, 'Revisa: Duración (min).');
    });

    test("'Nuevo Paciente' and the patient record mark the field a 400 names", async ({ page, request }) => {
      test.setTimeout(90_000);
      const created = uniquePatient('Registro');
      const { id } = await createPatientViaApi(request, created, []);
      await signInAsTherapist(page);

      const patient = uniquePatient('Largo');
      await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
      await dialog.getByRole('textbox', { name: /^Nombre/ }).fill(patient.nombre);
      await dialog.getByLabel('Apellido').fill(patient.apellido);
      await dialog.getByLabel('Correo electrónico').fill(patient.email);
      const phone = dialog.getByLabel('Teléfono');
      await phone.fill('612345678');
      await changeNextRequest(page, 'POST', /\/api\/v1\/pacientes\/?$/, { telefono_paciente: `+34${'6'.repeat(30)}` });
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();
      await expectRefused(dialog, phone, /teléfono/i, 'Revisa: Teléfono.');
      await expectAccessible(page, `Nuevo Paciente refused by the server (${device})`);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await page.getByRole('dialog', { name: '¿Salir sin guardar?' }).getByRole('button', { name: 'Salir sin guardar' }).click();

      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}`);
      await page.getByTestId('patient-info').getByRole('button', { name: 'Editar' }).click();
      const form = page.getByTestId('patient-record-form');
      const nombre = form.getByRole('textbox', { name: 'Nombre', exact: true });
      await nombre.fill('');
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      await expectRefused(form, nombre, 'El nombre es requerido', 'Falta: Nombre.');
      await snap(page, `refused-patient-record-${device}`, { fullPage: false });
      await expectAccessible(page, `refused patient record (${device})`);
      await nombre.fill(created.nombre);
      const service = form.getByLabel('Tipo de servicio');
      await service.fill('Presencial');
      await changeNextRequest(page, 'PATCH', new RegExp(`/api/v1/pacientes/${id}/?$`), { tipo_servicio: TOO_LONG });
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      await expectRefused(form, service, /demasiado largo/, 'Revisa: Tipo de servicio.');
    });

    test('the assignment dialogs and the password form', async ({ page, request }) => {
      test.setTimeout(90_000);
      const { id } = await createPatientViaApi(request, uniquePatient('Asignar'), []);

      // 'Asignar Ejercicio' with nothing chosen.
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/ejercicios`);
      await page.getByRole('button', { name: 'Asignar Ejercicio' }).click();
      const assign = page.getByRole('dialog', { name: 'Asignar Ejercicio' });
      const exercise = assign.getByRole('combobox', { name: /^Ejercicio/ });
      await assign.getByRole('button', { name: 'Asignar', exact: true }).click();
      await expectRefused(assign, exercise, /ejercicio/i, 'Falta: Ejercicio.');
      await expectAccessible(page, `refused exercise assignment (${device})`);
      await assign.getByRole('button', { name: 'Cancelar' }).click();
      await expect(assign).toBeHidden();

      // A questionnaire asked until a day already past.
      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/cuestionarios`);
      await page.getByRole('button', { name: 'Asignar cuestionario' }).click();
      const questionnaire = page.getByRole('dialog', { name: 'Asignar cuestionario' });
      await choose(page, questionnaire.getByRole('combobox', { name: 'Frecuencia' }), 'Cada dos semanas');
      const until = picker(questionnaire, /^Hasta/);
      await typeInPicker(until, '01012020');
      await questionnaire.getByRole('button', { name: 'Asignar', exact: true }).click();
      await expect(until.locator(':focus')).toHaveCount(1);
      await expect(until).toHaveAttribute('aria-invalid', 'true');
      await expect(questionnaire).toContainText('La fecha final debe ser un día (AAAA-MM-DD) a partir de hoy');
      await expect(questionnaire.getByTestId('form-problems')).toHaveText('Revisa: Hasta (opcional).');
      await snap(page, `refused-questionnaire-${device}`, { fullPage: false });
      await expectAccessible(page, `refused questionnaire assignment (${device})`);

      // The patient's 'Cambiar contraseña' sent empty.
      await signInAsDemoPatient(page, '/change-password');
      const current = page.getByLabel(/^Contraseña actual/);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expectRefused(
        page.locator('form'),
        current,
        /contraseña/i,
        'Falta: Contraseña actual, Nueva contraseña y Confirmar nueva contraseña.',
      );
      await expectAccessible(page, `refused password change (${device})`);
      await expectFitsWidth(page);
    });
  });
}
