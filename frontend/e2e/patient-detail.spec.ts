import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createPatientViaApi, signInAsTherapist, snap, therapistToken, toast, uniquePatient } from './helpers';

/** The sections of the patient-detail screen and their URLs (the seven record sections, the patient's appointments, questionnaires, consents, access history and data export). */
const TABS = [
  { label: 'Información del Paciente', path: '' },
  { label: 'Sesiones', path: '/sesiones' },
  { label: 'Nueva Sesión', path: '/nueva-sesion' },
  { label: 'Citas', path: '/citas' },
  { label: 'Ejercicios', path: '/ejercicios' },
  { label: 'Módulos', path: '/modulos' },
  { label: 'Progreso', path: '/progreso' },
  { label: 'Cuestionarios', path: '/cuestionarios' },
  { label: 'AI Chat', path: '/ai-chat' },
  { label: 'Consentimientos', path: '/consentimientos' },
  { label: 'Historial de accesos', path: '/historial-accesos' },
  { label: 'Exportar datos', path: '/exportacion' },
] as const;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, phone: false },
  { name: 'phone', width: 390, height: 844, phone: true },
] as const;

const patientUrl = (id: string, path = '') => new RegExp(`/dashboard/terapeuta/pacientes/${id}${path}$`);

async function api(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return {
    async session(data: Record<string, unknown>) {
      const res = await request.post('/api/v1/sesiones/', { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: string; numero_sesion: number };
    },
    async sessionType(nombre: string) {
      const res = await request.post('/api/v1/tipos-sesion/', {
        headers,
        data: {
          nombre,
          descripcion: null,
          valor: 60,
          activo: true,
          campos: [
            { nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', 'Uno'] },
            { nombre: 'Tarea enviada', tipo: 'checkbox', requerido: false, placeholder: null, opciones: [] },
          ],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: string };
    },
  };
}

/** Opens a section from the patient's side menu (on a phone, first unfolding it). */
async function openTab(page: Page, label: string, phone: boolean) {
  const nav = page.getByRole('navigation', { name: 'Secciones del paciente' });
  if (phone) {
    const toggle = page.getByRole('button', { name: /^Secciones del paciente:/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  if (!phone) return nav.getByRole('link', { name: label, exact: true }).click();
  // On a phone the menu folds away under a toggle naming the section; a click during the unfolding may not take.
  const current = page.getByRole('button', { name: `Secciones del paciente: ${label}` });
  await expect(async () => {
    if (!(await current.isVisible())) await nav.getByRole('link', { name: label, exact: true }).click({ timeout: 3000 });
    await expect(current).toHaveAttribute('aria-expanded', 'false', { timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}

for (const vp of VIEWPORTS) {
  test.describe(`Patient detail (${vp.name})`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    // Each test walks a whole flow (eleven sections, or a form saved twice) and reloads the shell.
    test.describe.configure({ timeout: 90_000 });

    test('each section has its URL; the back button and a reload keep it', async ({ page, request }) => {
      const patient = uniquePatient('Pestañas');
      const { id } = await createPatientViaApi(request, patient);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `${patient.nombre} ${patient.apellido}` })).toBeVisible();
      await expect(page.getByTestId('patient-info')).toBeVisible();
      if (vp.phone) {
        // Collapsed behind a toggle that names the current section.
        await expect(page.getByRole('navigation', { name: 'Secciones del paciente' })).toBeHidden();
        await page.getByRole('button', { name: 'Secciones del paciente: Información del Paciente' }).click();
        await expect(page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link')).toHaveCount(TABS.length);
        await snap(page, `patient-detail-menu-open-${vp.name}`, { fullPage: false });
        await page.getByRole('button', { name: 'Secciones del paciente: Información del Paciente' }).click();
      } else {
        await expect(page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link')).toHaveCount(TABS.length);
      }

      for (const tab of TABS.slice(1)) {
        await openTab(page, tab.label, vp.phone);
        await expect(page).toHaveURL(patientUrl(id, tab.path));
        if (tab.path === '/nueva-sesion') await snap(page, `patient-new-session-${vp.name}`);
        if (tab.path === '/ai-chat')
          await expect(page.getByRole('heading', { name: `Asistente IA · ${patient.nombre} ${patient.apellido}` })).toBeVisible();
      }
      await expect(page.getByTestId('export-tab')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/historial-accesos'));
      await expect(page.getByTestId('access-history-tab')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/consentimientos'));
      await expect(page.getByTestId('consents-tab')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/ai-chat'));
      await expect(page.getByRole('heading', { name: `Asistente IA · ${patient.nombre} ${patient.apellido}` })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/cuestionarios'));
      await expect(page.getByRole('heading', { level: 2, name: 'Cuestionarios' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/progreso'));
      await expect(page.getByTestId('patient-progress-tab')).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(patientUrl(id, '/modulos'));
      await expect(page.getByTestId('patient-modules-tab')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('patient-modules-tab')).toBeVisible();
      if (vp.phone) {
        await expect(page.getByRole('button', { name: 'Secciones del paciente: Módulos' })).toBeVisible();
      } else {
        await expect(
          page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link', { name: 'Módulos' }),
        ).toHaveAttribute('aria-current', 'page');
      }

      await page.goto(`/dashboard/terapeuta/pacientes/${id}/sesiones`);
      await expect(page.getByText('No hay sesiones registradas para este paciente')).toBeVisible();
      await expect(page.getByTestId('sessions-heading')).toHaveText('Historial de sesiones (0)');
      await snap(page, `patient-sessions-empty-${vp.name}`);

      // Older links with ?tab= land on the tab's URL; an unknown section falls back to the patient's record.
      await page.goto(`/dashboard/terapeuta/pacientes/${id}?tab=exercises`);
      await expect(page).toHaveURL(patientUrl(id, '/ejercicios'));
      await page.goto(`/dashboard/terapeuta/pacientes/${id}/no-existe`);
      await expect(page).toHaveURL(patientUrl(id));
      await expect(page.getByTestId('patient-info')).toBeVisible();

      if (!vp.phone) {
        // The shell's own 'Nueva Sesión' page (its panel has its own patient picker).
        await page.getByRole('menuitem', { name: 'Nueva Sesión' }).click();
        await expect(page).toHaveURL(/\/dashboard\/terapeuta\/nueva-sesion$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Nueva Sesión' })).toBeVisible();
        await expect(page).toHaveTitle('Nueva Sesión · Consulta');
      }

      await page.goto('/dashboard/terapeuta/pacientes/00000000-0000-4000-8000-000000000000/sesiones');
      await expect(page.getByText('Paciente no encontrado')).toBeVisible();
      await page.getByRole('link', { name: 'Volver a Mis Pacientes' }).last().click();
      await expect(page).toHaveURL(/\/dashboard\/terapeuta\/pacientes$/);
    });

    test('patient info: Cancelar discards, Guardar cambios keeps the changes', async ({ page, request }) => {
      const patient = uniquePatient('Editable');
      const { id } = await createPatientViaApi(request, patient);
      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}`);
      const info = page.getByTestId('patient-info');
      await expect(info).toContainText('No programada');
      await expect(page.getByTestId('therapy-status-badge')).toHaveText('Terapia activa');
      await snap(page, `patient-info-${vp.name}`);

      // Cancelar asks first: 'Seguir editando' keeps what was typed, 'Salir sin guardar' drops it.
      await info.getByRole('button', { name: 'Editar' }).click();
      const form = page.getByTestId('patient-record-form');
      await form.getByLabel('Plan de tratamiento').fill('Un plan que no se guarda');
      await form.getByRole('button', { name: 'Cancelar' }).click();
      const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
      await expect(ask).toContainText('Los cambios que no has guardado se perderán.');
      await ask.getByRole('button', { name: 'Seguir editando' }).click();
      await expect(ask).toBeHidden();
      await expect(form.getByLabel('Plan de tratamiento')).toHaveValue('Un plan que no se guarda');
      await form.getByRole('button', { name: 'Cancelar' }).click();
      await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
      await expect(info).not.toContainText('Un plan que no se guarda');
      await expect(info.getByRole('button', { name: 'Editar' })).toBeFocused();

      // A wrong value is refused in the form.
      await info.getByRole('button', { name: 'Editar' }).click();
      await expect(form.getByLabel('Correo electrónico')).toHaveValue(patient.email);
      await expect(form.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
      await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('');
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(form.getByText('El nombre es requerido')).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Nombre', exact: true })).toBeFocused();
      await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(patient.nombre);

      await form.getByRole('combobox', { name: 'Estado de la terapia' }).click();
      await page.getByRole('option', { name: 'Alta' }).click();
      await form.getByLabel('Plan de tratamiento').fill('Sesiones quincenales\ncon tareas de respiración');
      await form.getByLabel('Tipo de servicio').fill('Presencial');
      // The next appointment comes from the agenda: read-only here, changed in the patient's 'Citas'.
      await expect(form.getByLabel('Próxima cita')).toHaveAttribute('readonly', '');
      await expect(form.getByLabel('Próxima cita')).toHaveValue('No programada');
      await expect(form.getByRole('link', { name: 'Ver sus citas' })).toHaveAttribute('href', `/dashboard/terapeuta/pacientes/${id}/citas`);
      await snap(page, `patient-info-edit-${vp.name}`);
      const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().endsWith(`/api/v1/pacientes/${id}`));
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      const sent = (await patch).postDataJSON();
      // Only what changed is sent.
      expect(sent).toEqual({
        estado_terapia: 'alta',
        plan_tratamiento: 'Sesiones quincenales\ncon tareas de respiración',
        tipo_servicio: 'Presencial',
      });
      await expect(toast(page, 'Paciente actualizado')).toBeVisible();
      await expect(page.getByTestId('therapy-status-badge')).toHaveText('Alta terapéutica');

      await page.reload();
      await expect(info).toContainText('Sesiones quincenales');
      await expect(info).toContainText('Presencial');
      await expect(info).toContainText('No programada');
      await expect(info.getByText('Alta', { exact: true })).toBeVisible();
      await snap(page, `patient-info-saved-${vp.name}`);
    });

    test('sessions: select one, read its detail, delete one with a confirmation', async ({ page, request }) => {
      const patient = uniquePatient('Sesiones');
      const { id } = await createPatientViaApi(request, patient);
      const calls = await api(request);
      const type = await calls.sessionType(`Pareja ${patient.apellido}`);
      await calls.session({
        paciente_id: id,
        tipo_sesion: 'psicoterapia',
        notas: 'Primera sesión: motivo de consulta',
        temas_importantes: 'Sueño, trabajo',
        fecha: '2026-11-20T10:00:00Z',
        duracion_minutos: 50,
      });
      await calls.session({
        paciente_id: id,
        tipo_sesion: 'psicoterapia',
        notas: 'Segunda sesión: seguimiento',
        fecha: '2026-11-27T10:00:00Z',
        duracion_minutos: 90,
      });
      await calls.session({
        paciente_id: id,
        tipo_sesion_id: type.id,
        campos_datos: { Asistentes: 'Ambos', 'Tarea enviada': true },
        fecha: '2026-12-04T16:30:00Z',
        duracion_minutos: 60,
        num_voces: 3,
      });

      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/sesiones`);
      await expect(page.getByTestId('sessions-heading')).toHaveText('Historial de sesiones (3)');
      const rows = page.getByTestId('session-row');
      await expect(rows).toHaveCount(3);
      await expect(rows.first()).toContainText('Sesión 3');
      await expect(rows.first().getByTestId('session-custom-badge')).toHaveText('Personalizada');
      await expect(rows.nth(1).getByTestId('session-custom-badge')).toHaveCount(0);
      await expect(page.getByText('Selecciona una sesión para ver los detalles')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Editar sesión 2' })).toBeVisible();

      // The custom session: its type, its fields (booleans as Sí/No) and the number of voices.
      await rows
        .first()
        .getByRole('button', { name: /Sesión 3/ })
        .click();
      const detail = page.getByTestId('session-detail');
      await expect(detail.getByRole('heading', { name: 'Sesión 3' })).toBeVisible();
      await expect(detail.getByTestId('session-type-badge')).toHaveText(`Pareja ${patient.apellido}`);
      await expect(detail.getByTestId('session-custom-badge')).toHaveText('Personalizada');
      await expect(detail).toContainText('04/12/2026, 17:30');
      await expect(detail).toContainText('Ambos');
      await expect(detail).toContainText('Tarea enviada');
      await expect(detail.getByText('Sí', { exact: true })).toBeVisible();
      await expect(detail).toContainText('3 · Sesión grupal');
      await expect(detail).toContainText('Sin video');
      await expect(detail).toBeInViewport();
      await snap(page, `session-detail-custom-${vp.name}`, { fullPage: false });

      // The open session takes the list's place; 'Volver a la lista' brings it back.
      await expect(page.getByTestId('session-list')).toHaveCount(0);
      await page.getByRole('button', { name: 'Volver a la lista' }).click();
      await rows
        .nth(1)
        .getByRole('button', { name: /Sesión 2/ })
        .click();
      await expect(detail.getByRole('heading', { name: 'Sesión 2' })).toBeVisible();
      await expect(detail.getByTestId('session-type-badge')).toHaveText('Psicoterapia');
      await expect(detail.getByTestId('session-custom-badge')).toHaveCount(0);
      await expect(detail).toContainText('Segunda sesión: seguimiento');
      await expect(detail).toContainText('1h 30min');
      await expect(detail).toContainText('2 · Paciente y terapeuta');
      await expect(detail.getByTestId('session-id')).not.toBeEmpty();
      await expect(detail).toBeInViewport();
      await snap(page, `session-detail-${vp.name}`);

      // Delete (from the open session): the dialog says it cannot be undone; Cancelar keeps the session.
      await page.getByRole('button', { name: 'Eliminar sesión 2' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Eliminar la sesión 2?' });
      await expect(dialog).toContainText('Esta acción no se puede deshacer.');
      await expect(dialog).toHaveCSS('opacity', '1');
      await snap(page, `session-delete-dialog-${vp.name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
      await expect(detail.getByRole('heading', { name: 'Sesión 2' })).toBeVisible();

      await page.getByRole('button', { name: 'Eliminar sesión 2' }).click();
      await dialog.getByRole('button', { name: 'Eliminar' }).click();
      await expect(toast(page, 'Sesión eliminada')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('sessions-heading')).toHaveText('Historial de sesiones (2)');
      await expect(rows).toHaveCount(2);
      await expect(page.getByText('Selecciona una sesión para ver los detalles')).toBeVisible();

      // The patient's totals follow: 50 + 60 minutes in two sessions.
      await openTab(page, 'Información del Paciente', vp.phone);
      const info = page.getByTestId('patient-info');
      await expect(info).toContainText('110 minutos');
      await expect(info).toContainText('04/12/2026');
    });
  });
}
