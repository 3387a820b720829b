import { fillMessage, formatAppointmentTime, MSG, type PublicAppointment } from '@consulta/shared';
import { appointmentLinkKey, signAppointmentLink } from '../src/agenda/appointment-links';
import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { testEnv } from './support/env';
import { mailsTo, waitForMail } from './support/mailbox';
import { bookAppointments } from './support/ical';
import { daysAround, inHours } from './support/agenda';

/**
 * The mailed links of a reminder (`/cita/{token}`), without sign-in: what the page reads, confirming, cancelling,
 * and every way a link is refused without changing anything. The tokens are made here the way the reminder makes
 * them (same code, the run's JWT_SECRET); agenda-reminders.test.ts follows the links of real mails.
 */

const PUBLICA = `${API}/citas/publica`;
const key = appointmentLinkKey(testEnv().jwtSecret);
const tokenFor = (cita: { id: string; inicio: string }, accion: 'confirmar' | 'cancelar') =>
  signAppointmentLink(key, { id: cita.id, accion, startMs: Date.parse(cita.inicio) });
const invalidLink = { detail: MSG.agenda.invalidLink, code: 'INVALID_LINK', request_id: expect.any(String) };

/** What a refusal must leave as it was. */
const state = async (id: string) =>
  (await sql(`select estado, version, confirmada_en, cancelada_por, motivo_cancelacion, inicio from appointments where id = $1`, [id]))[0];

async function practice(): Promise<{ therapist: Session; patient: { id: string; email: string } }> {
  const therapist = await therapistSession('Dra. Elena Ruiz');
  const patient = await createPatient(therapist, {
    nombre: 'Lucía',
    apellido: 'CANARIO-APELLIDO',
    telefono: '3009998877',
    notas_terapeuticas: 'CANARIO-NOTAS',
  });
  return { therapist, patient };
}

const book = async (therapist: Session, patientId: string, hours: number, extra: object = {}) =>
  (await bookAppointments(testEnv(), therapist, { paciente_id: patientId, inicio: inHours(hours), ...extra }))[0];

describe('agenda: the mailed links', () => {
  it('shows the appointment of a link with only what the page needs, and confirms it (twice is fine)', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72, { lugar_o_enlace: 'Calle Mayor 1, Madrid', notas: 'CANARIO-NOTA-CITA' });
    const token = tokenFor(cita, 'confirmar');

    const page = await api().get(`${PUBLICA}/${token}`).expect(200);
    expect(page.body).toEqual({
      accion: 'confirmar',
      inicio: cita.inicio,
      fin: cita.fin,
      duracion_minutos: 50,
      modalidad: 'presencial',
      lugar_o_enlace: 'Calle Mayor 1, Madrid',
      estado: 'programada',
      terapeuta_nombre: 'Dra. Elena Ruiz',
      paciente_nombre: 'Lucía',
      zona_horaria: 'Europe/Madrid',
      vigente: true,
      motivo_no_vigente: null,
    } satisfies PublicAppointment);
    expect(page.text).not.toContain('CANARIO');
    expect(page.text).not.toContain(patient.email);

    const confirmed = await api().post(`${PUBLICA}/${token}/confirmar`).expect(200);
    expect(confirmed.body).toMatchObject({ accion: 'confirmar', estado: 'confirmada', vigente: true });
    const row = await state(cita.id);
    expect(row).toMatchObject({ estado: 'confirmada', version: 1, confirmada_en: expect.any(Date) });
    await api().post(`${PUBLICA}/${token}/confirmar`).expect(200);
    expect(await state(cita.id)).toEqual(row);
    // The therapist sees it confirmed.
    const { desde, hasta } = daysAround(cita.inicio);
    const week = await api().get(`${API}/citas?desde=${desde}&hasta=${hasta}`).set(bearer(therapist.token)).expect(200);
    expect(week.body.find((c: { id: string }) => c.id === cita.id)).toMatchObject({
      estado: 'confirmada',
      confirmada_en: expect.any(String),
    });
  });

  it('cancels with a reason, mails the therapist who, when and why, and the page then says it is cancelled', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72);
    const token = tokenFor(cita, 'cancelar');
    expect((await api().get(`${PUBLICA}/${token}`).expect(200)).body).toMatchObject({ accion: 'cancelar', vigente: true });

    const res = await api().post(`${PUBLICA}/${token}/cancelar`).send({ motivo: '  Tengo un examen  ' }).expect(200);
    expect(res.body).toMatchObject({ estado: 'cancelada', vigente: false, motivo_no_vigente: MSG.agenda.alreadyCancelled });
    expect(await state(cita.id)).toMatchObject({
      estado: 'cancelada',
      cancelada_por: 'paciente',
      motivo_cancelacion: 'Tengo un examen',
      version: 1,
    });

    const mail = await waitForMail(testEnv().mailbox, therapist.email);
    const when = formatAppointmentTime(cita.inicio, 'Europe/Madrid');
    expect(mail.subject).toBe(`Cita cancelada por un paciente: ${when}`);
    expect(mail.text).toContain(`Lucía CANARIO-APELLIDO ha cancelado su cita del ${when} (hora de Europe/Madrid).`);
    expect(mail.text).toContain('Motivo: Tengo un examen');

    // Again: 409, the page says so; no second mail.
    await api()
      .post(`${PUBLICA}/${token}/cancelar`)
      .send({})
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.alreadyCancelled));
    await api()
      .post(`${PUBLICA}/${tokenFor(cita, 'confirmar')}/confirmar`)
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.notConfirmable));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(testEnv().mailbox, therapist.email)).toHaveLength(1);
  });

  it('refuses a link of the wrong purpose, altered, forged or past its start with 400 INVALID_LINK, changing nothing', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72);
    const before = await state(cita.id);
    const confirm = tokenFor(cita, 'confirmar');
    const cancel = tokenFor(cita, 'cancelar');
    const refused = async (token: string) => {
      await api()
        .get(`${PUBLICA}/${token}`)
        .expect(400)
        .expect(({ body }) => expect(body).toEqual(invalidLink));
      await api()
        .post(`${PUBLICA}/${token}/confirmar`)
        .expect(400)
        .expect(({ body }) => expect(body).toEqual(invalidLink));
      await api()
        .post(`${PUBLICA}/${token}/cancelar`)
        .send({ motivo: 'No' })
        .expect(400)
        .expect(({ body }) => expect(body).toEqual(invalidLink));
    };

    // Wrong purpose: each link does only its own thing.
    await api()
      .post(`${PUBLICA}/${confirm}/cancelar`)
      .send({})
      .expect(400)
      .expect(({ body }) => expect(body).toEqual(invalidLink));
    await api()
      .post(`${PUBLICA}/${cancel}/confirmar`)
      .expect(400)
      .expect(({ body }) => expect(body).toEqual(invalidLink));

    // Altered: any character of the signature, of what it signs, or the unused bits of the last one.
    const flip = (token: string, at: number) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    for (const at of [3, 20, 40, 60, confirm.length - 1]) await refused(flip(confirm, at));
    // The same appointment as a cancel link, made by editing the purpose byte: the signature no longer holds.
    const bytes = Buffer.from(confirm, 'base64url');
    bytes[17] = 1;
    await refused(bytes.toString('base64url'));

    // Forged: signed with another key, or no token at all.
    const forged = signAppointmentLink(appointmentLinkKey('otra-clave-que-no-es-la-de-la-app-0123456789'), {
      id: cita.id,
      accion: 'confirmar',
      startMs: Date.parse(cita.inicio),
    });
    await refused(forged);
    await refused('abc');
    await refused('x'.repeat(300));
    await refused(`${confirm}.${confirm}`);
    // A valid signature for an appointment that does not exist.
    await refused(
      signAppointmentLink(key, { id: '00000000-0000-4000-8000-000000000000', accion: 'confirmar', startMs: Date.parse(cita.inicio) }),
    );
    expect(await state(cita.id)).toEqual(before);

    // Past its start: a link dies when the appointment begins.
    const past = await book(therapist, patient.id, -2);
    const pastBefore = await state(past.id);
    await refused(tokenFor(past, 'confirmar'));
    await refused(tokenFor(past, 'cancelar'));
    expect(await state(past.id)).toEqual(pastBefore);
    expect(await mailsTo(testEnv().mailbox, therapist.email)).toHaveLength(0);
  });

  it('says a cancelled appointment is cancelled, and refuses to act on it', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72);
    await api()
      .post(`${API}/citas/${cita.id}/cancelar`)
      .set(bearer(therapist.token))
      .send({ motivo: 'Enfermedad', avisar_paciente: false })
      .expect(200);
    const before = await state(cita.id);
    for (const accion of ['confirmar', 'cancelar'] as const) {
      const page = await api()
        .get(`${PUBLICA}/${tokenFor(cita, accion)}`)
        .expect(200);
      expect(page.body).toMatchObject({ accion, estado: 'cancelada', vigente: false, motivo_no_vigente: MSG.agenda.alreadyCancelled });
    }
    await api()
      .post(`${PUBLICA}/${tokenFor(cita, 'confirmar')}/confirmar`)
      .expect(409);
    await api()
      .post(`${PUBLICA}/${tokenFor(cita, 'cancelar')}/cancelar`)
      .send({})
      .expect(409);
    expect(await state(cita.id)).toEqual(before);
  });

  it('within PATIENT_CANCEL_HOURS: the page says it is too late, cancelling is 409 TOO_LATE_TO_CANCEL; confirming still works', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 5);
    const tooLate = fillMessage(MSG.agenda.tooLateToCancel, { horas: 24 });
    const cancel = tokenFor(cita, 'cancelar');
    expect((await api().get(`${PUBLICA}/${cancel}`).expect(200)).body).toMatchObject({
      accion: 'cancelar',
      estado: 'programada',
      vigente: false,
      motivo_no_vigente: tooLate,
    });
    const before = await state(cita.id);
    const res = await api().post(`${PUBLICA}/${cancel}/cancelar`).send({ motivo: 'Tarde' }).expect(409);
    expect(res.body).toEqual({ detail: tooLate, code: 'TOO_LATE_TO_CANCEL', request_id: expect.any(String) });
    expect(await state(cita.id)).toEqual(before);

    const confirm = tokenFor(cita, 'confirmar');
    expect((await api().get(`${PUBLICA}/${confirm}`).expect(200)).body).toMatchObject({ vigente: true, motivo_no_vigente: null });
    await api().post(`${PUBLICA}/${confirm}/confirmar`).expect(200);
    expect(await state(cita.id)).toMatchObject({ estado: 'confirmada' });
  });

  it('does not let the link of a moved appointment act on its new time', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72);
    const confirm = tokenFor(cita, 'confirmar');
    const cancel = tokenFor(cita, 'cancelar');
    const moved = await api()
      .patch(`${API}/citas/${cita.id}`)
      .set(bearer(therapist.token))
      .send({ inicio: inHours(96) })
      .expect(200);
    const before = await state(cita.id);
    const page = await api().get(`${PUBLICA}/${confirm}`).expect(200);
    expect(page.body).toMatchObject({ inicio: moved.body.citas[0].inicio, vigente: false, motivo_no_vigente: MSG.agenda.linkMoved });
    await api()
      .post(`${PUBLICA}/${confirm}/confirmar`)
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.linkMoved));
    await api().post(`${PUBLICA}/${cancel}/cancelar`).send({}).expect(409);
    expect(await state(cita.id)).toEqual(before);
    // A link for the new start works.
    await api()
      .post(`${PUBLICA}/${tokenFor(moved.body.citas[0], 'confirmar')}/confirmar`)
      .expect(200);
  });

  it('is reached without signing in, ahead of the therapist routes under /citas', async () => {
    const { therapist, patient } = await practice();
    const cita = await book(therapist, patient.id, 72);
    // Anonymous: not 401 (the public routes answer), and a signed-in caller changes nothing.
    await api().post(`${PUBLICA}/abc/cancelar`).send({}).expect(400);
    await api().post(`${PUBLICA}/abc/confirmar`).expect(400);
    await api()
      .get(`${PUBLICA}/${tokenFor(cita, 'confirmar')}`)
      .set(bearer(therapist.token))
      .expect(200);
    // The therapist routes still are the therapist's.
    await api().post(`${API}/citas/${cita.id}/cancelar`).send({}).expect(401);
    await api().patch(`${API}/citas/publica`).send({}).expect(401);
    // A body the route does not take is refused (400), never a 500.
    await api()
      .post(`${PUBLICA}/${tokenFor(cita, 'cancelar')}/cancelar`)
      .send({ motivo: 'x'.repeat(501) })
      .expect(400);
    await api()
      .post(`${PUBLICA}/${tokenFor(cita, 'cancelar')}/cancelar`)
      .send({ otra: 1 })
      .expect(400);
    expect(await state(cita.id)).toMatchObject({ estado: 'programada' });
  });
});

describe('agenda: cancellation mails', () => {
  it('tells the patient in one mail which of their appointments still to come the therapist cancelled, and why', async () => {
    const { therapist, patient } = await practice();
    await api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send({ zona_horaria: 'America/Bogota' }).expect(200);
    const series = await bookAppointments(testEnv(), therapist, {
      paciente_id: patient.id,
      inicio: inHours(24 * 10),
      repetir: { frecuencia: 'semanal', veces: 3 },
    });
    await api()
      .post(`${API}/citas/${series[0].id}/cancelar`)
      .set(bearer(therapist.token))
      .send({ motivo: 'Congreso', alcance: 'siguientes' })
      .expect(200);
    const mail = await waitForMail(testEnv().mailbox, patient.email);
    expect(mail.subject).toBe('Dra. Elena Ruiz ha cancelado 3 de tus citas');
    for (const cita of series) expect(mail.text).toContain(`• ${formatAppointmentTime(cita.inicio, 'America/Bogota')}`);
    expect(mail.text).toContain('(hora de America/Bogota)');
    expect(mail.text).toContain('Motivo: Congreso');
    expect(mail.text).not.toContain('CANARIO');

    // Told not to: no mail.
    const [single] = await bookAppointments(testEnv(), therapist, { paciente_id: patient.id, inicio: inHours(24 * 40) });
    await api().post(`${API}/citas/${single.id}/cancelar`).set(bearer(therapist.token)).send({ avisar_paciente: false }).expect(200);
    // One more, told: the second mail is about that one only.
    const [other] = await bookAppointments(testEnv(), therapist, { paciente_id: patient.id, inicio: inHours(24 * 50) });
    await api().post(`${API}/citas/${other.id}/cancelar`).set(bearer(therapist.token)).send({}).expect(200);
    const second = await waitForMail(testEnv().mailbox, patient.email, { count: 2 });
    expect(second.subject).toBe(`Dra. Elena Ruiz ha cancelado tu cita del ${formatAppointmentTime(other.inicio, 'America/Bogota')}`);
    expect(second.text).not.toContain('Motivo');
    expect(second.text).not.toContain(formatAppointmentTime(single.inicio, 'America/Bogota'));
    expect((await mailsTo(testEnv().mailbox, patient.email)).filter((m) => m.subject.includes('cancelado'))).toHaveLength(2);
  });
});
