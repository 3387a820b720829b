import { expect, test, type APIRequestContext } from '@playwright/test';
import { choose, createPatientViaApi, DEMO_VIDEO, signInAsTherapist, snap, therapistToken, toast, uniquePatient } from './helpers';

/**
 * Upload → transcribe → analyse → save, then the background analysis of the saved session and its publication,
 * against the AI provider's stand-in (e2e/support/ai-stand-in.ts: the demo video's dialogue as the transcript,
 * each answer after 2.5 s so the status texts can be seen changing).
 */

async function sessionsOf(request: APIRequestContext, patientId: string) {
  const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
  const list = await (await request.get(`/api/v1/sesiones/paciente/${patientId}`, { headers })).json();
  return Promise.all(list.map(async (s: { id: string }) => (await request.get(`/api/v1/sesiones/${s.id}`, { headers })).json()));
}

test('a session video is transcribed by speaker and analysed, saved, and its background analysis published', async ({ page, request }) => {
  test.setTimeout(120_000);
  const patient = await createPatientViaApi(request, uniquePatient('Transcripcion'));
  await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
  const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
  await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
  await editor.getByLabel(/^Notas/).fill('Ansiedad antes de las reuniones');
  await editor.getByLabel(/^Temas importantes/).fill('Ansiedad laboral');
  await editor.getByTestId('video-file-input').setInputFiles(DEMO_VIDEO);
  await expect(editor.getByTestId('attached-video')).toContainText('Video adjunto', { timeout: 30_000 });
  // The empty duration takes the video's length (38 s: 1 minute), read by the browser from the file.
  await expect(editor.getByLabel('Duración (min)')).toHaveValue('1');

  // Transcription: 'Borrador guardado' → 'Generando transcripción...' with its bar, 'Procesando... {percent}%' and the
  // time it still takes → 'Procesamiento completado' (the job followed here ended with its result).
  const ai = editor.getByRole('region', { name: 'Transcripción y análisis IA' });
  const status = ai.getByTestId('draft-job-status-text');
  await expect(status).toHaveText('Borrador guardado');
  await ai.getByRole('button', { name: 'Transcribir video' }).click();
  await expect(toast(page, 'Transcripción iniciada')).toBeVisible();
  await expect(status).toHaveText('Generando transcripción...');
  await expect(ai.getByRole('progressbar', { name: /^Progreso del procesamiento: \d+%$/ })).toBeVisible();
  await expect(ai.getByTestId('draft-job-percent')).toHaveText(/^Procesando\.\.\. \d+%$/);
  await expect(ai.getByTestId('draft-job-time-left')).toHaveText(/^(Calculando el tiempo estimado…|Tiempo estimado: .+ min)$/);
  await snap(page, 'transcription-running');
  await expect(status).toHaveText('Procesamiento completado', { timeout: 30_000 });

  // The transcript shows under the button that made it (the work's order: video, transcript, analysis).
  const turns = ai.getByRole('list', { name: 'Transcripción por hablante' });
  await expect(turns.getByTestId('transcript-turn')).toHaveCount(8);
  await expect(turns.getByTestId('transcript-turn').first()).toContainText('Hola, Lucía. ¿Cómo ha ido la semana en el trabajo?');
  await expect(editor.getByTestId('transcript-voices')).toContainText('Paciente y terapeuta');

  // The therapist names the voices and corrects a turn.
  // Escape closes the dialog without renaming.
  await editor.getByRole('button', { name: 'Renombrar Hablante 1' }).first().click();
  const rename = page.getByRole('dialog', { name: 'Renombrar hablante' });
  await rename.getByRole('textbox', { name: 'Nuevo nombre' }).fill('Otro nombre');
  await page.keyboard.press('Escape');
  await expect(rename).toBeHidden();
  await expect(turns.locator('[data-speaker="Otro nombre"]')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Renombrar Hablante 1' }).first().click();
  await rename.getByRole('textbox', { name: 'Nuevo nombre' }).fill('Terapeuta');
  await rename.getByRole('button', { name: 'Renombrar' }).click();
  await expect(turns.locator('[data-speaker="Terapeuta"]')).toHaveCount(4);
  await editor.getByRole('button', { name: 'Editar intervención 2 (Hablante 2)' }).click();
  await editor
    .getByRole('textbox', { name: 'Texto de la intervención 2 (Hablante 2)' })
    .fill('Regular. Antes de las reuniones me pongo nerviosa.');
  await editor.getByRole('button', { name: 'Listo' }).click();
  await snap(page, 'transcription-by-speaker');

  // Analysis: 'Iniciando procesamiento...' → both texts; the patient version is editable before saving.
  await ai.getByRole('button', { name: 'Generar análisis IA' }).click();
  await expect(toast(page, 'Análisis iniciado')).toBeVisible();
  await expect(status).toHaveText('Iniciando procesamiento...');
  await expect(status).toHaveText('Procesamiento completado', { timeout: 30_000 });
  await expect(ai.getByText('Análisis IA (solo para ti)')).toBeVisible();
  await expect(editor.getByText(/Resumen de la sesión: ansiedad anticipatoria/)).toBeVisible();
  const patientVersion = editor.getByRole('textbox', { name: 'Versión para el paciente' });
  await expect(patientVersion).toHaveValue('Hoy practicaste una respiración para calmar los nervios antes de las reuniones.');
  await patientVersion.fill('Hoy practicaste la respiración 4-6 para calmar los nervios antes de las reuniones.');
  await snap(page, 'transcription-analyses');

  await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
  await expect(toast(page, 'Sesión guardada')).toBeVisible();
  await expect(page.getByTestId('session-detail').getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
  const [saved] = await sessionsOf(request, patient.id);
  expect(saved.transcripcion).toContain('Terapeuta: Hola, Lucía.');
  expect(saved.transcripcion).toContain('Hablante 2: Regular. Antes de las reuniones me pongo nerviosa.');
  expect(saved).toMatchObject({
    num_voces: 2,
    duracion_minutos: 1,
    analisis_ia_paciente: 'Hoy practicaste la respiración 4-6 para calmar los nervios antes de las reuniones.',
    analisis_ia_paciente_publicado: true,
  });

  // The saved session: a background analysis lands unpublished; the therapist reads it and publishes it.
  await page.goto(`/dashboard/terapeuta/pacientes/${patient.id}/sesiones`);
  await page
    .getByTestId('session-row')
    .first()
    .getByRole('button', { name: /Sesión 1/ })
    .click();
  const detail = page.getByTestId('session-detail');
  const analysis = detail.getByRole('region', { name: 'Análisis IA' });
  await analysis.getByRole('button', { name: 'Regenerar análisis' }).click();
  await page.getByRole('dialog', { name: '¿Regenerar el análisis?' }).getByRole('button', { name: 'Regenerar análisis' }).click();
  await expect(analysis.getByTestId('session-analysis-status')).toContainText('Generando análisis IA en segundo plano...');
  await expect(analysis.getByTestId('patient-version-status')).toHaveText('No publicada', { timeout: 30_000 });
  await snap(page, 'session-analysis-unpublished');

  await analysis.getByRole('button', { name: 'Publicar para el paciente' }).click();
  const publish = page.getByRole('dialog', { name: 'Publicar para el paciente' });
  await expect(publish.getByRole('textbox', { name: 'Versión para el paciente' })).toHaveValue(/respiración para calmar los nervios/);
  await publish.getByRole('button', { name: 'Publicar' }).click();
  await expect(toast(page, 'Análisis publicado para el paciente')).toBeVisible();
  await expect(analysis.getByTestId('patient-version-status')).toHaveText('Publicada para el paciente');
  const [published] = await sessionsOf(request, patient.id);
  expect(published).toMatchObject({ analisis_estado: null, analisis_ia_paciente_publicado: true });
});
