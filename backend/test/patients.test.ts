import { MSG, passwordErrors, type PatientListItem } from '@consulta/shared';
import { API, api, bearer, createPatient, patientPayload, patientSession, sql, therapistSession, type Session } from './support/api';

const list = (session: Session, query: Record<string, string> = {}) =>
  api().get(`${API}/pacientes/`).query(query).set(bearer(session.token));
const create = (session: Session, body: object) => api().post(`${API}/pacientes/`).set(bearer(session.token)).send(body);

describe('POST /pacientes/', () => {
  it('creates the patient and their user with a temporary password', async () => {
    const therapist = await therapistSession();
    const payload = patientPayload({ email: `  Nueva.Paciente.${Date.now()}@Example.COM `, telefono_paciente: '+57 (300) 123-4567' });
    const res = await create(therapist, { ...payload }).expect(201);
    const email = payload.email.trim().toLowerCase();
    expect(res.body).toEqual({ id: expect.any(String), patient_id: res.body.id, email, temporary_password: expect.any(String) });
    expect(res.body.temporary_password).toHaveLength(16);
    expect(passwordErrors(res.body.temporary_password)).toEqual([]);
    const [user] = await sql('select role, must_change_password, password_hash, name from users where email = $1', [email]);
    expect(user).toMatchObject({ role: 'paciente', must_change_password: true, name: "María José O'Neil-García" });
    expect(String(user.password_hash)).toMatch(/^\$argon2id\$/);

    const item = (await list(therapist).expect(200)).body.find((p: PatientListItem) => p.id === res.body.id);
    expect(item).toEqual({
      id: res.body.id,
      nombre: 'María José',
      apellido: "O'Neil-García",
      edad: 35,
      email,
      telefono_paciente: '+573001234567',
      fecha_nacimiento: '1990-05-12',
      estado_civil: 'casado',
      profesion_ocupacion: 'Docente',
      nivel_escolaridad: 'maestria',
      propuesta_terapia: 'Ansiedad y manejo del estrés.',
      ha_hecho_terapia: true,
      ha_hecho_psicodelicos: null,
      ha_hecho_constelaciones: false,
      tipo_servicio: null,
      fecha_creacion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      terapeuta_id: therapist.id,
      total_sesiones: 0,
      total_tiempo_minutos: 0,
      whatsapp_mensajeria_consentimiento: true,
      proxima_cita: null,
      alerta_seguridad: false,
    });
    expect(Math.abs(Date.parse(item.fecha_creacion) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts the minimal payload and fills the defaults', async () => {
    const therapist = await therapistSession();
    const res = await create(therapist, {
      email: `min.${Date.now()}@example.com`,
      telefono_paciente: '+34612345678',
      nombre: 'Ana',
      apellido: 'Ruiz',
    }).expect(201);
    const detail = (await api().get(`${API}/pacientes/${res.body.id}`).set(bearer(therapist.token)).expect(200)).body;
    expect(detail).toMatchObject({
      edad: null,
      estado_civil: null,
      ha_hecho_terapia: null,
      whatsapp_mensajeria_consentimiento: false,
      estado_terapia: 'activo',
      fecha_ingreso: new Date().toISOString().slice(0, 10),
      telefono: null,
      ultima_sesion: null,
      proxima_cita: null,
      alerta_seguridad: false,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['email missing', { email: undefined }, MSG.required.email],
    ['email blank', { email: '  ' }, MSG.required.email],
    ['email too short', { email: 'a@b' }, MSG.email.length],
    ['email with two @', { email: 'ana@@ejemplo.com' }, MSG.email.oneAt],
    ['email local part too long', { email: `${'x'.repeat(65)}@ejemplo.com` }, MSG.email.local],
    ['email domain invalid', { email: 'ana@-ejemplo.com' }, MSG.email.domain],
    ['email domain without TLD', { email: 'ana@ejemplo' }, MSG.email.domain],
    ['email not a string', { email: 42 }, MSG.email.format],
    ['phone missing', { telefono_paciente: undefined }, MSG.required.telefono],
    ['phone with an unknown dial code', { telefono_paciente: '+993001234567' }, MSG.phone.dialCode],
    ['phone too short', { telefono_paciente: '+57123' }, MSG.phone.tooShort],
    ['phone too long', { telefono_paciente: '+571234567890123' }, MSG.phone.tooLong],
    ['phone starting with 0', { telefono_paciente: '+570301234567' }, MSG.phone.invalid],
    ['phone with letters', { telefono_paciente: '+57300abc4567' }, MSG.phone.invalid],
    ['nombre missing', { nombre: undefined }, MSG.required.nombre],
    ['nombre with digits', { nombre: 'Ana3' }, MSG.name.nombre],
    ['apellido missing', { apellido: '' }, MSG.required.apellido],
    ['apellido with symbols', { apellido: 'Ruiz!' }, MSG.name.apellido],
    ['nombre of 101 letters', { nombre: 'a'.repeat(101) }, MSG.name.nombreTooLong],
    ['apellido of 300 letters', { apellido: 'b'.repeat(300) }, MSG.name.apellidoTooLong],
    ['edad negative', { edad: -1 }, MSG.age.negative],
    ['edad above 150', { edad: 151 }, MSG.age.tooHigh],
    ['edad not an integer', { edad: 20.5 }, MSG.age.integer],
    ['edad as text', { edad: '30' }, MSG.age.integer],
    ['estado_civil not in the list', { estado_civil: 'comprometido' }, MSG.patients.maritalStatus],
    ['nivel_escolaridad not in the list', { nivel_escolaridad: 'universidad' }, MSG.patients.education],
    ['estado_terapia not in the list', { estado_terapia: 'pausado' }, MSG.patients.therapyStatus],
    ['a history flag that is not a boolean', { ha_hecho_terapia: 'si' }, 'El campo ha_hecho_terapia debe ser verdadero, falso o nulo'],
    [
      'the consent that is not a boolean',
      { whatsapp_mensajeria_consentimiento: 1 },
      'El campo whatsapp_mensajeria_consentimiento debe ser verdadero, falso o nulo',
    ],
    ['fecha_nacimiento not a date', { fecha_nacimiento: '1990-13-01' }, MSG.patients.birthDate],
    ['fecha_nacimiento in the future', { fecha_nacimiento: '2999-01-01' }, MSG.patients.birthDate],
    ['fecha_ingreso not a date', { fecha_ingreso: '01/11/2026' }, MSG.patients.admissionDate],
    [
      'profesion_ocupacion too long',
      { profesion_ocupacion: 'x'.repeat(201) },
      'El campo profesion_ocupacion es demasiado largo (máximo 200 caracteres)',
    ],
    ['propuesta_terapia not text', { propuesta_terapia: 7 }, 'El campo propuesta_terapia debe ser un texto'],
    ['an unknown field', { diagnostico: 'x' }, 'El campo diagnostico no está permitido'],
  ])('rejects %s', async (_case, overrides, message) => {
    const therapist = await therapistSession();
    const res = await create(therapist, { ...patientPayload(), ...overrides }).expect(400);
    expect(res.body.detail).toContain(message);
    expect(res.body.errors).toContain(message);
  });

  it('treats empty form fields as null', async () => {
    const therapist = await therapistSession();
    const payload = { ...patientPayload(), edad: '', estado_civil: '', nivel_escolaridad: '', fecha_nacimiento: '', fecha_ingreso: '' };
    const res = await create(therapist, payload).expect(201);
    const detail = (await api().get(`${API}/pacientes/${res.body.id}`).set(bearer(therapist.token)).expect(200)).body;
    expect(detail).toMatchObject({ edad: null, estado_civil: null, nivel_escolaridad: null, fecha_nacimiento: null });
    expect(detail.fecha_ingreso).toBe(new Date().toISOString().slice(0, 10));
  });

  it('reports every problem at once', async () => {
    const therapist = await therapistSession();
    const res = await create(therapist, { nombre: 'Ana3', edad: -1 }).expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([MSG.required.email, MSG.required.telefono, MSG.name.nombre, MSG.required.apellido, MSG.age.negative]),
    );
  });

  it('answers 409 for an e-mail that any user already has', async () => {
    const therapist = await therapistSession();
    const first = await createPatient(therapist);
    const dup = await create(therapist, patientPayload({ email: first.email.toUpperCase() })).expect(409);
    expect(dup.body.detail).toBe(MSG.patients.emailExists);
    expect(dup.body.code).toBe('ALREADY_EXISTS');
    expect(dup.body.detail).toContain('already exists');
    await create(therapist, patientPayload({ email: therapist.email })).expect(409);
  });

  it('ignores a terapeuta_id equal to the caller and refuses another one', async () => {
    const therapist = await therapistSession();
    const other = await therapistSession();
    await create(therapist, patientPayload({ terapeuta_id: therapist.id } as object)).expect(201);
    const res = await create(therapist, patientPayload({ terapeuta_id: other.id } as object)).expect(400);
    expect(res.body.detail).toBe(MSG.patients.therapistMismatch);
  });
});

describe('GET /pacientes/', () => {
  let therapist: Session;
  const names = [
    ['Lucía', 'Fernández', 34, 'Arquitecta'],
    ['Ángel', 'Núñez', 52, null],
    ['Carmen', 'Ortega', 19, 'abogada'],
    ['Luis', 'Pérez', null, 'Docente'],
  ] as const;

  beforeAll(async () => {
    therapist = await therapistSession();
    for (const [nombre, apellido, edad, profesion_ocupacion] of names) {
      await createPatient(therapist, { nombre, apellido, edad, profesion_ocupacion });
    }
    const other = await therapistSession();
    await createPatient(other, { nombre: 'Lucía', apellido: 'Ajena' });
  });

  it('answers only the caller’s patients, the whole array without a range', async () => {
    const res = await list(therapist).expect(200);
    expect(res.body).toHaveLength(4);
    expect(res.headers['content-range']).toBe('pacientes 0-3/4');
    expect(res.body.every((p: PatientListItem) => p.terapeuta_id === therapist.id)).toBe(true);
    expect(res.body.map((p: PatientListItem) => p.nombre)).toEqual(['Ángel', 'Carmen', 'Lucía', 'Luis']);
  });

  it('sorts and pages like ra-data-simple-rest', async () => {
    const byLastName = await list(therapist, { sort: '["apellido","DESC"]' }).expect(200);
    expect(byLastName.body.map((p: PatientListItem) => p.apellido)).toEqual(['Pérez', 'Ortega', 'Núñez', 'Fernández']);
    const res = await list(therapist, { sort: '["edad","DESC"]', range: '[0,1]' }).expect(200);
    expect(res.body.map((p: PatientListItem) => p.edad)).toEqual([null, 52]);
    expect(res.headers['content-range']).toBe('pacientes 0-1/4');
    const next = await list(therapist, { sort: '["edad","ASC"]', range: '[1,2]' }).expect(200);
    expect(next.body.map((p: PatientListItem) => p.edad)).toEqual([34, 52]);
    expect(next.headers['content-range']).toBe('pacientes 1-2/4');
    const beyond = await list(therapist, { range: '[10,19]' }).expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('pacientes */4');
  });

  it.each(['nombre', 'apellido', 'edad', 'email', 'fecha_creacion', 'profesion_ocupacion', 'id'])(
    'orders the whole list and its pages alike by %s',
    async (field) => {
      for (const order of ['ASC', 'DESC']) {
        const sort = JSON.stringify([field, order]);
        const whole = (await list(therapist, { sort }).expect(200)).body.map((p: PatientListItem) => p.id);
        const pages: string[] = [];
        for (let start = 0; start < 4; start += 2) {
          const page = await list(therapist, { sort, range: JSON.stringify([start, start + 1]) }).expect(200);
          pages.push(...page.body.map((p: PatientListItem) => p.id));
        }
        expect(pages).toEqual(whole);
      }
    },
  );

  it('filters by first or last name, ignoring case and accents', async () => {
    const names = async (q: string) =>
      (await list(therapist, { filter: JSON.stringify({ q }) }).expect(200)).body.map((p: PatientListItem) => p.nombre);
    expect(await names('lucia')).toEqual(['Lucía']);
    expect(await names('NUNEZ')).toEqual(['Ángel']);
    expect(await names('angel nú')).toEqual(['Ángel']);
    expect(await names('lu')).toEqual(['Lucía', 'Luis']);
    expect(await names('%')).toEqual([]);
    const none = await list(therapist, { filter: '{"q":"zzz"}' }).expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['content-range']).toBe('pacientes */0');
  });

  it('filters by id (react-admin getMany)', async () => {
    const all = (await list(therapist).expect(200)).body as PatientListItem[];
    const res = await list(therapist, { filter: JSON.stringify({ id: [all[0].id, all[2].id, 'not-an-id'] }) }).expect(200);
    expect(res.body.map((p: PatientListItem) => p.id).sort()).toEqual([all[0].id, all[2].id].sort());
  });

  it.each([
    [{ sort: '["edad"' }, MSG.list.sort],
    [{ sort: '["edad","UP"]' }, MSG.list.sort],
    [{ sort: '["password_hash","ASC"]' }, `${MSG.list.sortField}: password_hash`],
    [{ range: '[5,1]' }, MSG.list.range],
    [{ range: '[0,"x"]' }, MSG.list.range],
    [{ range: 'nope' }, MSG.list.range],
    [{ filter: '{"q":' }, MSG.list.filter],
    [{ filter: '[1]' }, MSG.list.filter],
    [{ filter: '{"email":"x"}' }, `${MSG.list.filterField}: email`],
    [{ page: '2' }, 'El campo page no está permitido'],
  ])('answers 400 for %j', async (query, message) => {
    const res = await list(therapist, query as Record<string, string>).expect(400);
    expect(res.body.detail).toBe(message);
  });
});

describe('GET and DELETE /pacientes/{id}', () => {
  it('answers the caller’s patient with the detail fields', async () => {
    const therapist = await therapistSession();
    const created = await createPatient(therapist, { objetivos_terapia: 'Dormir mejor', telefono: '3001234567' });
    const res = await api().get(`${API}/pacientes/${created.id}`).set(bearer(therapist.token)).expect(200);
    expect(res.body).toMatchObject({
      id: created.id,
      email: created.email,
      telefono: '3001234567',
      fecha_ingreso: '2026-11-01',
      estado_terapia: 'activo',
      objetivos_terapia: 'Dormir mejor',
      notas_terapeuticas: null,
      plan_tratamiento: null,
      total_sesiones: 0,
    });
  });

  it('answers 404 for another therapist’s patient, a missing id and a malformed id', async () => {
    const owner = await therapistSession();
    const intruder = await therapistSession();
    const created = await createPatient(owner);
    for (const id of [created.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await api().get(`${API}/pacientes/${id}`).set(bearer(intruder.token)).expect(404);
      expect(res.body.detail).toBe(MSG.patients.notFound);
    }
    await api().delete(`${API}/pacientes/${created.id}`).set(bearer(intruder.token)).expect(404);
    await api().delete(`${API}/pacientes/not-a-uuid`).set(bearer(intruder.token)).expect(404);
    expect((await list(intruder).expect(200)).body).toEqual([]);
    await api().get(`${API}/pacientes/${created.id}`).set(bearer(owner.token)).expect(200);
  });

  it('deletes the patient, their user and their access; answers the removed patient', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const res = await api().delete(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(200);
    expect(res.body).toMatchObject({ id: patient.patientId, email: patient.email, terapeuta_id: therapist.id });
    await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(404);
    await api().delete(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(404);
    expect(await sql('select id from users where email = $1', [patient.email])).toEqual([]);
    expect(await sql('select id from patients where id = $1', [patient.patientId])).toEqual([]);
    await api().get(`${API}/auth/me`).set(bearer(patient.token)).expect(401);
    await api().post(`${API}/auth/login/patient`).send({ email: patient.email, contrasenia: patient.password }).expect(401);
    await api().get(`${API}/auth/me`).set(bearer(therapist.token)).expect(200);
  });
});

describe('roles', () => {
  it('answers 403 to a patient on every patient-list route', async () => {
    const therapist = await therapistSession();
    const patient = await patientSession(therapist);
    const forbidden = [
      api().get(`${API}/pacientes/`).set(bearer(patient.token)),
      api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(patient.token)),
      api().post(`${API}/pacientes/`).set(bearer(patient.token)).send(patientPayload()),
      api().delete(`${API}/pacientes/${patient.patientId}`).set(bearer(patient.token)),
    ];
    for (const req of forbidden) expect((await req.expect(403)).body.detail).toBe(MSG.auth.forbidden);
    await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(200);
  });

  it('answers 401 without a token', async () => {
    await api().get(`${API}/pacientes/`).expect(401);
    await api().post(`${API}/pacientes/`).send(patientPayload()).expect(401);
  });
});
