import { expect, test } from '@playwright/test';
import {
  choose,
  createPatientViaApi,
  esDate,
  expectAccessible,
  expectFitsWidth,
  picker,
  pickerValue,
  signInAsTherapist,
  snap,
  toast,
  typeInPicker,
  uniquePatient,
} from './helpers';
import { addDays } from '../src/therapist/agenda/zonedTime';
import { agendaApi, at, calendarEvent, clickSlot, mondayIn, nextWeeks, today } from './support/agenda';

/**
 * The therapist's agenda in the browser: the week at 1280 px (a new appointment from a free slot, moved and
 * cancelled through its dialog, an overlap insisted on), the list and the day at a 390 px phone, today's
 * appointments in 'Mis pacientes', the patient's 'Citas' tab with 'Registrar sesión', and the zone in 'Mi Perfil',
 * with axe on each screen. Each test works weeks ahead, at early hours, so tests running side by side (and the
 * demo practice's own week) never share a slot.
 */

test.describe('the week at 1280 px', () => {
  test('a free slot opens a new appointment; it shows, moves by its dialog and is cancelled', async ({ page, request }) => {
    test.setTimeout(120_000);
    const patient = uniquePatient('Agenda');
    await createPatientViaApi(request, patient);
    const name = `${patient.nombre} ${patient.apellido}`;
    await signInAsTherapist(page);
    await page.getByRole('menuitem', { name: 'Agenda' }).click();
    await expect(page).toHaveURL(/\/dashboard\/terapeuta\/agenda$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agenda' })).toBeVisible();
    await expect(page.getByTestId('agenda-zone')).toContainText('Europe/Madrid');
    // The week, with today marked and the legend's states in words.
    await expect(page.getByRole('button', { name: 'Semana' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`[data-date="${today()}"]`).first()).toBeVisible();
    for (const state of ['Programada', 'Confirmada', 'Cancelada', 'Realizada', 'No asistió'])
      await expect(page.getByRole('list', { name: 'Leyenda de estados' }).getByText(state, { exact: true })).toBeVisible();
    await expectAccessible(page, 'agenda week');
    await snap(page, 'agenda-week');

    const monday = mondayIn(5);
    const tuesday = addDays(monday, 1);
    await nextWeeks(page, 5);
    await expect(page.locator(`[data-date="${tuesday}"]`).first()).toBeVisible();
    await clickSlot(page, tuesday, '07:00:00');
    const create = page.getByRole('dialog', { name: 'Nueva cita' });
    await expect(pickerValue(picker(create, /^Fecha/))).toHaveValue(esDate(tuesday));
    await expect(pickerValue(picker(create, /^Hora de inicio/))).toHaveValue('07:00');
    await expect(create.getByLabel(/^Duración/)).toHaveValue('50');
    // Without a patient the server's message says what is missing.
    await create.getByRole('button', { name: 'Guardar cita' }).click();
    await expect(create.getByText('El paciente es requerido')).toBeVisible();
    await create.getByLabel(/^Paciente/).fill(patient.nombre);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await create.getByLabel('Lugar o enlace').fill('Consulta 3');
    await expectAccessible(page, 'new appointment dialog');
    await snap(page, 'agenda-new-appointment', { fullPage: false });
    await create.getByRole('button', { name: 'Guardar cita' }).click();
    await expect(toast(page, 'Cita creada')).toBeVisible();
    await expect(create).toHaveCount(0);

    const event = calendarEvent(page, '07:00–07:50', name);
    await expect(event).toContainText('Programada');
    await event.click();
    const dialog = page.getByRole('dialog', { name: `Cita con ${name}` });
    await expect(dialog.getByTestId('appointment-facts')).toContainText(/martes, \d+ de \w+ de \d{4}, 07:00/);
    await expect(dialog.getByLabel('Notas')).toHaveValue('');
    await expectAccessible(page, 'appointment dialog');
    await snap(page, 'agenda-appointment-dialog', { fullPage: false });
    // Moved by the keyboard's way: the dialog's day and time.
    await typeInPicker(picker(dialog, /^Fecha/), esDate(addDays(monday, 2)).replace(/\D/g, ''));
    await typeInPicker(picker(dialog, /^Hora de inicio/), '0730');
    await dialog.getByLabel('Notas').fill('Traer el registro de la semana');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Cita actualizada')).toBeVisible();
    await expect(calendarEvent(page, '07:00–07:50', name)).toHaveCount(0);
    const moved = calendarEvent(page, '07:30–08:20', name);
    await expect(moved).toBeVisible();
    expect(
      await page
        .locator(`[data-date="${addDays(monday, 2)}"]`)
        .last()
        .evaluate((day, el) => day.contains(el), await moved.elementHandle()),
    ).toBe(true);

    await moved.click();
    await expect(dialog.getByLabel('Notas')).toHaveValue('Traer el registro de la semana');
    await dialog.getByRole('button', { name: 'Cancelar cita' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancelar cita' });
    await ask.getByLabel('Motivo (opcional)').fill('La terapeuta tiene formación');
    await expect(ask.getByLabel('Avisar al paciente por correo')).toBeChecked();
    await expectAccessible(page, 'cancel appointment question');
    await ask.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(toast(page, 'Cita cancelada')).toBeVisible();
    await expect(calendarEvent(page, '07:30–08:20', name)).toContainText('Cancelada');
    await page.getByLabel('Mostrar canceladas').uncheck();
    await expect(calendarEvent(page, '07:30–08:20', name)).toHaveCount(0);
  });

  test('an overlap is named, and saved when insisted on; a series asks what a change applies to', async ({ page, request }) => {
    test.setTimeout(120_000);
    const patient = uniquePatient('Solape');
    const { id } = await createPatientViaApi(request, patient);
    const name = `${patient.nombre} ${patient.apellido}`;
    const api = await agendaApi(request);
    const monday = mondayIn(6);
    const first = await api.create({ paciente_id: id, inicio: at(monday, '06:00') });
    await signInAsTherapist(page, '/dashboard/terapeuta/agenda');
    await nextWeeks(page, 6);
    await expect(calendarEvent(page, '06:00–06:50', name)).toBeVisible();

    // A weekly series of three from Monday 06:30: its first overlaps the appointment above.
    await page.getByRole('button', { name: 'Nueva cita' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva cita' });
    await create.getByLabel(/^Paciente/).fill(patient.nombre);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await typeInPicker(picker(create, /^Fecha/), esDate(monday).replace(/\D/g, ''));
    await typeInPicker(picker(create, /^Hora de inicio/), '0630');
    await create.getByLabel('Repetir').click();
    await page.getByRole('option', { name: 'Cada semana' }).click();
    await create.getByLabel('Número de citas', { exact: true }).fill('3');
    await create.getByRole('button', { name: 'Guardar cita' }).click();
    const overlap = create.getByTestId('overlap-alert');
    await expect(overlap).toContainText('Se solapa con otra cita');
    await expect(overlap).toContainText(new RegExp(`lunes, \\d+ de \\w+ de \\d{4}, 06:00 · ${name}`));
    await expectAccessible(page, 'overlap in the new appointment dialog');
    await snap(page, 'agenda-overlap', { fullPage: false });
    await overlap.getByRole('button', { name: 'Guardar igualmente' }).click();
    await expect(toast(page, '3 citas creadas')).toBeVisible();
    const series = calendarEvent(page, '06:30–07:20', name);
    await expect(series).toBeVisible();
    const inSeries = await api.list(monday, addDays(monday, 20), id);
    expect(inSeries.filter((a) => a.id !== first.id)).toHaveLength(3);

    // Moving the series' first one: 'Esta y las siguientes' moves all three.
    await series.click();
    const dialog = page.getByRole('dialog', { name: `Cita con ${name}` });
    await expect(dialog.getByTestId('appointment-facts')).toContainText('Forma parte de una serie de citas.');
    await typeInPicker(picker(dialog, /^Hora de inicio/), '0730');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    const scope = page.getByRole('dialog', { name: 'Esta cita es parte de una serie' });
    await expectAccessible(page, 'series scope question');
    await scope.getByRole('button', { name: 'Esta y las siguientes' }).click();
    await expect(toast(page, '3 citas actualizadas')).toBeVisible();
    await nextWeeks(page, 2);
    await expect(calendarEvent(page, '07:30–08:20', name)).toBeVisible();
  });
});

test.describe('the agenda on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the day; an appointment opens full screen', async ({ page, request }) => {
    test.setTimeout(90_000);
    const patient = uniquePatient('Movil');
    const { id } = await createPatientViaApi(request, patient);
    const name = `${patient.nombre} ${patient.apellido}`;
    const monday = mondayIn(7);
    const thursday = addDays(monday, 3);
    await (
      await agendaApi(request)
    ).create({ paciente_id: id, inicio: at(thursday, '07:15'), modalidad: 'videollamada', lugar_o_enlace: 'https://meet.example.com/abc' });
    await signInAsTherapist(page, '/dashboard/terapeuta/agenda');
    await expect(page.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Semana' })).toHaveCount(0);
    await nextWeeks(page, 7);
    const item = page.locator('.consulta-agenda').getByText(name);
    await expect(item).toBeVisible();
    await expect(page.locator('.consulta-agenda')).toContainText('07:15–08:05');
    await expect(page.locator('.consulta-agenda')).toContainText('Videollamada');
    await expectFitsWidth(page);
    await expectAccessible(page, 'agenda list on a phone');
    await snap(page, 'agenda-list-phone');

    await item.click();
    const dialog = page.getByRole('dialog', { name: `Cita con ${name}` });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(389);
    await expect(dialog.getByRole('link', { name: /meet\.example\.com/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page, 'appointment dialog on a phone');
    await snap(page, 'agenda-appointment-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click();

    await page.getByRole('button', { name: 'Día' }).click();
    await expect(page.getByTestId('agenda-title')).toContainText(/\d{4}/);
    await expectFitsWidth(page);
    await expectAccessible(page, 'agenda day on a phone');
    await snap(page, 'agenda-day-phone');
  });
});

test.describe('the agenda around the patients', () => {
  test("today's appointments in 'Mis pacientes', the patient's 'Citas', and 'Registrar sesión'", async ({ page, request }) => {
    test.setTimeout(120_000);
    const patient = uniquePatient('Hoy');
    const { id } = await createPatientViaApi(request, patient);
    const name = `${patient.nombre} ${patient.apellido}`;
    const api = await agendaApi(request);
    // Today just after midnight (whatever the hour of the run, it is today's), and one weeks ahead (the next one).
    await api.create({ paciente_id: id, inicio: at(today(), '00:05'), duracion_minutos: 30 });
    const later = addDays(mondayIn(8), 4);
    await api.create({ paciente_id: id, inicio: at(later, '06:45') });
    await signInAsTherapist(page);
    const todays = page.getByRole('region', { name: 'Citas de hoy' });
    await expect(todays.getByTestId('appointment-row').filter({ hasText: '00:05–00:35' }).filter({ hasText: name })).toBeVisible();
    await expectAccessible(page, "'Mis pacientes' with today's appointments");
    await snap(page, 'patients-today-appointments');

    // The patient's 'Citas': a new one for them (no patient to choose); the record's next appointment read-only.
    await page.goto(`/dashboard/terapeuta/pacientes/${id}/citas`);
    await expect(page.getByRole('heading', { name: 'Citas', level: 2 })).toBeVisible();
    const rows = page.getByTestId('appointment-row');
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Nueva cita' }).click();
    const create = page.getByRole('dialog', { name: 'Nueva cita' });
    await expect(picker(create, /^Fecha/)).toBeVisible();
    await expect(create.getByLabel(/^Paciente/)).toHaveCount(0);
    await typeInPicker(picker(create, /^Fecha/), esDate(addDays(later, 7)).replace(/\D/g, ''));
    await typeInPicker(picker(create, /^Hora de inicio/), '0645');
    await create.getByRole('button', { name: 'Guardar cita' }).click();
    await expect(toast(page, 'Cita creada')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expectAccessible(page, "the patient's 'Citas' tab");
    await snap(page, 'patient-appointments-tab');

    await page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link', { name: 'Información del Paciente' }).click();
    const record = page.getByTestId('patient-info');
    await expect(record.getByText('Próxima cita').locator('..')).toContainText(/\d{4}, 06:45/);
    await expect(record.getByRole('link', { name: 'Ver sus citas' })).toHaveAttribute('href', `/dashboard/terapeuta/pacientes/${id}/citas`);
    await page.getByRole('button', { name: 'Editar' }).first().click();
    const nextField = page.getByTestId('patient-record-form').getByLabel('Próxima cita');
    await expect(nextField).toHaveAttribute('readonly', '');
    await expect(nextField).toHaveValue(/\d{4}, 06:45/);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // 'Registrar sesión' from today's appointment: the session opens filled, and saving it marks the appointment done.
    await page.getByRole('navigation', { name: 'Secciones del paciente' }).getByRole('link', { name: 'Citas' }).click();
    await rows.filter({ hasText: /, 00:05/ }).click();
    await page
      .getByRole('dialog', { name: `Cita con ${name}` })
      .getByRole('button', { name: 'Registrar sesión' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pacientes/${id}/nueva-sesion\\?cita=`));
    await expect(page.getByTestId('session-from-appointment')).toBeVisible();
    const editor = page.getByRole('region', { name: /^(Nueva sesión|Borrador)/ });
    await expect(editor.getByLabel('Duración (min)')).toHaveValue('30');
    await expect(pickerValue(picker(editor, /^Fecha y hora/))).toHaveValue(`${esDate(today())} 00:05`);
    await choose(page, editor.getByRole('combobox', { name: /Tipo de sesión/ }), 'Psicoterapia');
    await editor.getByLabel(/^Notas/).fill('Sesión registrada desde la agenda');
    await editor.getByLabel(/^Temas importantes/).fill('Agenda');
    await editor.getByRole('button', { name: 'Guardar Sesión' }).click();
    await expect(toast(page, 'Sesión guardada')).toBeVisible();
    await expect(async () => {
      const [done] = await api.list(today(), today(), id);
      expect(done).toMatchObject({ estado: 'realizada', sesion_id: expect.any(String) });
    }).toPass({ timeout: 10_000 });
  });

  test("'Calendario externo': the private address is shown once, with how to add it, and can be revoked", async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/agenda');
    await page.getByRole('button', { name: 'Calendario externo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Calendario externo' });
    await expect(dialog.getByTestId('calendar-feed-status')).toBeVisible();
    await dialog.getByRole('button', { name: /^Crear (una )?dirección( nueva)?$/ }).click();
    await expect(dialog.getByLabel('Dirección del calendario')).toHaveValue(/\/calendario\/.+\.ics$/);
    await expect(dialog.getByRole('button', { name: 'Copiar dirección' })).toBeVisible();
    await expect(dialog).toContainText('Google Calendar');
    await expectAccessible(page, 'external calendar dialog');
    await snap(page, 'agenda-calendar-feed', { fullPage: false });
    await dialog.getByRole('button', { name: 'Revocar' }).click();
    await page.getByRole('dialog', { name: 'Revocar el calendario externo' }).getByRole('button', { name: 'Revocar' }).click();
    await expect(toast(page, 'Calendario externo revocado')).toBeVisible();
    await expect(dialog.getByTestId('calendar-feed-status')).toHaveText(/Aún no tienes una dirección/);
  });

  test("'Mi Perfil' shows the agenda's zone and offers the zones to choose from", async ({ page }) => {
    await signInAsTherapist(page, '/dashboard/terapeuta/perfil');
    await expect(page.getByTestId('profile-time-zone')).toHaveText('Europe/Madrid');
    await page.getByRole('button', { name: 'Editar perfil' }).click();
    const zone = page.getByLabel('Zona horaria');
    await expect(zone).toHaveValue(/^Europe\/Madrid \(UTC\+0[12]:00\)$/);
    await zone.fill('Bogo');
    await expect(page.getByRole('option', { name: 'America/Bogota (UTC-05:00)' })).toBeVisible();
    await expectAccessible(page, 'profile with the zone field');
    await page.keyboard.press('Escape');
    // Saved as it is: the demo therapist's zone stays what the other tests expect.
    await zone.fill('');
    await zone.fill('Europe/Madr');
    await page.getByRole('option', { name: /^Europe\/Madrid/ }).click();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toast(page, 'Perfil actualizado')).toBeVisible();
    await expect(page.getByTestId('profile-time-zone')).toHaveText('Europe/Madrid');
  });
});
