import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectFitsWidth, openInApp, signInAsDemoPatient, signInAsTherapist, snap, VIEWPORTS } from './helpers';

/**
 * 'Qué se envía a la IA' in the browser, at 1280 and 390 px: the practice's page, reached from 'Consultar IA' and
 * from the therapist's profile, and the patient's, reached from her assistant and from 'Mi Perfil'; each lists what
 * is replaced and, for each AI feature, the fields it sends.
 */
const TITLE = 'Qué se envía a la IA';

/** Follows the page's link inside `scope` and waits for the page it leads to. */
async function follow(page: Page, scope: ReturnType<Page['getByTestId']> | Page, url: RegExp) {
  await scope.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 30_000 });
  // Opened from the foot of a long page, it still starts at its top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/** The rows of the table under the heading `title`, each as [first cell, second cell]. */
async function rowsUnder(page: Page, title: string): Promise<[string, string][]> {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  const rows = section
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
  return (await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')))) as [string, string][];
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`What is sent to the AI (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 90_000 });

    test("the practice's page, from 'Consultar IA' and from the profile: what is replaced and what each feature sends", async ({
      page,
    }) => {
      await signInAsTherapist(page, '/dashboard/terapeuta/perfil');
      await follow(page, page, /\/dashboard\/terapeuta\/que-se-envia-a-la-ia$/);
      await openInApp(page, '/dashboard/terapeuta/consultar-ia');
      await follow(page, page, /\/dashboard\/terapeuta\/que-se-envia-a-la-ia$/);
      await expect(page).toHaveTitle(`${TITLE} · Consulta`);

      const replaced = Object.fromEntries(await rowsUnder(page, 'Qué se reemplaza'));
      expect(Object.values(replaced)).toEqual([
        '[PACIENTE], o [PACIENTE_1], [PACIENTE_2]… cuando aparecen varios',
        '[TERAPEUTA]',
        '[EMAIL]',
        '[TELEFONO]',
        '[FECHA_NACIMIENTO]',
      ]);
      expect(Object.keys(replaced)[0]).toMatch(/nombre, cada apellido y el nombre completo de cada paciente/);

      // Every AI feature, with the fields it sends.
      const features = Object.fromEntries(await rowsUnder(page, 'Qué envía cada función'));
      expect(Object.keys(features)).toEqual([
        'Consultar IA (toda la consulta)',
        'Chat IA de un paciente',
        'Asistente del paciente',
        'Análisis de sesión',
        'Sugerir ejercicios',
        'Transcripción',
      ]);
      expect(features['Consultar IA (toda la consulta)']).toMatch(/Tu pregunta.*Ningún contenido de sesiones/);
      expect(features['Chat IA de un paciente']).toMatch(/sin datos de contacto.*transcripciones/);
      expect(features['Asistente del paciente']).toContain('Nunca tus notas');
      expect(features['Análisis de sesión']).toMatch(/notas, temas.*transcripción/);
      expect(features['Sugerir ejercicios']).toContain('título, categoría y descripción');
      expect(features['Transcripción']).toMatch(/El audio de la sesión \(nunca el vídeo\).*«Hablante 1»/);
      await expect(page.getByRole('heading', { level: 2, name: 'Qué no se reemplaza' })).toBeVisible();
      await expect(page.getByText(/Los nombres dichos en voz alta/)).toBeVisible();

      await expectFitsWidth(page);
      await snap(page, `ai-data-therapist-${name}`);
      await expectAccessible(page, "'Qué se envía a la IA' (practice)");
    });

    test("the patient's page, from her assistant and from 'Mi Perfil': her own data only", async ({ page }) => {
      await signInAsDemoPatient(page);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/, { timeout: 30_000 });
      await openInApp(page, '/dashboard/paciente/perfil');
      await follow(page, page.getByTestId('my-consents'), /\/dashboard\/paciente\/que-se-envia-a-la-ia$/);
      await openInApp(page, '/dashboard/paciente/chat-ia');
      await follow(page, page.getByTestId('privacy-notice'), /\/dashboard\/paciente\/que-se-envia-a-la-ia$/);
      await expect(page).toHaveTitle(`${TITLE} · Consulta`);

      const replaced = await rowsUnder(page, 'Qué se reemplaza');
      expect(replaced).toEqual([
        ['Tu nombre, cada uno de tus apellidos y tu nombre completo', '[PACIENTE]'],
        ['El nombre de tu terapeuta', '[TERAPEUTA]'],
        ['Tu correo electrónico y el de tu terapeuta', '[EMAIL]'],
        ['Tus teléfonos, escritos de cualquier forma', '[TELEFONO]'],
        ['Tu fecha de nacimiento', '[FECHA_NACIMIENTO]'],
      ]);
      const features = await rowsUnder(page, 'Qué envía tu asistente');
      expect(features.map(([feature]) => feature)).toEqual(['Tu asistente de IA']);
      expect(features[0][1]).toMatch(
        /^Tu pregunta y la conversación; solo lo que tú puedes ver: .*Nunca las notas privadas de tu terapeuta\.$/,
      );
      // Nothing of the practice's other features.
      await expect(page.getByText('Consultar IA')).toHaveCount(0);
      await expect(page.getByText('Análisis de sesión')).toHaveCount(0);

      await expectFitsWidth(page);
      await snap(page, `ai-data-patient-${name}`);
      await expectAccessible(page, "'Qué se envía a la IA' (patient)");
    });
  });
}
