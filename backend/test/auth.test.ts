import { createHmac } from 'node:crypto';
import { MSG } from '@consulta/shared';
import { api, API, bearer, createPatient, patientSession, REQUEST_ID, sql, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';

const googleLogin = (token: string, role = 'terapeuta') => api().post(`${API}/auth/google-login`).send({ token, role });
const patientLogin = (email: string, contrasenia: string) => api().post(`${API}/auth/login/patient`).send({ email, contrasenia });
const changePassword = (token: string, body: Record<string, unknown>) =>
  api().post(`${API}/auth/change-password`).set(bearer(token)).send(body);

describe('POST /auth/google-login', () => {
  it('signs in an existing therapist and GET /auth/me answers the profile', async () => {
    const therapist = await therapistSession('Dra. Prueba Google');
    const res = await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(200);
    expect(res.body).toEqual({
      id: therapist.id,
      email: therapist.email,
      name: 'Dra. Prueba Google',
      role: 'terapeuta',
      avatar_url: 'https://example.com/p.png',
      foto_perfil: null,
    });
  });

  it('keeps a Google picture only when it is an https address on a public host', async () => {
    const therapist = await therapistSession();
    const picture = async (url: string) => {
      const res = await googleLogin(`pictured:${therapist.email}#${url}`).expect(200);
      return (await api().get(`${API}/auth/me`).set(bearer(res.body.access_token)).expect(200)).body.avatar_url as string | null;
    };
    expect(await picture('https://lh3.googleusercontent.com/a/ACg8ocK=s96-c')).toBe('https://lh3.googleusercontent.com/a/ACg8ocK=s96-c');
    // A refused picture is not stored: the last good one stays.
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'https://169.254.169.254/latest/meta-data',
      'http://example.com/p.png',
    ]) {
      expect(await picture(bad)).toBe('https://lh3.googleusercontent.com/a/ACg8ocK=s96-c');
    }
    expect(await sql('select avatar_url from users where id = $1', [therapist.id])).toEqual([
      { avatar_url: 'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c' },
    ]);
    // One stored before pictures were checked is not handed to a browser.
    await sql(`update users set avatar_url = 'javascript:alert(1)', foto_perfil = 'data:text/html,x' where id = $1`, [therapist.id]);
    expect((await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(200)).body).toMatchObject({
      avatar_url: null,
      foto_perfil: null,
    });
  });

  it('uses the stored role, not the one in the payload, and matches e-mails case-insensitively', async () => {
    const therapist = await therapistSession();
    const res = await googleLogin(`valid:${therapist.email.toUpperCase()}`, 'paciente').expect(200);
    expect(res.body.must_change_password).toBe(false);
    const me = await api().get(`${API}/auth/me`).set(bearer(res.body.access_token)).expect(200);
    expect(me.body.role).toBe('terapeuta');
  });

  it('signs in a patient with their Google account, keeping must_change_password', async () => {
    const therapist = await therapistSession();
    const created = await createPatient(therapist);
    const res = await googleLogin(`valid:${created.email}`, 'paciente').expect(200);
    expect(res.body.must_change_password).toBe(true);
  });

  it("answers 404 'User not found' for an unknown e-mail", async () => {
    const res = await googleLogin(`valid:${uniqueEmail('nadie')}`).expect(404);
    expect(res.body.detail).toBe(MSG.auth.userNotFound);
    expect(res.body.detail).toContain('User not found');
  });

  it('answers 401 when Google rejects the token or the account is not usable', async () => {
    expect((await googleLogin('not-a-valid-token').expect(401)).body.detail).toBe(MSG.auth.googleInvalid);
    expect((await googleLogin('error500').expect(401)).body.detail).toBe(MSG.auth.googleInvalid);
    expect((await googleLogin('noemail').expect(401)).body.detail).toBe(MSG.auth.googleInvalid);
    const therapist = await therapistSession();
    expect((await googleLogin(`unverified:${therapist.email}`).expect(401)).body.detail).toBe(MSG.auth.googleUnverified);
  });

  it('answers 503 when Google cannot be reached', async () => {
    const res = await googleLogin('hangup').expect(503);
    expect(res.body.detail).toBe(MSG.auth.googleUnavailable);
  });

  it('validates the payload', async () => {
    expect((await api().post(`${API}/auth/google-login`).send({}).expect(400)).body.detail).toBe(MSG.auth.googleInvalid);
    expect((await googleLogin('x', 'admin').expect(400)).body.detail).toBe('El valor del campo role no es válido');
    // Not a bearer token (it could not even be sent in a header): refused, not reported as Google being down.
    for (const token of ['ñandú', '😀', 'a b', 'abc ']) {
      expect((await googleLogin(token).expect(401)).body.detail).toBe(MSG.auth.googleInvalid);
    }
  });
});

describe('POST /auth/login/patient', () => {
  it('signs in a patient with the temporary password and says a change is required', async () => {
    const therapist = await therapistSession();
    const created = await createPatient(therapist);
    const res = await patientLogin(created.email.toUpperCase(), created.temporary_password).expect(200);
    expect(res.body).toEqual({ access_token: expect.any(String), must_change_password: true });
    const me = await api().get(`${API}/auth/me`).set(bearer(res.body.access_token)).expect(200);
    expect(me.body).toMatchObject({ email: created.email, role: 'paciente', name: "María José O'Neil-García" });
  });

  it('gives the same neutral 401 for a wrong password, an unknown e-mail and a therapist', async () => {
    const therapist = await therapistSession();
    const created = await createPatient(therapist);
    const wrong = await patientLogin(created.email, 'Otra#Clave98').expect(401);
    const unknown = await patientLogin(uniqueEmail('nadie'), 'Otra#Clave98').expect(401);
    await sql(`update users set password_hash = (select password_hash from users where email = $1) where id = $2`, [
      created.email,
      therapist.id,
    ]);
    const asTherapist = await patientLogin(therapist.email, created.temporary_password).expect(401);
    for (const res of [wrong, unknown, asTherapist])
      expect(res.body).toEqual({ detail: MSG.auth.invalidCredentials, code: 'UNAUTHENTICATED', request_id: REQUEST_ID });
  });

  it('validates the payload with Spanish messages', async () => {
    expect((await patientLogin('', 'x').expect(400)).body.detail).toBe(MSG.required.email);
    expect((await patientLogin('ana@@ejemplo.com', 'x').expect(400)).body.detail).toBe(MSG.email.oneAt);
    expect((await patientLogin('ana@ejemplo.com', '').expect(400)).body.detail).toBe(MSG.required.password);
  });
});

describe('tokens', () => {
  it('answers 401 without a token, with a bad token and with an expired one', async () => {
    expect((await api().get(`${API}/auth/me`).expect(401)).body.detail).toBe(MSG.auth.notAuthenticated);
    expect((await api().get(`${API}/auth/me`).set(bearer('garbage')).expect(401)).body.detail).toBe(MSG.auth.sessionExpired);
    const therapist = await therapistSession();
    const [header, payload] = therapist.token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    await api().get(`${API}/auth/me`).set(bearer(forged)).expect(401);
    const expired = signToken({ sub: therapist.id, role: 'terapeuta', tv: 0, exp: Math.floor(Date.now() / 1000) - 10 });
    expect((await api().get(`${API}/auth/me`).set(bearer(expired)).expect(401)).body.detail).toBe(MSG.auth.sessionExpired);
  });

  it('answers 401 for a correctly signed token without an expiry', async () => {
    const therapist = await therapistSession();
    const forever = signToken({ sub: therapist.id, role: 'terapeuta', tv: 0 });
    expect((await api().get(`${API}/auth/me`).set(bearer(forever)).expect(401)).body.detail).toBe(MSG.auth.sessionExpired);
    // The same claims with an expiry are a working token: only the missing `exp` was refused.
    const expiring = signToken({ sub: therapist.id, role: 'terapeuta', tv: 0, exp: Math.floor(Date.now() / 1000) + 60 });
    await api().get(`${API}/auth/me`).set(bearer(expiring)).expect(200);
  });

  it('answers 401 for a token of a deleted user', async () => {
    const therapist = await therapistSession();
    await sql('delete from users where id = $1', [therapist.id]);
    await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(401);
  });
});

describe('a pending temporary password', () => {
  it('admits only /auth/me and /auth/change-password until it is replaced', async () => {
    const therapist = await therapistSession();
    await sql('update users set must_change_password = true where id = $1', [therapist.id]);
    await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(200);
    const refused = await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(403);
    expect(refused.body.detail).toBe(MSG.auth.passwordChangeRequired);
    await sql('update users set must_change_password = false where id = $1', [therapist.id]);
    await api().get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200);
  });
});

describe('POST /auth/change-password', () => {
  it('lets a must-change patient set a password without the old one, ending older tokens', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const res = await changePassword(patient.token, { new_password: 'Nube$Clara42' }).expect(200);
    expect(res.body).toEqual({ access_token: expect.any(String), must_change_password: false });
    const stale = await api().get(`${API}/auth/me`).set(bearer(patient.token)).expect(401);
    expect(stale.body.detail).toBe(MSG.auth.sessionExpired);
    await api().get(`${API}/auth/me`).set(bearer(res.body.access_token)).expect(200);
    await patientLogin(patient.email, patient.password).expect(401);
    const again = await patientLogin(patient.email, 'Nube$Clara42').expect(200);
    expect(again.body.must_change_password).toBe(false);
  });

  it('requires and checks the old password once the temporary one is changed', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const { access_token: token } = (await changePassword(patient.token, { new_password: 'Nube$Clara42' }).expect(200)).body;
    expect((await changePassword(token, { new_password: 'Rio#Verde2077' }).expect(400)).body.detail).toBe(MSG.password.oldRequired);
    expect((await changePassword(token, { old_password: 'Mal#Clave55', new_password: 'Rio#Verde2077' }).expect(400)).body.detail).toBe(
      MSG.password.oldWrong,
    );
    expect((await changePassword(token, { old_password: 'Nube$Clara42', new_password: 'Nube$Clara42' }).expect(400)).body.detail).toBe(
      MSG.password.sameAsOld,
    );
    await changePassword(token, { old_password: 'Nube$Clara42', new_password: 'Rio#Verde2077' }).expect(200);
    await patientLogin(patient.email, 'Rio#Verde2077').expect(200);
  });

  it('refuses to keep the temporary password', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const res = await changePassword(patient.token, { new_password: patient.password }).expect(400);
    expect(res.body.detail).toBe(MSG.password.sameAsOld);
  });

  it.each([
    ['Ab1$', MSG.password.tooShort],
    [`A1$${'xy'.repeat(70)}`, MSG.password.tooLong],
    ['nube$clara42', MSG.password.uppercase],
    ['NUBE$CLARA42', MSG.password.lowercase],
    ['Nube$Clara', MSG.password.digit],
    ['NubeClara42', MSG.password.special],
    ['Nube$Claaa42', MSG.password.repeated],
    ['Nube$Clara123', MSG.password.sequence],
  ])('rejects %s with the rule it breaks', async (password, message) => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const res = await changePassword(patient.token, { new_password: password }).expect(400);
    expect(res.body.detail).toContain(message);
    expect(res.body.errors).toContain(message);
  });

  it('refuses therapists, who sign in with Google and have no password', async () => {
    const therapist = await therapistSession();
    const res = await changePassword(therapist.token, { new_password: 'Nube$Clara42' }).expect(400);
    expect(res.body.detail).toBe(MSG.password.googleOnly);
    await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(200);
  });

  it('requires the new password and a token', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    expect((await changePassword(patient.token, {}).expect(400)).body.detail).toBe(MSG.required.password);
    await api().post(`${API}/auth/change-password`).send({ new_password: 'Nube$Clara42' }).expect(401);
  });
});

describe('demo sign-in when DEMO_LOGIN is off', () => {
  it('answers 404 on both demo routes', async () => {
    expect((await api().get(`${API}/auth/demo-users`).expect(404)).body.detail).toBe(MSG.auth.demoDisabled);
    await api().post(`${API}/auth/demo-login`).send({ email: 'ana.martinez@demo.consulta.es' }).expect(404);
  });
});

/** Signs a token with the run's secret (HS256), to build tokens the API would not issue itself. */
function signToken(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ iat: Math.floor(Date.now() / 1000) - 100, ...payload })}`;
  return `${body}.${createHmac('sha256', testEnv().jwtSecret).update(body).digest('base64url')}`;
}
