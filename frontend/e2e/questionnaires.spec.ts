import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  choose,
  expectAccessible,
  expectFitsWidth,
  openInApp,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  therapistToken,
  toast,
} from './helpers';

/**
 * Questionnaires in the browser: the therapist assigns one from the patient's 'Cuestionarios' tab and reviews an
 * answer that raised the safety alert (1280 px); the patient answers a PHQ-9 on a phone (390 px), is shown what is
 * missing, then the score and the crisis lines; the charts of both, with their tables; axe on every screen.
 */

async function assignViaApi(request: APIRequestContext, patientId: string, codigo: string) {
  const res = await request.post('/api/v1/cuestionarios/asignaciones', {
    headers: { Authorization: `Bearer ${await therapistToken(request)}` },
    data: { paciente_id: patientId, codigo, frecuencia_dias: 14 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function answerViaApi(
  request: APIRequestContext,
  who: { email: string; password: string },
  assignmentId: string,
  respuestas: number[],
) {
  const login = await request.post('/api/v1/auth/login/patient', { data: { email: who.email, contrasenia: who.password } });
  const res = await request.post(`/api/v1/pacientes/perfil/cuestionarios/${assignmentId}/respuestas`, {
    headers: { Authorization: `Bearer ${(await login.json()).access_token}` },
    data: { respuestas },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe('questionnaires (therapist, 1280)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('assigns a scale from the tab, reviews an alert (the list flag goes), and reads the demo chart', async ({ page, request }) => {
    test.setTimeout(90_000);
    const patient = await patientReadyToSignIn(request, 'Escalas');
    const phq = await assignViaApi(request, patient.id, 'phq9');
    await answerViaApi(request, patient, phq.id, [1, 1, 1, 0, 0, 0, 0, 0, 1]);

    await signInAsTherapist(page, '/dashboard/terapeuta/pacientes');
    const card = page.getByTestId('patient-card').filter({ hasText: patient.nombre });
    await expect(card.getByTestId('safety-flag')).toBeVisible();

    await openInApp(page, `/dashboard/terapeuta/pacientes/${patient.id}/cuestionarios`);
    await expect(page.getByRole('heading', { level: 2, name: 'Cuestionarios' })).toBeVisible();
    const alerts = page.getByRole('region', { name: 'Respuestas que necesitan tu atención' });
    await expect(alerts).toContainText('respondió por encima de 0 a la pregunta sobre pensamientos de muerte');

    // Assign the GAD-7 every two weeks.
    await page.getByRole('button', { name: 'Asignar cuestionario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignar cuestionario' });
    await choose(page, dialog.getByRole('combobox', { name: 'Cuestionario' }), 'GAD-7 · Ansiedad');
    await choose(page, dialog.getByRole('combobox', { name: 'Frecuencia' }), 'Cada dos semanas');
    await expectAccessible(page, 'assign questionnaire dialog');
    await dialog.getByRole('button', { name: 'Asignar' }).click();
    await expect(toast(page, 'Cuestionario asignado')).toBeVisible();
    const assigned = page.getByRole('region', { name: 'Asignados' });
    await expect(assigned.getByRole('listitem').filter({ hasText: 'GAD-7 · Cada dos semanas' })).toContainText('Pendiente de responder');
    await expect(assigned.getByRole('listitem').filter({ hasText: 'PHQ-9 · Cada dos semanas' })).toContainText('1 respuesta');
    await expect(page.getByRole('table', { name: 'Resultados PHQ-9' }).getByRole('row')).toHaveCount(2);
    await expectAccessible(page, 'questionnaires tab with an alert');
    await snap(page, 'questionnaires-therapist-alert');

    await alerts.getByRole('button', { name: 'Marcar como revisado' }).click();
    await expect(toast(page, 'Resultado marcado como revisado')).toBeVisible();
    await expect(alerts).toHaveCount(0);
    await openInApp(page, '/dashboard/terapeuta/pacientes');
    await expect(page.getByTestId('patient-card').filter({ hasText: patient.nombre })).toBeVisible();
    await expect(page.getByTestId('patient-card').filter({ hasText: patient.nombre }).getByTestId('safety-flag')).toHaveCount(0);

    // The demo patient's six PHQ-9, improving, drawn on the bands with the table behind.
    const patients = (await (
      await request.get('/api/v1/pacientes/', { headers: { Authorization: `Bearer ${await therapistToken(request)}` } })
    ).json()) as { id: string; nombre: string }[];
    const lucia = patients.find((p) => p.nombre === 'Lucía')!;
    await openInApp(page, `/dashboard/terapeuta/pacientes/${lucia.id}/cuestionarios`);
    const history = page.getByTestId('score-history-phq9');
    await expect(history.getByRole('heading', { name: 'Evolución PHQ-9' })).toBeVisible();
    await expect(history.locator('svg path').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Resultados PHQ-9' }).getByRole('row')).toHaveCount(7);
    await expect(page.getByRole('table', { name: 'Resultados PHQ-9' })).toContainText('18 de 27');
    await expectAccessible(page, 'questionnaires tab with charts');
    // Not a full-page shot: resizing the window for it makes the chart draw its line again, from nothing.
    await history.scrollIntoViewIfNeeded();
    await snap(page, 'questionnaires-therapist-charts', { fullPage: false });
  });
});

test.describe('questionnaires (patient, 390)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('answers a PHQ-9 on a phone: what is missing is marked, then the score, the crisis lines and the chart', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const patient = await patientReadyToSignIn(request, 'Responde');
    await assignViaApi(request, patient.id, 'phq9');

    await signInAsPatient(page, patient);
    await expect(page).toHaveURL(/\/dashboard\/paciente$/);
    const due = page.getByRole('region', { name: 'Cuestionarios pendientes' });
    await expect(due).toContainText('PHQ-9');
    await due.getByRole('link', { name: 'Ir a cuestionarios' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cuestionarios' })).toBeVisible();
    await expectAccessible(page, 'my questionnaires');
    await page.getByRole('button', { name: 'Responder PHQ-9' }).click();

    const form = page.getByRole('form', { name: 'PHQ-9 · Depresión' });
    await expect(form.getByText('Durante las últimas 2 semanas')).toBeVisible();
    await form
      .getByRole('radiogroup', { name: /^1\. Poco interés/ })
      .getByRole('radio', { name: 'Varios días' })
      .check();
    await form.getByRole('button', { name: 'Enviar respuestas' }).click();
    await expect(form.getByText('Faltan 8 respuestas: están marcadas arriba.')).toBeVisible();
    const second = form.getByRole('radiogroup', { name: /^2\. Se ha sentido decaído/ });
    await expect(second).toHaveAttribute('aria-invalid', 'true');
    await expect(second.getByRole('radio').first()).toBeFocused();
    await expectAccessible(page, 'answers missing');
    await expectFitsWidth(page);

    const groups = form.getByRole('radiogroup');
    await expect(groups).toHaveCount(9);
    for (let i = 1; i < 9; i++)
      await groups
        .nth(i)
        .getByRole('radio', { name: i === 8 ? 'Varios días' : 'Ningún día' })
        .check();
    await expect(form.getByText('9 de 9 respondidas')).toBeVisible();
    await snap(page, 'questionnaires-patient-form', { fullPage: false });
    await form.getByRole('button', { name: 'Enviar respuestas' }).click();

    const outcome = page.getByTestId('questionnaire-outcome');
    const crisis = outcome.getByRole('region', { name: 'No estás solo o sola' });
    await expect(crisis.getByRole('link', { name: /^024/ })).toHaveAttribute('href', 'tel:024');
    await expect(crisis.getByRole('link', { name: /^112/ })).toHaveAttribute('href', 'tel:112');
    await expect(outcome).toContainText('Tu puntuación es 2 de 27: mínima.');
    await expectAccessible(page, 'questionnaire outcome with crisis lines');
    await expectFitsWidth(page);
    await snap(page, 'questionnaires-patient-outcome');

    await outcome.getByRole('button', { name: 'Hecho' }).click();
    await expect(page.getByText('No tienes cuestionarios pendientes.')).toBeVisible();
    await expect(page.getByTestId('score-history-phq9')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Resultados PHQ-9' })).toContainText('2 de 27');
    await expectAccessible(page, 'my questionnaires with a result');
  });
});
