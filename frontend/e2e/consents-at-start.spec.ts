import { expect, test } from '@playwright/test';
import {
  expectAccessible,
  expectFitsWidth,
  mailedLink,
  openInApp,
  passwordLogin,
  patientReadyToSignIn,
  signInAsPatient,
  signInAsTherapist,
  snap,
  THERAPIST,
  toast,
  uniquePatient,
} from './helpers';

/**
 * Consent where the work starts: the therapist takes the recording and AI consents when creating a patient, or asks
 * for them in the invitation and the patient ticks them at registration; the patient's assistant says, before they
 * type, that the AI consent is missing and who records it.
 */
const RECORDING = 'Grabación de las sesiones';
const AI = 'Transcripción y análisis con IA';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`Consents where the work starts (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('a patient created with both consents has them in force in the Consentimientos tab', async ({ page }) => {
      const patient = uniquePatient('ConConsentimiento');
      await signInAsTherapist(page);
      await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
      await dialog.getByLabel('Nombre').fill(patient.nombre);
      await dialog.getByLabel('Apellido').fill(patient.apellido);
      await dialog.getByLabel('Correo electrónico').fill(patient.email);
      await dialog.getByLabel('Teléfono').fill('3001112233');
      await dialog.getByRole('checkbox', { name: RECORDING }).check();
      await dialog.getByRole('checkbox', { name: AI }).check();
      await dialog.getByTestId('create-consent-ia').getByRole('combobox', { name: 'Forma' }).click();
      await page.getByRole('option', { name: 'Verbal' }).click();
      await dialog.getByTestId('create-consent-ia').scrollIntoViewIfNeeded();
      await expectAccessible(page, 'nuevo paciente con consentimientos');
      await snap(page, `consents-at-start-create-${name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Crear paciente' }).click();
      await expect(toast(page, 'Paciente creado')).toBeVisible();
      const credentials = page.getByRole('dialog', { name: 'Credenciales del paciente' });
      await credentials.getByRole('button', { name: 'Entendido' }).click();

      await page.getByRole('textbox', { name: 'Buscar pacientes por nombre o apellido' }).fill(patient.apellido);
      await page.getByTestId('patient-card').getByText(`${patient.nombre} ${patient.apellido}`).click();
      await expect(page).toHaveURL(/\/pacientes\/[0-9a-f-]{36}/);
      const id = page.url().match(/pacientes\/([0-9a-f-]{36})/)![1];
      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/consentimientos`);
      await expect(page.getByRole('heading', { level: 2, name: 'Consentimientos' })).toBeVisible();
      await expect(page.getByTestId('consent-grabacion')).toContainText('Vigente');
      await expect(page.getByTestId('consent-grabacion')).toContainText(/Otorgado el .* · Terapeuta · Por escrito/);
      await expect(page.getByTestId('consent-ia')).toContainText(/Otorgado el .* · Terapeuta · Verbal/);
      await expect(page.getByTestId('consent-whatsapp')).toContainText('Sin consentimiento');
      await expect(page.getByTestId('consent-history')).toContainText(THERAPIST.name);
      await expectFitsWidth(page);
      await expectAccessible(page, 'consentimientos de un paciente recién creado');
      await snap(page, `consents-at-start-tab-${name}`);

      // The per-patient assistant and the new session are open for this patient: no missing-consent notice.
      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/ai-chat`);
      await expect(page.getByRole('textbox', { name: 'Mensaje para el asistente' })).toBeEnabled();
      await expect(page.getByTestId('missing-consent-ia')).toHaveCount(0);
      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/nueva-sesion`);
      await expect(page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ })).toBeVisible();
      await expect(page.getByTestId('missing-consent-ia')).toHaveCount(0);
      await expect(page.getByTestId('missing-consent-grabacion')).toHaveCount(0);
    });

    test('an invitation asking both consents: the patient ticks one at registration, and only that one is recorded', async ({
      page,
      browser,
    }) => {
      test.setTimeout(180_000);
      const invitee = uniquePatient('InvitadaConsiente');
      await signInAsTherapist(page);
      await page.getByRole('button', { name: 'Invitar Paciente' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invitar Paciente' });
      await dialog.getByLabel('Correo electrónico del paciente').fill(invitee.email);
      await dialog.getByRole('checkbox', { name: RECORDING }).check();
      await dialog.getByRole('checkbox', { name: AI }).check();
      await expectAccessible(page, 'invitar paciente pidiendo consentimientos');
      await snap(page, `consents-at-start-invite-${name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
      await expect(toast(page, 'Invitación enviada')).toBeVisible();

      const link = await mailedLink(invitee.email, '/register/invited?token=');
      const guestContext = await browser.newContext({ viewport });
      const guest = await guestContext.newPage();
      await guest.goto(link);
      await expect(guest.getByRole('heading', { name: 'Registro de Paciente' })).toBeVisible();
      const recording = guest.getByRole('checkbox', { name: `Doy mi consentimiento: ${RECORDING}` });
      const ai = guest.getByRole('checkbox', { name: `Doy mi consentimiento: ${AI}` });
      await expect(recording).not.toBeChecked();
      await expect(ai).not.toBeChecked();
      await expect(guest.getByTestId('register-consent-ia')).toContainText('Permite transcribir y analizar las sesiones con IA');
      await guest.getByLabel('Nombre', { exact: false }).first().fill(invitee.nombre);
      await guest.getByLabel('Apellido').fill(invitee.apellido);
      await guest.getByLabel('Teléfono').fill('3105551234');
      await guest.getByLabel(/^Contraseña/).fill('Mi#Clave2026');
      await guest.getByLabel(/^Confirmar contraseña/).fill('Mi#Clave2026');
      await ai.check();
      await guest.getByTestId('register-consent-ia').scrollIntoViewIfNeeded();
      await expectFitsWidth(guest);
      await expectAccessible(guest, 'registro con consentimientos');
      await snap(guest, `consents-at-start-register-${name}`);
      await guest.getByRole('button', { name: 'Crear mi cuenta' }).click();
      await expect(guest).toHaveURL(/\/login$/);
      await expect(toast(guest, 'Registro completado')).toBeVisible();

      // The patient sees, in 'Mi Perfil', the AI consent they gave and no recording consent.
      await passwordLogin(guest, invitee.email, 'Mi#Clave2026');
      await expect(guest).toHaveURL(/\/dashboard\/paciente/);
      await guest.goto('/dashboard/paciente/perfil');
      await expect(guest.getByTestId('consent-ia')).toContainText('Vigente');
      await expect(guest.getByTestId('consent-ia')).toContainText(/Otorgado el/);
      await expect(guest.getByTestId('consent-grabacion')).toContainText('Sin consentimiento');
      await guestContext.close();

      // The therapist's tab: the AI consent, given by the patient, digitally.
      await page.reload();
      await page.getByRole('textbox', { name: 'Buscar pacientes por nombre o apellido' }).fill(invitee.apellido);
      await page.getByTestId('patient-card').getByText(`${invitee.nombre} ${invitee.apellido}`).click();
      await expect(page).toHaveURL(/\/pacientes\/[0-9a-f-]{36}/);
      const id = page.url().match(/pacientes\/([0-9a-f-]{36})/)![1];
      await openInApp(page, `/dashboard/terapeuta/pacientes/${id}/consentimientos`);
      await expect(page.getByTestId('consent-ia')).toContainText(/Otorgado el .* · Paciente · Digital/);
      await expect(page.getByTestId('consent-grabacion')).toContainText('Sin consentimiento');
    });

    test('the patient’s assistant without the AI consent says so and keeps the input closed', async ({ page }) => {
      const patient = await patientReadyToSignIn(page.request, 'SinIA', ['grabacion']);
      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
      await openInApp(page, '/dashboard/paciente/chat-ia');
      await expect(page.getByRole('heading', { level: 1, name: 'Chat con Asistente IA' })).toBeVisible({ timeout: 30_000 });
      const notice = page.getByTestId('missing-consent-ia');
      await expect(notice).toContainText('falta tu consentimiento para el uso de IA');
      await expect(notice).toContainText('Lo registra tu terapeuta');
      await expect(page.getByText('El asistente necesita tu consentimiento para el uso de IA. Habla con tu terapeuta')).toBeVisible();
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expect(page.getByText('Asistente Activo')).toHaveCount(0);
      await expectFitsWidth(page);
      await expectAccessible(page, 'chat del paciente sin consentimiento de IA');
      await snap(page, `consents-at-start-chat-${name}`);
      await notice.getByRole('link', { name: 'Ver mis consentimientos' }).click();
      await expect(page).toHaveURL(/\/dashboard\/paciente\/perfil$/);
      await expect(page.getByTestId('consent-ia')).toContainText('Sin consentimiento');
    });
  });
}
