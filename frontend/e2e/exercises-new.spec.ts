import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectAccessible, expectFitsWidth, patientReadyToSignIn, signInAsPatient, snap, therapistToken, VIEWPORTS } from './helpers';

/**
 * The patient's 'Ejercicios Sugeridos': titled as its menu entry, it marks what the therapist suggested since the
 * patient last looked ('Nuevo', 'Sugerido tras tu sesión del …'); the last look is the server's, so the next visit
 * (on any device) no longer marks it. A module's exercise has a visible 'Ver módulo'; nothing to download says
 * 'Sin archivos'.
 */
async function therapistApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  return async <T>(path: string, data: object): Promise<T> => {
    const res = await request.post(`/api/v1${path}`, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()) as T;
  };
}

const esDate = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date(iso));

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Ejercicios Sugeridos: what is new (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('marks the exercises suggested since the last look, with the session they followed', async ({ page, request }) => {
      const patient = await patientReadyToSignIn(request, 'Novedad');
      const post = await therapistApi(request);
      const tag = patient.apellido.slice(-4);
      // Already seen: an exercise assigned before the patient's first look.
      const old = await post<{ id: string }>('/ejercicios/', { titulo: `Registro previo ${tag}` });
      await post('/paciente-ejercicios/', { paciente_id: patient.id, ejercicio_id: old.id });
      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente/, { timeout: 30_000 });
      await page.goto('/dashboard/paciente/ejercicios');
      await expect(page.getByRole('heading', { level: 1, name: 'Ejercicios Sugeridos' })).toBeVisible();
      await expect(page).toHaveTitle(/^Ejercicios Sugeridos · Consulta$/);
      await expect(page.getByText(`Registro previo ${tag}`)).toBeVisible();

      // A session, then two suggestions after it: one on its own, one in a module.
      const session = new Date(Date.now() - 2 * 86_400_000);
      session.setUTCHours(10, 0, 0, 0);
      await post('/sesiones/', { paciente_id: patient.id, tipo_sesion: 'psicoterapia', fecha: session.toISOString(), notas: 'Notas' });
      const fresh = await post<{ id: string }>('/ejercicios/', { titulo: `Respiración cuadrada ${tag}` });
      await post('/paciente-ejercicios/', { paciente_id: patient.id, ejercicio_id: fresh.id });
      const inModule = await post<{ id: string }>('/ejercicios/', { titulo: `Paseo consciente ${tag}` });
      const module = await post<{ id: string }>('/modulos/', { titulo: `Calma diaria ${tag}` });
      await post('/modulo-ejercicios/', { modulo_id: module.id, ejercicio_id: inModule.id });
      await post('/paciente-modulos/', { paciente_id: patient.id, modulo_id: module.id });

      await page.reload();
      await expect(page.getByTestId('exercises-new-count')).toHaveText('2 ejercicios nuevos desde tu última visita');
      const row = (title: string) => page.getByRole('listitem').filter({ hasText: title });
      for (const title of [`Respiración cuadrada ${tag}`, `Paseo consciente ${tag}`]) {
        await expect(row(title).getByTestId('exercise-new')).toHaveText('Nuevo');
        await expect(row(title)).toContainText(`Sugerido tras tu sesión del ${esDate(session.toISOString())}`);
      }
      await expect(row(`Registro previo ${tag}`).getByTestId('exercise-new')).toHaveCount(0);
      await expectFitsWidth(page);
      await expectAccessible(page, `ejercicios sugeridos new ${name}`);
      await snap(page, `exercises-new-${name}`, { fullPage: false });

      // 'Sin archivos' where there is nothing to download.
      await row(`Respiración cuadrada ${tag}`)
        .getByRole('button', { name: `Ver detalles de «Respiración cuadrada ${tag}»` })
        .click();
      const detail = page.getByRole('dialog');
      await expect(detail.getByText('Sin archivos')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // A visible 'Ver módulo' opens the module.
      const link = row(`Paseo consciente ${tag}`).getByRole('button', { name: `Ver módulo Calma diaria ${tag}` });
      await expect(link).toHaveText('Ver módulo');
      await link.click();
      await expect(page.getByRole('dialog', { name: new RegExp(`Calma diaria ${tag}`) })).toBeVisible();
      await page.keyboard.press('Escape');

      // The next visit: nothing is new any more.
      await page.reload();
      await expect(page.getByText(`Respiración cuadrada ${tag}`)).toBeVisible();
      await expect(page.getByTestId('exercise-new')).toHaveCount(0);
      await expect(page.getByTestId('exercises-new-count')).toHaveCount(0);
    });
  });
}
