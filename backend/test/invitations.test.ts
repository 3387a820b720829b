import { MSG, type InvitationSendResponse, type InvitationValidation } from '@consulta/shared';
import request from 'supertest';
import { API, api, bearer, createPatient, patientSession, sql, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { linkIn, waitForMail } from './support/mailbox';

const send = (token: string, body: object) => api().post(`${API}/invitations/send`).set(bearer(token)).send(body);
const validate = (token: string) => api().get(`${API}/invitations/validate/${encodeURIComponent(token)}`);
const register = (body: object) => api().post(`${API}/invitations/register`).send(body);

const registration = (token: string, overrides: object = {}) => ({
  invitation_token: token,
  nombre: 'Lucía',
  apellido: 'Fernández',
  telefono: '300 765 4321',
  edad: 29,
  fecha_nacimiento: '1997-03-02',
  estado_civil: 'soltero',
  profesion_ocupacion: 'Arquitecta',
  nivel_escolaridad: 'licenciatura',
  ha_hecho_terapia: false,
  ha_hecho_psicodelicos: null,
  ha_hecho_constelaciones: null,
  propuesta_terapia: 'Duelo',
  whatsapp_mensajeria_consentimiento: true,
  password: 'Camino#Nuevo26',
  ...overrides,
});

/** Sends an e-mail invitation and answers the token of the link the invitee received. */
async function emailInvitation(
  therapistToken: string,
  email = uniqueEmail('invitada'),
): Promise<{ email: string; token: string; link: URL }> {
  await send(therapistToken, { email }).expect(201);
  const mail = await waitForMail(testEnv().mailbox, email);
  const link = linkIn(mail, `${testEnv().appUrl}/register/invited?token=`);
  return { email, token: link.searchParams.get('token')!, link };
}

describe('invitations by e-mail', () => {
  it('mails a Spanish link that opens the registration page and registers the patient under the therapist', async () => {
    const therapist = await therapistSession('Dra. Elena Ruiz');
    const email = uniqueEmail('invitada');
    const sent = await send(therapist.token, { email: `  ${email.toUpperCase()} ` }).expect(201);
    expect(sent.body).toEqual({ message: MSG.invitations.sentEmail, method: 'email', expires_at: expect.any(String), whatsapp_url: null });
    const days = (Date.parse((sent.body as InvitationSendResponse).expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await waitForMail(testEnv().mailbox, email);
    expect(mail.from).toContain('no-reply@consulta.test');
    expect(mail.subject).toBe('Dra. Elena Ruiz te invita a Consulta');
    expect(mail.text).toContain('Dra. Elena Ruiz te invita a crear tu cuenta de paciente');
    const link = linkIn(mail, `${testEnv().appUrl}/register/invited?token=`);
    expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    // The link itself opens the app (the SPA answers every client route).
    const page = await request(link.origin).get(`${link.pathname}${link.search}`).expect(200);
    expect(page.text).toContain('<div id="root">');

    const check = await validate(token).expect(200);
    expect(check.body).toEqual<InvitationValidation>({
      valid: true,
      message: MSG.invitations.valid,
      therapist_name: 'Dra. Elena Ruiz',
      email,
      phone_number: null,
      consentimientos: [],
      pais: 'ES',
    });
    // Only the hash is stored.
    const [row] = await sql<{ token_hash: string }>('select token_hash from invitations where email = $1', [email]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.token_hash).not.toContain(token);

    const done = await register(registration(token, { email: 'otra@example.com' })).expect(201);
    expect(done.body).toEqual({ message: MSG.invitations.registered, patient_id: expect.any(String) });

    // The patient belongs to the inviting therapist, with the invitation's e-mail and their own password.
    const listed = await api().get(`${API}/pacientes/${done.body.patient_id}`).set(bearer(therapist.token)).expect(200);
    expect(listed.body).toMatchObject({
      email,
      nombre: 'Lucía',
      apellido: 'Fernández',
      // No dial code sent: the inviting therapist's country (DEFAULT_COUNTRY, ES here).
      telefono_paciente: '+343007654321',
      telefono: '3007654321',
      edad: 29,
      terapeuta_id: therapist.id,
      estado_terapia: 'activo',
      whatsapp_mensajeria_consentimiento: true,
    });
    const login = await api().post(`${API}/auth/login/patient`).send({ email, contrasenia: 'Camino#Nuevo26' }).expect(200);
    expect(login.body.must_change_password).toBe(false);
    await api().get(`${API}/auth/me`).set(bearer(login.body.access_token)).expect(200);
  });

  it('is single use', async () => {
    const therapist = await therapistSession();
    const { token } = await emailInvitation(therapist.token);
    await register(registration(token)).expect(201);
    const again = await register(registration(token, { email: uniqueEmail() })).expect(400);
    expect(again.body.detail).toBe(MSG.invitations.invalid);
    expect((await validate(token).expect(200)).body).toEqual({
      valid: false,
      message: MSG.invitations.invalid,
      therapist_name: null,
      email: null,
      phone_number: null,
      consentimientos: [],
      pais: 'ES',
    });
  });

  it('expires', async () => {
    const therapist = await therapistSession();
    const { email, token } = await emailInvitation(therapist.token);
    await sql(`update invitations set expires_at = now() - interval '1 second' where email = $1`, [email]);
    expect((await validate(token).expect(200)).body).toMatchObject({ valid: false, message: MSG.invitations.expired });
    expect((await register(registration(token)).expect(400)).body.detail).toBe(MSG.invitations.expired);
    expect(await sql('select 1 from users where email = $1', [email])).toHaveLength(0);
  });

  it('answers valid=false for unknown tokens', async () => {
    expect((await validate('no-existe').expect(200)).body).toMatchObject({ valid: false, message: MSG.invitations.invalid });
    expect((await register(registration('no-existe')).expect(400)).body.detail).toBe(MSG.invitations.invalid);
  });

  it('a new invitation to the same address replaces the unused one', async () => {
    const therapist = await therapistSession();
    const email = uniqueEmail('dos-veces');
    const first = await emailInvitation(therapist.token, email);
    await send(therapist.token, { email }).expect(201);
    const second = linkIn(await waitForMail(testEnv().mailbox, email, { count: 2 }), testEnv().appUrl).searchParams.get('token')!;
    expect((await validate(first.token)).body.valid).toBe(false);
    expect((await validate(second)).body.valid).toBe(true);
  });

  it('checks the registration: missing fields in one message, phone, age and password rules', async () => {
    const therapist = await therapistSession();
    const { token, email } = await emailInvitation(therapist.token);
    const missing = await register({ invitation_token: token, nombre: ' ' }).expect(400);
    expect(missing.body.detail).toBe(`${MSG.invitations.missingFields}: nombre, apellido, telefono, password`);
    expect((await register(registration(token, { telefono: '12345' })).expect(400)).body.detail).toBe(MSG.phone.tooShort);
    expect((await register(registration(token, { telefono: '0123456789' })).expect(400)).body.detail).toBe(MSG.phone.invalid);
    expect((await register(registration(token, { edad: -1 })).expect(400)).body.detail).toBe(MSG.age.negative);
    expect((await register(registration(token, { edad: 151 })).expect(400)).body.detail).toBe(MSG.age.tooHigh);
    expect((await register(registration(token, { nombre: 'L0cía' })).expect(400)).body.detail).toBe(MSG.name.nombre);
    const weak = await register(registration(token, { password: 'aaa123' })).expect(400);
    expect(weak.body.detail).toContain(MSG.password.requirements);
    expect(weak.body.errors).toEqual(expect.arrayContaining([MSG.password.tooShort, MSG.password.repeated, MSG.password.sequence]));
    await register(registration(token, { unknown: 1 })).expect(400);
    // Nothing was saved and the invitation still works.
    expect(await sql('select 1 from users where email = $1', [email])).toHaveLength(0);
    await register(registration(token)).expect(201);
  });

  it('refuses an address that already has an account', async () => {
    const therapist = await therapistSession();
    const existing = await createPatient(therapist);
    const res = await send(therapist.token, { email: existing.email }).expect(409);
    expect(res.body.detail).toContain('already exists');
  });
});

describe('invitations by WhatsApp', () => {
  it('answers a wa.me link with the Spanish message; registration then requires the e-mail', async () => {
    const therapist = await therapistSession('Dr. Pablo Gil');
    const sent = await send(therapist.token, { phone_number: '+57 (300) 555-1234' }).expect(201);
    const body = sent.body as InvitationSendResponse;
    expect(body).toMatchObject({ method: 'whatsapp', message: MSG.invitations.sentWhatsapp });
    const wa = new URL(body.whatsapp_url!);
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/573005551234');
    const text = wa.searchParams.get('text')!;
    expect(text).toMatch(/^Hola, soy Dr\. Pablo Gil\. Te invito a crear tu cuenta de paciente en Consulta: /);
    const token = new URL(text.split(': ').pop()!).searchParams.get('token')!;

    expect((await validate(token)).body).toMatchObject({
      valid: true,
      email: null,
      phone_number: '+573005551234',
      therapist_name: 'Dr. Pablo Gil',
    });
    const noEmail = await register(registration(token, { telefono: undefined })).expect(400);
    expect(noEmail.body.detail).toBe(`${MSG.invitations.missingFields}: email`);
    const email = uniqueEmail('whatsapp');
    // The invitation fixes the phone: a telefono in the payload is ignored.
    const done = await register(registration(token, { telefono: '3110000000', email: ` ${email.toUpperCase()}` })).expect(201);
    // The answer does not tell whether the address had an account (see below); the address gets a welcome.
    expect(done.body).toEqual({ message: MSG.invitations.registeredCheckMail, patient_id: null });
    const [{ id }] = await sql<{ id: string }>('select p.id from patients p join users u on u.id = p.user_id where u.email = $1', [email]);
    const patient = await api().get(`${API}/pacientes/${id}`).set(bearer(therapist.token)).expect(200);
    expect(patient.body).toMatchObject({ email, telefono_paciente: '+573005551234', telefono: '3005551234' });
    const welcome = await waitForMail(testEnv().mailbox, email);
    expect(welcome.subject).toBe('Tu cuenta de Consulta está lista');
    expect(welcome.text).toContain('Dr. Pablo Gil');
    expect(linkIn(welcome, `${testEnv().appUrl}/login`).pathname).toBe('/login');
    await api().post(`${API}/auth/login/patient`).send({ email, contrasenia: 'Camino#Nuevo26' }).expect(200);
  });

  it('answers a taken address as a free one: the link is spent, nothing changes, the owner is told by mail', async () => {
    const therapist = await therapistSession('Dra. Sara Ruiz');
    const owner = await patientSession(await therapistSession());
    const whatsappInvitation = async () => {
      const sent = await send(therapist.token, { phone_number: `+57 300 ${Math.floor(1_000_000 + Math.random() * 8_999_999)}` }).expect(
        201,
      );
      const text = new URL((sent.body as InvitationSendResponse).whatsapp_url!).searchParams.get('text')!;
      return new URL(text.split(': ').pop()!).searchParams.get('token')!;
    };
    const patientsBefore = (await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200)).body as unknown[];

    const token = await whatsappInvitation();
    const taken = await register(registration(token, { email: owner.email.toUpperCase(), password: 'Otra#Clave2027' })).expect(201);
    const free = await register(registration(await whatsappInvitation(), { email: uniqueEmail('libre') })).expect(201);
    expect(taken.body).toEqual(free.body);
    // Spent like a used one: it cannot be tried again with another address.
    expect((await register(registration(token, { email: uniqueEmail() })).expect(400)).body.detail).toBe(MSG.invitations.invalid);
    // No account or patient was made, and the owner's password is unchanged.
    expect(await sql('select count(*)::int as n from users where email = $1', [owner.email])).toEqual([{ n: 1 }]);
    const patientsAfter = (await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200)).body as unknown[];
    expect(patientsAfter).toHaveLength(patientsBefore.length + 1);
    await api().post(`${API}/auth/login/patient`).send({ email: owner.email, contrasenia: 'Otra#Clave2027' }).expect(401);
    await api().post(`${API}/auth/login/patient`).send({ email: owner.email, contrasenia: owner.password }).expect(200);
    // The owner learns how to get in, and how to join this therapist.
    const told = await waitForMail(testEnv().mailbox, owner.email);
    expect(told.subject).toBe('Ya tienes una cuenta en Consulta');
    expect(told.text).toContain('Dra. Sara Ruiz');
    expect(told.text).toContain('¿Olvidaste tu contraseña?');
    expect(told.text).toContain('otra invitación');
  });

  it('checks the contact: exactly one of e-mail and phone, valid formats', async () => {
    const therapist = await therapistSession();
    expect((await send(therapist.token, {}).expect(400)).body.detail).toBe(MSG.invitations.oneContact);
    expect((await send(therapist.token, { email: uniqueEmail(), phone_number: '+573001234567' }).expect(400)).body.detail).toBe(
      MSG.invitations.oneContact,
    );
    for (const phone_number of ['+57123', '+57 0300123456', '+57 3001234567890']) {
      expect((await send(therapist.token, { phone_number }).expect(400)).body.detail).toBe(MSG.phone.whatsapp);
    }
    expect((await send(therapist.token, { phone_number: '+999 3001234567' }).expect(400)).body.detail).toBe(MSG.phone.dialCode);
    expect((await send(therapist.token, { email: 'no-es-un-email' }).expect(400)).body.detail).toBe(MSG.email.oneAt);
  });
});

describe('invitation permissions', () => {
  it('the invited patient belongs to the inviting therapist only', async () => {
    const inviter = await therapistSession();
    const other = await therapistSession();
    const { token } = await emailInvitation(inviter.token);
    const done = await register(registration(token)).expect(201);
    await api().get(`${API}/pacientes/${done.body.patient_id}`).set(bearer(inviter.token)).expect(200);
    const foreign = await api().get(`${API}/pacientes/${done.body.patient_id}`).set(bearer(other.token)).expect(404);
    expect(foreign.body.detail).toBe(MSG.patients.notFound);
    const list = await api().get(`${API}/pacientes/`).set(bearer(other.token)).expect(200);
    expect((list.body as { id: string }[]).map((p) => p.id)).not.toContain(done.body.patient_id);
    await api().delete(`${API}/pacientes/${done.body.patient_id}`).set(bearer(other.token)).expect(404);
  });

  it('answers bad input with a Spanish 400, never a 500', async () => {
    const therapist = await therapistSession();
    for (const body of [
      { email: 42 },
      { phone_number: ['+573001234567'] },
      { email: { a: 1 } },
      { email: 'x'.repeat(300) + '@example.com' },
    ]) {
      const res = await send(therapist.token, body).expect(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const notJson = await api()
      .post(`${API}/invitations/send`)
      .set(bearer(therapist.token))
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBe(MSG.common.invalidJson);
    expect((await validate('x'.repeat(5000)).expect(200)).body).toMatchObject({ valid: false, message: MSG.invitations.invalid });
    expect((await register(registration(7 as unknown as string)).expect(400)).body.detail).toBe(
      'El campo invitation_token debe ser un texto',
    );
    for (const token of [null, '']) {
      expect((await register(registration(token as unknown as string)).expect(400)).body.detail).toBe(MSG.invitations.invalid);
    }
    const { token } = await emailInvitation(therapist.token);
    for (const overrides of [
      { password: 12345678 },
      { nombre: ['Ana'] },
      { edad: 'treinta' },
      { ha_hecho_terapia: 'quizá' },
      { codigo_pais: '+999' },
    ]) {
      const res = await register(registration(token, overrides)).expect(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    await register(registration(token)).expect(201);
  });

  it('only therapists send invitations', async () => {
    await api().post(`${API}/invitations/send`).send({ email: uniqueEmail() }).expect(401);
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    await api()
      .post(`${API}/auth/change-password`)
      .set(bearer(patient.token))
      .send({ new_password: 'Otra#Clave2026' })
      .expect(200)
      .then(async (res) => {
        const refused = await send(res.body.access_token, { email: uniqueEmail() }).expect(403);
        expect(refused.body.detail).toBe(MSG.auth.forbidden);
      });
  });
});
