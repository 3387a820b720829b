import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_VIDEO,
  expectAccessible,
  expectFitsWidth,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  toast,
} from './helpers';

/**
 * Consents (issue 17): the therapist records the AI consent in the patient's 'Consentimientos' tab, the patient
 * withdraws it in 'Mi Perfil', and the new-session form then says why transcription is unavailable before the
 * therapist tries, with the way back to the consents.
 */
const AI = 'Transcripción y análisis con IA';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

const card = (page: Page, kind: string) => page.getByTestId(`consent-${kind}`);

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Consents (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('the therapist records the AI consent, the patient withdraws it, transcription then says why it is unavailable', async ({
      page,
      browser,
    }) => {
      // A patient who has consented to recording only.
      const patient = await patientReadyToSignIn(page.request, 'Consiente', ['grabacion']);

      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${patient.id}/consentimientos`);
      await expect(page.getByRole('heading', { level: 2, name: 'Consentimientos' })).toBeVisible();
      await expect(card(page, 'ia')).toContainText('Sin consentimiento');
      await expect(card(page, 'grabacion')).toContainText('Vigente');
      await card(page, 'ia')
        .getByRole('button', { name: `Registrar: ${AI}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `Registrar consentimiento: ${AI}` });
      await expect(dialog.getByRole('combobox', { name: 'Forma' })).toHaveText('Por escrito');
      await dialog.getByRole('textbox', { name: /^Nota/ }).fill('Firmado en la primera sesión');
      await dialog.getByRole('button', { name: 'Registrar' }).click();
      await expect(toast(page, 'Consentimiento registrado')).toBeVisible();
      await expect(card(page, 'ia')).toContainText('Vigente');
      await expect(card(page, 'ia')).toContainText(/Otorgado el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · Terapeuta · Por escrito/);
      await expect(page.getByTestId('consent-history')).toContainText('Dra. Ana Martínez');
      await expectFitsWidth(page);
      await expectAccessible(page, 'consentimientos del paciente');
      await snap(page, `consents-therapist-${name}`);

      // The patient withdraws it in 'Mi Perfil', after confirming.
      const patientContext = await browser.newContext({ viewport });
      const patientPage = await patientContext.newPage();
      await signInAsPatient(patientPage, patient);
      await expect(patientPage).toHaveURL(/\/dashboard\/paciente$/);
      await patientPage.goto('/dashboard/paciente/perfil');
      const mine = patientPage.getByRole('region', { name: 'Mis consentimientos' });
      await expect(card(patientPage, 'ia')).toContainText('Vigente');
      await expect(mine).not.toContainText('Firmado en la primera sesión');
      await expect(card(patientPage, 'whatsapp').getByRole('button')).toHaveCount(0);
      await card(patientPage, 'ia')
        .getByRole('button', { name: `Retirar: ${AI}` })
        .click();
      const confirm = patientPage.getByRole('dialog', { name: `Retirar consentimiento: ${AI}` });
      await expect(confirm).toContainText('Tu terapeuta dejará de poder usarlo');
      await expectAccessible(patientPage, 'confirmación de retirar un consentimiento');
      await confirm.getByRole('button', { name: 'Retirar' }).click();
      await expect(toast(patientPage, 'Consentimiento revocado')).toBeVisible();
      await expect(card(patientPage, 'ia')).toContainText('Revocado');
      await expect(card(patientPage, 'ia')).toContainText(/Revocado el .* · Paciente/);
      await expectFitsWidth(patientPage);
      await expectAccessible(patientPage, 'Mi Perfil con consentimientos');
      await snap(patientPage, `consents-patient-${name}`);
      await patientContext.close();

      // The therapist's new session: the video can be attached (recording consent), transcription says why not.
      await page.goto(`/dashboard/terapeuta/pacientes/${patient.id}/nueva-sesion`);
      const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
      await editor.getByTestId('video-file-input').setInputFiles(DEMO_VIDEO);
      await expect(editor.getByTestId('attached-video')).toContainText('Video adjunto', { timeout: 30_000 });
      const ai = editor.getByRole('region', { name: 'Transcripción y análisis IA' });
      await expect(ai.getByTestId('missing-consent-ia')).toContainText('Sin consentimiento para la transcripción y el análisis con IA');
      await expect(ai.getByRole('button', { name: 'Transcribir video' })).toBeDisabled();
      await expectFitsWidth(page);
      await expectAccessible(page, 'nueva sesión sin consentimiento de IA');
      await snap(page, `consents-gate-${name}`);

      // Its link leads to the consents, where the patient's withdrawal is on record.
      await ai.getByRole('link', { name: 'Registrar consentimiento' }).click();
      await expect(page).toHaveURL(new RegExp(`/pacientes/${patient.id}/consentimientos$`));
      await expect(card(page, 'ia')).toContainText('Revocado');
      await expect(page.getByTestId('consent-history')).toContainText(/Revocado el .* · Digital/);
    });
  });
}
