import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createPatientViaApi,
  expectAccessible,
  expectFitsWidth,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
  uniquePatient,
  VIEWPORTS,
} from './helpers';

/**
 * 'Sugerir ejercicios' in the therapist's session detail, at 1280 and 390 px, against the AI stand-in
 * (e2e/support/ai-stand-in.ts): it answers from the bank and the session the server sent it, naming the exercises
 * the session names «between quotes», after an id it made up, which the server drops. Nothing is assigned until
 * the therapist presses 'Asignar'.
 */
async function therapistApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  const post = async <T>(path: string, data: object) => {
    const res = await request.post(`/api/v1${path}`, { headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const get = async <T>(path: string) => (await (await request.get(`/api/v1${path}`, { headers })).json()) as T;
  return { post, get };
}

/** A new patient with one session whose notes say `notas`, and exercises of the demo therapist's bank named after `tag`. */
async function patientWithSession(request: APIRequestContext, notas: (tag: string) => string) {
  const { post } = await therapistApi(request);
  // Not a word of the stand-in's markers ('[sin-sugerencias]'): a patient's name is replaced wherever the request says it.
  const patient = uniquePatient('Pilar');
  const { id } = await createPatientViaApi(request, patient);
  // Five letters: the other patients the run creates have three-letter names ('Pilar xyz'), and every patient's name
  // is replaced in what reaches the AI, so a three-letter tag sometimes became '[PACIENTE_n]' in the bank it was sent.
  const tag = `${patient.apellido.slice(-3)}${patient.nombre.slice(-2)}`;
  const breathing = await post<{ id: string; titulo: string }>('/ejercicios/', {
    titulo: `Respiración cuadrada ${tag}`,
    categoria: 'Ansiedad',
    descripcion: 'Inspira, retén, espira y retén, cuatro tiempos cada uno.',
  });
  const diary = await post<{ id: string; titulo: string }>('/ejercicios/', { titulo: `Diario de sueño ${tag}` });
  const session = await post<{ id: string }>('/sesiones/', { paciente_id: id, tipo_sesion: 'psicoterapia', notas: notas(tag) });
  return { id, patient, session, breathing, diary, post };
}

const openSession = async (page: Page, patientId: string, sessionId: string) => {
  await page.goto(`/dashboard/terapeuta/pacientes/${patientId}/sesiones?sesion=${sessionId}`);
  const section = page.getByRole('region', { name: 'Ejercicios sugeridos' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  return section;
};

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Sugerir ejercicios (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test('suggests exercises of the bank with their reasons; Asignar assigns one and the patient’s list shows it', async ({
      page,
      request,
    }) => {
      const { id, session, breathing, diary, post } = await patientWithSession(
        request,
        (tag) =>
          `Le cuesta dormir y se bloquea antes de las reuniones. Acordamos practicar «Respiración cuadrada ${tag}» y seguir con «Diario de sueño ${tag}».`,
      );
      // The diary is on the patient's list already.
      await post('/paciente-ejercicios/', { paciente_id: id, ejercicio_id: diary.id });

      await signInAsTherapist(page);
      const section = await openSession(page, id, session.id);
      await expect(section.getByText('La IA busca en tu banco hasta 3 ejercicios')).toBeVisible();
      await section.getByRole('button', { name: 'Sugerir ejercicios' }).click();
      await expect(section.getByRole('button', { name: 'Buscando ejercicios…' })).toBeDisabled();
      const status = section.getByRole('status');
      await expect(status).toHaveText('La IA sugiere 2 ejercicios de tu banco.', { timeout: 30_000 });

      // The made-up id was dropped by the server; each reason is one sentence.
      const items = section.getByRole('list', { name: 'Ejercicios sugeridos' }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      const first = items.filter({ has: page.getByRole('heading', { name: breathing.titulo }) });
      const second = items.filter({ has: page.getByRole('heading', { name: diary.titulo }) });
      await expect(first).toContainText('Ansiedad');
      await expect(first).toContainText(`En la sesión se habló de «${breathing.titulo}» y encaja con lo que el paciente contó.`);
      await expect(first).not.toContainText('Segunda frase');
      await expect(second).toContainText('Sin categoría');
      await expect(second.getByText('Asignado')).toBeVisible();
      await expect(section).not.toContainText('no existe');
      await expectFitsWidth(page);
      await expectAccessible(page, `exercise suggestions ${name}`);
      await section.scrollIntoViewIfNeeded();
      await snap(page, `exercise-suggestions-${name}`, { fullPage: false });

      // Nothing was assigned by suggesting: 'Asignar' does it.
      const { get } = await therapistApi(request);
      const before = await get<{ ejercicios: { id: string }[] }>(`/paciente-ejercicios/pacientes/${id}/ejercicios/unified`);
      expect(before.ejercicios.map((e) => e.id)).toEqual([diary.id]);
      await first.getByRole('button', { name: `Asignar ${breathing.titulo}` }).click();
      await expect(toast(page, 'Ejercicio asignado correctamente')).toBeVisible();
      await expect(first.getByText('Asignado')).toBeVisible();
      await expect(first.getByRole('button', { name: /^Asignar/ })).toHaveCount(0);
      await expectAccessible(page, `exercise suggestions assigned ${name}`);
      await snap(page, `exercise-suggestions-assigned-${name}`, { fullPage: false });

      await page.goto(`/dashboard/terapeuta/pacientes/${id}/ejercicios`);
      await expect(page.getByText(breathing.titulo)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(diary.titulo)).toBeVisible();
    });
  });
}

test.describe('Sugerir ejercicios: when nothing fits, a provider answer that cannot be read, the demo practice', () => {
  test.describe.configure({ timeout: 90_000 });

  test('says when nothing fits, and reports an unreadable answer in Spanish', async ({ page, request }) => {
    const empty = await patientWithSession(request, () => 'Sesión de cierre sin tareas nuevas [sin-sugerencias].');
    const broken = await patientWithSession(request, () => 'Sesión de seguimiento [json-roto].');
    await signInAsTherapist(page);

    let section = await openSession(page, empty.id, empty.session.id);
    await section.getByRole('button', { name: 'Sugerir ejercicios' }).click();
    await expect(section.getByRole('status')).toHaveText('La IA no encontró ejercicios de tu banco que encajen con esta sesión.', {
      timeout: 30_000,
    });
    await expect(section.getByRole('list')).toHaveCount(0);
    await expectAccessible(page, 'exercise suggestions none');

    section = await openSession(page, broken.id, broken.session.id);
    await section.getByRole('button', { name: 'Sugerir ejercicios' }).click();
    await expect(toast(page, 'Error al sugerir ejercicios')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('toaster')).toContainText(
      'La IA respondió con un formato que no se pudo leer. Por favor, intenta nuevamente.',
    );
    await expect(section.getByRole('button', { name: 'Sugerir ejercicios' })).toBeEnabled();
    await snap(page, 'exercise-suggestions-unreadable', { fullPage: false });
  });

  test('works on a demo patient’s session, from the demo bank', async ({ page, request }) => {
    const { get } = await therapistApi(request);
    const patients = await get<{ id: string; nombre: string }[]>('/pacientes/');
    const lucia = patients.find((p) => p.nombre === 'Lucía')!;
    const sessions = await get<{ id: string; fecha: string; tiene_transcripcion: boolean }[]>(`/sesiones/paciente/${lucia.id}`);
    const withTranscript = sessions.filter((s) => s.tiene_transcripcion).sort((a, b) => b.fecha.localeCompare(a.fecha))[0];
    await signInAsTherapist(page);
    const section = await openSession(page, lucia.id, withTranscript.id);
    await section.getByRole('button', { name: 'Sugerir ejercicios' }).click();
    await expect(section.getByRole('status')).toHaveText(/^La IA sugiere [12] ejercicios? de tu banco\.$/, { timeout: 30_000 });
    await expect(section.getByRole('listitem').first()).toContainText('En la sesión se habló de «');
    await expectAccessible(page, 'exercise suggestions demo');
    await snap(page, 'exercise-suggestions-demo', { fullPage: false });
  });
});
