import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { statSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import {
  DEMO_VIDEO,
  expectAccessible,
  openUserMenu,
  patientReadyToSignIn,
  signInAsPatient,
  snap,
  therapistToken,
  toast,
  uploadSessionVideo,
} from './helpers';

/**
 * The patient area in the browser: the dashboard, opening a past session and downloading its video,
 * editing the profile (phone, address, gender, the patient's own notes) with a photo that then shows in the
 * shell's avatar, at phone and desktop widths, with axe-core on each screen.
 */
const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

const hasNoHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A 96×96 PNG (a teal gradient), encoded here so the test needs no image file. */
function gradientPng(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    rows[y * (1 + size * 3)] = 0;
    for (let x = 0; x < size; x++) rows.set([40 + x, 110 + y / 2, 115 + (x + y) / 3], y * (1 + size * 3) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo therapist records three sessions for the patient: one with everything, one custom, one bare. */
async function recordHistory(request: APIRequestContext, patientId: string) {
  const token = await therapistToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (route: string, data: object) => {
    const res = await request.post(`/api/v1${route}`, { headers, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return res.json();
  };
  const videoKey = await uploadSessionVideo(request, token, patientId);
  const day = (n: number, hour: number) => {
    const date = new Date(Date.now() - n * 86_400_000);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  await post('/sesiones/', {
    paciente_id: patientId,
    tipo_sesion: 'psicoterapia',
    fecha: day(21, 16),
    duracion_minutos: 55,
    video_url: videoKey,
    notas: 'Notas privadas del terapeuta',
    temas_importantes: 'Ansiedad antes de las reuniones',
    transcripcion: 'Hablante 1: Hola, ¿cómo ha ido la semana?\nHablante 2: Mejor, gracias. He practicado la respiración.',
    num_voces: 2,
    analisis_ia_paciente: 'Hoy hablaste de los nervios antes de las reuniones y practicamos una respiración sencilla.',
  });
  const types = (await (await request.get('/api/v1/tipos-sesion/?activo=true', { headers })).json()) as { id: string; nombre: string }[];
  const seguimiento = types.find((t) => t.nombre === 'Seguimiento breve')!;
  await post('/sesiones/', {
    paciente_id: patientId,
    tipo_sesion_id: seguimiento.id,
    fecha: day(7, 9),
    duracion_minutos: 30,
    campos_datos: { 'Nivel de ansiedad (0-10)': 4 },
  });
  await post('/sesiones/', {
    paciente_id: patientId,
    tipo_sesion: 'psicoterapia',
    fecha: day(3, 17),
    duracion_minutos: 75,
    notas: 'Solo notas privadas',
  });
  const next = new Date(Date.now() + 5 * 86_400_000);
  next.setUTCHours(9, 0, 0, 0);
  // The next appointment is the agenda's.
  const booked = await request.post('/api/v1/citas', {
    headers,
    // Overlaps allowed: the demo practice's own week (and tests running beside this one) may have that hour taken.
    data: {
      paciente_id: patientId,
      inicio: next.toISOString(),
      duracion_minutos: 50,
      modalidad: 'presencial',
      permitir_solapamiento: true,
    },
  });
  expect(booked.ok()).toBeTruthy();
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`The patient area (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 180_000 });

    test('dashboard, a past session with its video, and the profile with a photo', async ({ page, request }) => {
      const patient = await patientReadyToSignIn(request, 'Area');
      await recordHistory(request, patient.id);

      // The dashboard: greeting, counters, recent sessions, next appointment and last session.
      await signInAsPatient(page, patient);
      await expect(page).toHaveURL(/\/dashboard\/paciente$/);
      // The first screen of the lazily loaded shell: room on a busy machine.
      await expect(page.getByTestId('patient-greeting')).toHaveText(`Hola, ${patient.nombre}`, { timeout: 30_000 });
      await expect(page.getByTestId('stat-sessions-value')).toHaveText('3');
      await expect(page.getByTestId('stat-time-value')).toHaveText('2h 40min');
      await expect(page.getByTestId('stat-exercises-value')).toHaveText('0');
      await expect(page.getByTestId('stat-days-value')).toHaveText('0 días');
      await expect(page.getByTestId('next-appointment')).toBeVisible();
      await expect(page.getByTestId('last-session')).toContainText('Sesión 3 · 1h 15min');
      await expect(page.getByTestId('recent-sessions').getByRole('link')).toHaveCount(3);
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await snap(page, `patient-dashboard-${name}`);
      await expectAccessible(page, 'dashboard');

      // A recent session opens its detail in 'Sesiones Anteriores'.
      await page
        .getByTestId('recent-sessions')
        .getByRole('link', { name: /^Sesión 1 / })
        .click();
      await expect(page).toHaveURL(/\/dashboard\/paciente\/sesiones\?sesion=/);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: 'Sesión 1' })).toBeVisible();
      await expect(dialog.getByText('Ansiedad antes de las reuniones')).toBeVisible();
      await expect(dialog.getByTestId('my-session-analysis')).toContainText('practicamos una respiración sencilla');
      await expect(dialog.getByText('2 · Paciente y terapeuta')).toBeVisible();
      await expect(dialog.getByText('Notas privadas del terapeuta')).toHaveCount(0);
      const player = dialog.getByTestId('session-video');
      await expect(player).toHaveAttribute('src', /\/api\/v1\/storage\/object\?/);
      // The browser plays it: its length is read from the file.
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(30);
      await snap(page, `patient-session-detail-${name}`, { fullPage: false });
      await dialog.getByTestId('my-session-analysis').scrollIntoViewIfNeeded();
      await snap(page, `patient-session-analysis-${name}`, { fullPage: false });
      await expectAccessible(page, 'session detail');

      const downloading = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Descargar' }).click();
      const download = await downloading;
      await expect(toast(page, 'Descarga iniciada')).toBeVisible();
      await expect(page.getByTestId('toaster').getByText('Descargando Sesión 1.mp4')).toBeVisible();
      expect(download.suggestedFilename()).toBe('Sesión 1.mp4');
      expect(statSync(await download.path()).size).toBe(statSync(DEMO_VIDEO).size);

      // Closing goes back to the list: three cards, the badges each has.
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await expect(dialog).toHaveCount(0);
      const cards = page.getByTestId('my-session-card');
      await expect(cards).toHaveCount(3);
      await expect(cards.nth(2).getByTestId('my-session-badges')).toHaveText('VideoTranscripciónAnálisis IA');
      await expect(cards.nth(1)).toContainText('Seguimiento breve');
      await expect(cards.nth(1)).toContainText('Personalizada');
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await snap(page, `patient-sessions-${name}`);
      await expectAccessible(page, 'sessions');
      await cards.nth(1).click();
      await expect(page.getByRole('dialog').getByText('Campos Específicos')).toBeVisible();
      await expect(page.getByRole('dialog').getByText('Nivel de ansiedad (0-10)')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await cards.nth(0).click();
      await expect(page.getByTestId('my-session-empty')).toHaveText('No hay contenido adicional disponible para esta sesión.');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // 'Mi Perfil' through the avatar menu: edit the phone, the address, the gender, the own notes and the photo.
      await openUserMenu(page);
      await page.getByRole('menuitem', { name: 'Ver perfil' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mi Perfil' })).toBeVisible();
      const personal = page.getByTestId('personal-card');
      await expect(personal.getByText(patient.email)).toBeVisible();
      await expect(page.getByTestId('therapy-card').getByText('Dra. Ana Martínez')).toBeVisible();
      await snap(page, `patient-profile-${name}`);
      await expectAccessible(page, 'profile');

      await personal.getByRole('button', { name: 'Editar Perfil' }).click();
      await personal
        .getByTestId('photo-file-input')
        .setInputFiles({ name: 'notas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
      await expect(personal.getByText('La foto debe ser una imagen JPEG, PNG, GIF o WebP')).toBeVisible();
      await personal.getByTestId('photo-file-input').setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: gradientPng() });
      await expect(personal.getByTestId('profile-photo').locator('img')).toHaveAttribute('src', /^blob:/);
      await personal.getByLabel('Teléfono').fill('612345678');
      await personal.getByLabel('Dirección').fill('Calle de Alcalá 12, Madrid');
      // Their gender and their own notes, which the page tells them their therapist reads.
      await personal.getByLabel('Género').fill('Mujer');
      await personal.getByLabel('Mis notas').fill('Trabajo a turnos.\nLas sesiones de tarde me vienen mejor.');
      await expect(personal.getByText(/Tu terapeuta puede leerlo\. 56\/2000/)).toBeVisible();
      await snap(page, `patient-profile-edit-${name}`);
      await expectAccessible(page, 'profile form');
      await personal.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(toast(page, 'Perfil actualizado')).toBeVisible();
      await expect(page.getByTestId('toaster').getByText('Tus cambios han sido guardados correctamente.')).toBeVisible();
      await expect(personal.getByText('Calle de Alcalá 12, Madrid')).toBeVisible();
      await expect(personal.getByText('Mujer', { exact: true })).toBeVisible();
      await expect(personal.getByText('Mis notas', { exact: true })).toBeVisible();
      await expect(personal.getByText(/Las sesiones de tarde me vienen mejor\./)).toBeVisible();
      // The therapist reads them on the record, apart from their own notes.
      const record = await request.get(`/api/v1/pacientes/${patient.id}`, {
        headers: { Authorization: `Bearer ${await therapistToken(request)}` },
      });
      expect(await record.json()).toMatchObject({
        genero: 'Mujer',
        notas_paciente: 'Trabajo a turnos.\nLas sesiones de tarde me vienen mejor.',
        notas_terapeuticas: null,
      });

      // The photo is the shell's avatar, now and after a reload (a signed URL of the stored file). The app bar hides
      // while the page is scrolled down, as the longer form leaves it on a desktop: back to the top first.
      await page.evaluate(() => window.scrollTo(0, 0));
      const avatar = page.getByRole('button', { name: /^Menú de usuario/ }).locator('img');
      await expect(avatar).toHaveAttribute('src', /\/api\/v1\/storage\/object\?/);
      await page.reload();
      await expect(page.getByTestId('profile-photo').locator('img')).toHaveAttribute('src', /\/api\/v1\/storage\/object\?/);
      await expect(avatar).toHaveAttribute('src', /\/api\/v1\/storage\/object\?/);
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
      await expect(page.getByTestId('personal-card').getByText('+57 612 345 678')).toBeVisible();
      await expect(page.getByTestId('personal-card').getByText(/Trabajo a turnos\./)).toBeVisible();
      expect(await hasNoHorizontalScroll(page)).toBe(true);
      await snap(page, `patient-profile-saved-${name}`, { fullPage: false });
      await expectAccessible(page, 'profile with notes');
    });
  });
}
