import { expect, test } from '@playwright/test';
import { createPatientViaApi, expectAccessible, expectFitsWidth, signInAsTherapist, snap, therapistToken, uniquePatient } from './helpers';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.describe('Historial de accesos (patient detail)', () => {
  // Two axe passes and a walk through the filter: room for a busy machine.
  test.describe.configure({ timeout: 90_000 });
  for (const vp of VIEWPORTS) {
    test(`lists who read or changed the record, filters by kind, pages (${vp.name})`, async ({ page, request }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      const patient = uniquePatient('Historial');
      const { id } = await createPatientViaApi(request, patient);
      const headers = { Authorization: `Bearer ${await therapistToken(request)}` };
      // A session, a failed update (nothing to change) and two reads: four entries after the creation.
      expect(
        (
          await request.post('/api/v1/sesiones/', { headers, data: { paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Nota' } })
        ).status(),
      ).toBe(201);
      expect((await request.patch(`/api/v1/pacientes/${id}`, { headers, data: {} })).status()).toBe(400);
      expect((await request.get(`/api/v1/pacientes/${id}`, { headers })).status()).toBe(200);

      await signInAsTherapist(page, `/dashboard/terapeuta/pacientes/${id}/historial-accesos`);
      const tab = page.getByTestId('access-history-tab');
      await expect(tab.getByRole('heading', { name: 'Historial de accesos' })).toBeVisible();
      const entries = tab.getByRole('list', { name: 'Historial de accesos' }).getByRole('listitem');
      // The screen's own reads of the record (header, info) are entries too, newest first.
      await expect(entries.first()).toBeVisible();
      expect(await entries.count()).toBeGreaterThanOrEqual(1);
      // One visit: the requests above are one row that names what it held and its failure.
      const visit = tab.getByTestId('access-row').filter({ hasText: 'Modificación · Ficha del paciente' });
      await expect(visit).toHaveCount(1);
      await expect(visit).toContainText('Creación · Sesión');
      await expect(visit.getByText('1 fallido (400)')).toBeVisible();
      await expect(tab.getByText('Dra. Ana Martínez (Terapeuta)').first()).toBeVisible();
      await expect(tab.getByText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/).first()).toBeVisible();
      await expectFitsWidth(page);
      await expectAccessible(page, `access history ${vp.name}`);
      await snap(page, `access-history-${vp.name}`);

      await tab.getByRole('combobox', { name: 'Tipo de dato' }).click();
      await page.getByRole('option', { name: 'Sesión', exact: true }).click();
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('Creación · Sesión');
      await tab.getByRole('combobox', { name: 'Tipo de dato' }).click();
      await page.getByRole('option', { name: 'Chat IA' }).click();
      await expect(tab.getByText('No hay accesos de este tipo.')).toBeVisible();
      await expectAccessible(page, `access history filtered ${vp.name}`);
    });
  }
});
