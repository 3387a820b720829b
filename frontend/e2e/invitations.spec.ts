import { expect, test } from '@playwright/test';
import { DEMO_PATIENT, THERAPIST, mailedLink, passwordLogin, signInAsTherapist, snap, toast, uniquePatient } from './helpers';

test.describe('invitations', () => {
  test('a patient registers from the e-mailed invitation and signs in', async ({ page, browser }) => {
    // The longest flow: both shells load, the new password is hashed, three pages are reloaded.
    test.setTimeout(90_000);
    const invitee = uniquePatient('Invitada');
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Invitar Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar Paciente' });
    await dialog.getByLabel('Correo electrónico del paciente').fill('no-es-email');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(dialog.getByText('El formato del email no es válido')).toBeVisible();
    await dialog.getByLabel('Correo electrónico del paciente').fill(invitee.email);
    await snap(page, 'invite-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(toast(page, 'Invitación enviada')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The invitee opens the mailed link in their own browser.
    const link = await mailedLink(invitee.email, '/register/invited?token=');
    const guest = await browser.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Registro de Paciente' })).toBeVisible();
    await expect(guest.getByText(`${THERAPIST.name} te invita a Consulta`)).toBeVisible();
    await expect(guest.getByText(invitee.email)).toBeVisible();
    await guest.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(guest.getByText('El nombre es requerido')).toBeVisible();
    await expect(guest.getByText('El teléfono es requerido')).toBeVisible();

    await guest.getByLabel('Nombre', { exact: false }).first().fill(invitee.nombre);
    await guest.getByLabel('Apellido').fill(invitee.apellido);
    await guest.getByLabel('Teléfono').fill('3105551234');
    await guest.getByLabel('Edad').fill('31');
    await guest.getByLabel('Profesión u ocupación').fill('Enfermera');
    await guest.getByLabel(/^Contraseña/).fill('Mi#Clave2026');
    await guest.getByLabel(/^Confirmar contraseña/).fill('Mi#Clave2027');
    await guest.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(guest.getByText('Las contraseñas no coinciden')).toBeVisible();
    await guest.getByLabel(/^Confirmar contraseña/).fill('Mi#Clave2026');
    await snap(guest, 'register-invited');
    await guest.getByRole('button', { name: 'Crear mi cuenta' }).click();
    await expect(guest).toHaveURL(/\/login$/);
    await expect(toast(guest, 'Registro completado')).toBeVisible();

    // The link is spent; the new patient signs in with their own password (no forced change).
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Invitación Inválida' })).toBeVisible();
    await passwordLogin(guest, invitee.email, 'Mi#Clave2026');
    await expect(guest).toHaveURL(/\/dashboard\/paciente/);
    await guest.close();

    // And appears in the therapist's list.
    await page.reload();
    await page.getByLabel('Buscar pacientes por nombre o apellido').fill(invitee.apellido);
    await expect(page.getByText(`${invitee.nombre} ${invitee.apellido}`)).toBeVisible();
  });

  test('by WhatsApp, an address that already has an account gets the same answer as a new one; its owner is told by mail', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(90_000);
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Invitar Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar Paciente' });
    await dialog.getByRole('button', { name: 'WhatsApp' }).click();
    await dialog.getByLabel('Número de WhatsApp').fill(`31${String(Date.now()).slice(-8)}`);
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    const link = /https?:\/\/\S+\/register\/invited\?token=\S+/.exec(new URL(popup.url()).searchParams.get('text') ?? '')![0];
    await popup.close();

    // The invitee chooses the demo patient's address, which already has an account.
    const invitee = uniquePatient('Repetida');
    const guest = await browser.newPage();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Registro de Paciente' })).toBeVisible();
    await guest.getByLabel('Nombre', { exact: false }).first().fill(invitee.nombre);
    await guest.getByLabel('Apellido').fill(invitee.apellido);
    await guest.getByLabel('Correo electrónico').fill(DEMO_PATIENT.email);
    await guest.getByLabel('Edad').fill('40');
    await guest.getByLabel('Profesión u ocupación').fill('Docente');
    await guest.getByLabel(/^Contraseña/).fill('Mi#Clave2026');
    await guest.getByLabel(/^Confirmar contraseña/).fill('Mi#Clave2026');
    await guest.getByRole('button', { name: 'Crear mi cuenta' }).click();
    // Nothing on the page tells whether the address was free: the mail does, to its owner.
    await expect(guest).toHaveURL(/\/login$/);
    await expect(toast(guest, 'Registro recibido')).toBeVisible();
    await snap(guest, 'register-whatsapp-received', { fullPage: false });
    expect(await mailedLink(DEMO_PATIENT.email, '/login')).toMatch(/\/login$/);
    // The link is spent either way.
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Invitación Inválida' })).toBeVisible();
    await guest.close();
  });

  test('by WhatsApp the dialog opens wa.me with the link, then returns to e-mail', async ({ page, context }) => {
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Invitar Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar Paciente' });
    await dialog.getByRole('button', { name: 'WhatsApp' }).click();
    await expect(dialog.getByLabel('Código')).toContainText('+34');
    await dialog.getByLabel('Número de WhatsApp').fill('12345');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    await expect(dialog.getByText('El número de teléfono debe tener entre 7 y 12 dígitos')).toBeVisible();
    await dialog.getByLabel('Número de WhatsApp').fill('3004445566');
    await snap(page, 'invite-dialog-whatsapp', { fullPage: false });
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\//);
    await expect(popup).toHaveTitle('WhatsApp');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    const wa = new URL(popup.url());
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/343004445566');
    expect(wa.searchParams.get('text')).toMatch(
      /Te invito a crear tu cuenta de paciente en Consulta: http:\/\/localhost:\d+\/register\/invited\?token=/,
    );
    await expect(toast(page, 'Invitación enviada')).toBeVisible();

    await page.getByRole('button', { name: 'Invitar Paciente' }).click();
    await expect(dialog.getByLabel('Correo electrónico del paciente')).toBeVisible();

    // A refused invitation says why and keeps the dialog open.
    await dialog.getByLabel('Correo electrónico del paciente').fill(DEMO_PATIENT.email);
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    await expect(toast(page, 'Error al enviar invitación')).toBeVisible();
    // The server's detail, without the English marker meant for programs.
    await expect(page.getByTestId('toaster').getByText('Ya existe un usuario con este email', { exact: true })).toBeVisible();
    await expect(dialog).toBeVisible();

    // When the server fails, the tab opened for WhatsApp is closed again.
    await page.route('**/api/v1/invitations/send', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Servicio no disponible' }) }),
    );
    await dialog.getByRole('button', { name: 'WhatsApp' }).click();
    await dialog.getByLabel('Número de WhatsApp').fill('3004445566');
    const blankPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    const blank = await blankPromise;
    await expect.poll(() => blank.isClosed()).toBe(true);
    await expect(page.getByTestId('toaster').getByText('Servicio no disponible')).toBeVisible();
  });

  test('with pop-ups blocked, the WhatsApp link is offered in the dialog', async ({ page, context }) => {
    await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }));
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await signInAsTherapist(page);
    await page.getByRole('button', { name: 'Invitar Paciente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar Paciente' });
    await dialog.getByRole('button', { name: 'WhatsApp' }).click();
    await dialog.getByLabel('Número de WhatsApp').fill('3004445577');
    await dialog.getByRole('button', { name: 'Abrir WhatsApp' }).click();
    await expect(dialog.getByText('El navegador bloqueó la ventana de WhatsApp')).toBeVisible();
    await snap(page, 'invite-whatsapp-blocked', { fullPage: false });
    await expect(toast(page, 'Invitación enviada')).toHaveCount(0);
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('link', { name: 'Abrir' }).click();
    const popup = await popupPromise;
    await popup.waitForURL(/^https:\/\/wa\.me\/343004445577\?text=/);
    await expect(toast(page, 'Invitación enviada')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('an invalid invitation shows the card with a way home', async ({ page }) => {
    await page.goto('/register/invited?token=no-vale');
    await expect(page.getByRole('heading', { name: 'Invitación Inválida' })).toBeVisible();
    await expect(page.getByRole('main').getByText('La invitación no es válida o ya fue utilizada')).toBeVisible();
    await expect(toast(page, 'Invitación inválida')).toBeVisible();
    await expect(page.getByTestId('toaster').getByText('La invitación no es válida o ya fue utilizada')).toBeVisible();
    await snap(page, 'register-invalid');
    await page.getByRole('link', { name: 'Volver al inicio' }).first().click();
    await expect(page).toHaveURL(/\/$/);

    // The server cannot be reached: the card says the invitation could not be checked, and offers to try again.
    let offline = true;
    await page.route('**/api/v1/invitations/validate/**', (route) => (offline ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/register/invited?token=sin-red');
    await expect(page.getByRole('heading', { name: 'No se pudo comprobar la invitación' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^Error al validar la invitación: Error de conexión/)).toBeVisible();
    await expect(toast(page, 'Error al validar la invitación')).toBeVisible();
    await snap(page, 'register-unchecked');
    offline = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Invitación Inválida' })).toBeVisible();
  });
});
