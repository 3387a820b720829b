import { MSG } from '@consulta/shared';
import { API, api, bearer, patientSession, sql, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { linkIn, mailsTo, waitForMail } from './support/mailbox';

const forgot = (email: string) => api().post(`${API}/auth/forgot-password`).send({ email });
const verify = (token: string) => api().get(`${API}/auth/verify-reset-token`).query({ token });
const reset = (token: string, new_password: string) => api().post(`${API}/auth/reset-password`).send({ token, new_password });

/** A patient who has set their own password (so they sign in with it). */
async function patientWithPassword() {
  const therapist = await therapistSession();
  const patient = await patientSession(therapist);
  const changed = await api()
    .post(`${API}/auth/change-password`)
    .set(bearer(patient.token))
    .send({ new_password: 'Primera#Clave26' })
    .expect(200);
  return { ...patient, token: changed.body.access_token as string, password: 'Primera#Clave26' };
}

async function resetToken(email: string, count = 1): Promise<string> {
  const mail = await waitForMail(testEnv().mailbox, email, { count });
  return linkIn(mail, `${testEnv().appUrl}/reset-password?token=`).searchParams.get('token')!;
}

describe('password recovery', () => {
  it('mails a single-use link that sets a new password and ends older sessions', async () => {
    const patient = await patientWithPassword();
    const answer = await forgot(patient.email.toUpperCase()).expect(200);
    expect(answer.body).toEqual({ message: MSG.reset.neutral });

    const mail = await waitForMail(testEnv().mailbox, patient.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Consulta');
    expect(mail.text).toContain('El enlace vale 30 minutos y solo puede usarse una vez');
    const token = linkIn(mail, `${testEnv().appUrl}/reset-password?token=`).searchParams.get('token')!;

    expect((await verify(token).expect(200)).body).toEqual({ valid: true, message: MSG.reset.valid });
    const weak = await reset(token, 'corta').expect(400);
    expect(weak.body.detail).toContain(MSG.password.requirements);
    expect((await reset(token, 'Segunda#Clave26').expect(200)).body).toEqual({ message: MSG.reset.done });

    // Single use; the old password and the old token no longer work; the new password does.
    expect((await reset(token, 'Tercera#Clave26').expect(400)).body.detail).toBe(MSG.reset.invalidToken);
    expect((await verify(token).expect(400)).body.detail).toBe(MSG.reset.invalidToken);
    await api().get(`${API}/auth/me`).set(bearer(patient.token)).expect(401);
    await api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: patient.password }).expect(401);
    await api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: 'Segunda#Clave26' }).expect(200);
  });

  it('lets the owner sign in at once from the address where they failed too often', async () => {
    const patient = await patientWithPassword();
    const login = (contrasenia: string) => api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia });
    // The shared app keeps the default of 5 failures per account and address.
    for (let i = 0; i < 5; i++) await login('Olvidada#Clave1').expect(401);
    expect((await login(patient.password).expect(429)).body.detail).toBe(MSG.auth.tooManyFailedSignIns);
    await forgot(patient.email).expect(200);
    await reset(await resetToken(patient.email), 'Recordada#Clave26').expect(200);
    await login('Recordada#Clave26').expect(200);
  });

  it('clears a pending temporary password', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    await forgot(patient.email).expect(200);
    await reset(await resetToken(patient.email), 'Nueva#Clave2026').expect(200);
    const login = await api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: 'Nueva#Clave2026' }).expect(200);
    expect(login.body.must_change_password).toBe(false);
  });

  it('expires', async () => {
    const patient = await patientWithPassword();
    await forgot(patient.email).expect(200);
    const token = await resetToken(patient.email);
    await sql(`update password_resets set expires_at = now() - interval '1 second' where user_id = $1`, [patient.id]);
    expect((await verify(token).expect(400)).body.detail).toBe(MSG.reset.invalidToken);
    expect((await reset(token, 'Segunda#Clave26').expect(400)).body.detail).toBe(MSG.reset.invalidToken);
  });

  it('a newer link replaces the older one; only the hash is stored', async () => {
    const patient = await patientWithPassword();
    await forgot(patient.email).expect(200);
    const first = await resetToken(patient.email);
    await forgot(patient.email).expect(200);
    const second = await resetToken(patient.email, 2);
    await verify(first).expect(400);
    await verify(second).expect(200);
    const rows = await sql<{ token_hash: string }>('select token_hash from password_resets where user_id = $1', [patient.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers the same for unknown e-mails and for therapists, and sends them nothing', async () => {
    const unknown = uniqueEmail('nadie');
    const therapist = await therapistSession();
    expect((await forgot(unknown).expect(200)).body).toEqual({ message: MSG.reset.neutral });
    expect((await forgot(therapist.email).expect(200)).body).toEqual({ message: MSG.reset.neutral });
    // A message to an existing patient sent afterwards arrives; nothing for the other two.
    const patient = await patientWithPassword();
    await forgot(patient.email).expect(200);
    await waitForMail(testEnv().mailbox, patient.email);
    expect(await mailsTo(testEnv().mailbox, unknown)).toHaveLength(0);
    expect(await mailsTo(testEnv().mailbox, therapist.email)).toHaveLength(0);
  });

  it('validates the payloads', async () => {
    expect((await api().post(`${API}/auth/forgot-password`).send({}).expect(400)).body.detail).toBe(MSG.required.email);
    expect((await forgot('sin-arroba').expect(400)).body.detail).toBe(MSG.email.oneAt);
    expect((await verify('').expect(400)).body.detail).toBe(MSG.reset.invalidToken);
    await api().get(`${API}/auth/verify-reset-token`).expect(400);
    expect((await api().post(`${API}/auth/reset-password`).send({ new_password: 'Segunda#Clave26' }).expect(400)).body.detail).toBe(
      MSG.reset.invalidToken,
    );
    expect((await reset('desconocido', 'Segunda#Clave26').expect(400)).body.detail).toBe(MSG.reset.invalidToken);
    // Wrong types are a Spanish 400, never a 500.
    for (const body of [{ email: 42 }, { email: ['a@example.com'] }, { email: null }]) {
      expect((await api().post(`${API}/auth/forgot-password`).send(body).expect(400)).body.detail).toBe(MSG.required.email);
    }
    for (const body of [
      { token: 5, new_password: 'Segunda#Clave26' },
      { token: 'abc', new_password: 123456789 },
    ]) {
      expect((await api().post(`${API}/auth/reset-password`).send(body).expect(400)).body.detail).toEqual(expect.any(String));
    }
    expect((await verify('x'.repeat(5000)).expect(400)).body.detail).toBe(MSG.reset.invalidToken);
  });
});
