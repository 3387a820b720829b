import { expect, test, type Page } from '@playwright/test';
import {
  createPatientViaApi,
  expectAccessible,
  expectFitsWidth,
  mailedLinks,
  patientReadyToSignIn,
  signInAsPatient,
  snap,
  toast,
  uniquePatient,
} from './helpers';
import { addDays } from '../src/therapist/agenda/zonedTime';
import { ZONE, agendaApi, at, mondayIn } from './support/agenda';

/**
 * The agenda as the patient lives it, at a phone's and a desktop's width: 'Mis citas' (confirm one, cancel another
 * with a reason, one too close to cancel), never the therapist's notes; and the public page of a reminder's links
 * (confirm, cancel, a link that no longer acts, an invalid one), with axe on each screen. The e2e server mails
 * reminders within seconds and lets a patient cancel up to 2 h before the start (playwright.config.ts).
 */
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** A few hours from now, in the therapist's zone, rounded to 5 minutes: past the 2 h cancel limit, within the 24 h reminder. */
function hoursAhead(hours: number): string {
  const start = new Date(Math.ceil((Date.now() + hours * 3_600_000) / 300_000) * 300_000);
  return start.toISOString();
}

const card = (page: Page, when: RegExp) => page.getByTestId('my-appointment').filter({ hasText: when });

for (const { name: device, viewport } of VIEWPORTS) {
  test.describe(`the patient's appointments (${device})`, () => {
    test.use({ viewport });

    test("'Mis citas': confirm one, cancel another with a reason, and one too close to cancel", async ({ page, request }) => {
      test.setTimeout(90_000);
      const patient = await patientReadyToSignIn(request, 'Citas');
      const api = await agendaApi(request);
      const week = mondayIn(device === 'phone' ? 9 : 10);
      await api.create({ paciente_id: patient.id, inicio: at(week, '06:10'), notas: 'NOTA PRIVADA DEL TERAPEUTA' });
      await api.create({
        paciente_id: patient.id,
        inicio: at(addDays(week, 1), '06:20'),
        modalidad: 'videollamada',
        lugar_o_enlace: 'https://meet.example.com/sala-7',
      });
      await api.create({ paciente_id: patient.id, inicio: hoursAhead(1) });

      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
      await page.goto('/dashboard/paciente/citas');
      await expect(page.getByRole('heading', { level: 1, name: 'Mis citas' })).toBeVisible();
      await expect(page.getByText(`Horas en la zona horaria de tu terapeuta (${ZONE}).`)).toBeVisible();
      const upcoming = page.getByRole('region', { name: 'Próximas' });
      await expect(upcoming.getByTestId('my-appointment')).toHaveCount(3);
      // The therapist's notes never reach the patient.
      await expect(page.getByText('NOTA PRIVADA DEL TERAPEUTA')).toHaveCount(0);
      // Too close to cancel here: the patient is told to contact their therapist.
      await expect(page.getByTestId('too-late-note')).toContainText('Faltan menos de 2 horas');
      await expect(page.getByRole('link', { name: /meet\.example\.com\/sala-7/ })).toHaveAttribute('target', '_blank');
      await expectFitsWidth(page);
      await expectAccessible(page, `'Mis citas' (${device})`);
      await snap(page, `my-appointments-${device}`);

      const first = card(page, /, 06:10/);
      await first.getByRole('button', { name: 'Confirmar' }).click();
      await expect(toast(page, 'Cita confirmada')).toBeVisible();
      await expect(first.getByTestId('appointment-state')).toHaveText('Confirmada');
      await expect(first.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);

      const second = card(page, /, 06:20/);
      await second.getByRole('button', { name: 'Cancelar' }).click();
      const ask = page.getByRole('dialog', { name: 'Cancelar cita' });
      await ask.getByLabel('Motivo (opcional)').fill('Tengo un viaje de trabajo');
      await expectAccessible(page, `cancel question (${device})`);
      await snap(page, `my-appointments-cancel-${device}`, { fullPage: false });
      await ask.getByRole('button', { name: 'Cancelar cita' }).click();
      await expect(toast(page, 'Cita cancelada')).toBeVisible();
      await expect(second.getByTestId('appointment-state')).toHaveText('Cancelada');
      await expect(second).toContainText('La cancelaste tú');
      await expect(second.getByRole('button')).toHaveCount(0);

      // The therapist's agenda says so.
      expect(await api.list(addDays(week, 1), addDays(week, 1), patient.id)).toMatchObject([{ estado: 'cancelada' }]);
    });

    test('the public page of a reminder: confirm, cancel, no longer valid, and an invalid link', async ({ page, request }) => {
      test.setTimeout(90_000);
      const patient = uniquePatient('Enlace');
      const { id } = await createPatientViaApi(request, patient);
      const api = await agendaApi(request);
      await api.create({
        paciente_id: id,
        inicio: hoursAhead(device === 'phone' ? 4 : 5),
        lugar_o_enlace: 'Consulta 2 · Calle de Alcalá 120',
      });
      // The reminder goes out within seconds: a link to confirm and one to cancel.
      const [confirmLink, cancelLink] = await mailedLinks(patient.email, '/cita/', 30_000);
      expect(cancelLink).toBeDefined();

      await page.goto(new URL(confirmLink).pathname);
      await expect(page.getByRole('heading', { level: 1, name: 'Tu cita' })).toBeVisible();
      const facts = page.getByTestId('public-appointment');
      await expect(facts).toContainText('Presencial');
      await expect(facts).toContainText('Consulta 2 · Calle de Alcalá 120');
      await expect(facts).toContainText('Dra. Ana Martínez');
      await expect(facts.getByTestId('appointment-state')).toHaveText('Programada');
      await expectFitsWidth(page);
      await expectAccessible(page, `public appointment to confirm (${device})`);
      await snap(page, `public-appointment-confirm-${device}`);
      await page.getByRole('button', { name: 'Confirmar asistencia' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Asistencia confirmada' })).toBeVisible();
      await expect(facts.getByTestId('appointment-state')).toHaveText('Confirmada');
      await expectAccessible(page, `public appointment confirmed (${device})`);
      await snap(page, `public-appointment-confirmed-${device}`);

      await page.goto(new URL(cancelLink).pathname);
      await expect(page.getByRole('button', { name: 'Cancelar cita' })).toBeVisible();
      await page.getByLabel('Motivo (opcional)').fill('Me ha surgido un imprevisto');
      await snap(page, `public-appointment-cancel-${device}`);
      await page.getByRole('button', { name: 'Cancelar cita' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Cita cancelada' })).toBeVisible();
      await expect(facts.getByTestId('appointment-state')).toHaveText('Cancelada');
      await expectAccessible(page, `public appointment cancelled (${device})`);

      // The same links once cancelled: shown, but they no longer act, and say why.
      await page.goto(new URL(confirmLink).pathname);
      await expect(page.getByTestId('not-valid-now')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirmar asistencia' })).toHaveCount(0);
      await expectAccessible(page, `public appointment no longer valid (${device})`);
      await snap(page, `public-appointment-not-valid-${device}`);

      await page.goto('/cita/esto-no-es-un-enlace');
      await expect(page.getByRole('heading', { level: 1, name: 'El enlace no es válido' })).toBeVisible();
      await expectFitsWidth(page);
      await expectAccessible(page, `public appointment, invalid link (${device})`);
      await snap(page, `public-appointment-invalid-${device}`);
    });
  });
}
