import { MSG, type SessionType } from '@consulta/shared';
import { api, API, bearer, patientSession, REQUEST_ID, type Session, sql, therapistSession } from './support/api';

const path = (therapist: Session, id = '') => `${API}/tipos-sesion/${id}?terapeuta_id=${therapist.id}`;
const payload = (overrides: object = {}) => ({
  nombre: 'Terapia de pareja',
  descripcion: 'Sesión conjunta',
  valor: 99.99,
  activo: true,
  campos: [
    { nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', ' Solo uno ', ''] },
    { nombre: 'Acuerdos', tipo: 'textarea', requerido: false, placeholder: 'Compromisos', opciones: ['ignorada'] },
  ],
  ...overrides,
});
const create = (therapist: Session, body: object = payload()) => api().post(path(therapist)).set(bearer(therapist.token)).send(body);

describe('session types', () => {
  it('create, read, list, update and delete, keeping money exact', async () => {
    const therapist = await therapistSession();
    const created = await create(therapist, payload({ nombre: '  Terapia de pareja  ' })).expect(201);
    const type = created.body as SessionType;
    expect(type).toEqual({
      id: expect.any(String),
      nombre: 'Terapia de pareja',
      descripcion: 'Sesión conjunta',
      valor: 99.99,
      activo: true,
      terapeuta_id: therapist.id,
      campos: [
        { nombre: 'Asistentes', tipo: 'select', requerido: true, placeholder: null, opciones: ['Ambos', 'Solo uno'] },
        { nombre: 'Acuerdos', tipo: 'textarea', requerido: false, placeholder: 'Compromisos', opciones: [] },
      ],
      fecha_creacion: expect.any(String),
      fecha_actualizacion: expect.any(String),
    });
    // Stored as an exact decimal.
    const [row] = await sql<{ valor: string; kind: string }>(
      `select valor::text as valor, pg_typeof(valor)::text as kind from session_types where id = $1`,
      [type.id],
    );
    expect(row).toEqual({ valor: '99.99', kind: 'numeric' });
    expect((await api().get(path(therapist, type.id)).set(bearer(therapist.token)).expect(200)).body.valor).toBe(99.99);

    await create(therapist, payload({ nombre: 'Inactivo', activo: false, valor: '0.10', campos: [] })).expect(201);
    const all = await api().get(path(therapist)).set(bearer(therapist.token)).expect(200);
    expect(all.body.map((t: SessionType) => [t.nombre, t.valor])).toEqual([
      ['Inactivo', 0.1],
      ['Terapia de pareja', 99.99],
    ]);
    const active = await api()
      .get(`${path(therapist)}&activo=true`)
      .set(bearer(therapist.token))
      .expect(200);
    expect(active.body.map((t: SessionType) => t.nombre)).toEqual(['Terapia de pareja']);
    await api()
      .get(`${path(therapist)}&activo=quizas`)
      .set(bearer(therapist.token))
      .expect(400);

    const updated = await api()
      .put(path(therapist, type.id))
      .set(bearer(therapist.token))
      .send(payload({ nombre: 'Pareja', valor: 1234567890.12, campos: [{ nombre: 'Notas', tipo: 'text', requerido: true }] }))
      .expect(200);
    expect(updated.body).toMatchObject({
      nombre: 'Pareja',
      valor: 1234567890.12,
      campos: [{ nombre: 'Notas', tipo: 'text', requerido: true, placeholder: null, opciones: [] }],
    });
    expect(Date.parse(updated.body.fecha_actualizacion)).toBeGreaterThanOrEqual(Date.parse(type.fecha_actualizacion));

    const deleted = await api().delete(path(therapist, type.id)).set(bearer(therapist.token)).expect(200);
    expect(deleted.body).toMatchObject({ id: type.id, activo: false });
    await api().get(path(therapist, type.id)).set(bearer(therapist.token)).expect(404);
    await api().put(path(therapist, type.id)).set(bearer(therapist.token)).send(payload()).expect(404);
    expect((await api().get(path(therapist)).set(bearer(therapist.token)).expect(200)).body).toHaveLength(1);
    // Archived, not erased: the sessions recorded with it will keep reading it.
    expect(await sql('select nombre from session_types where id = $1 and eliminado_en is not null', [type.id])).toEqual([
      { nombre: 'Pareja' },
    ]);
  });

  it('an update keeps what it leaves out: descripcion, campos and activo change only when sent', async () => {
    const therapist = await therapistSession();
    const type = (await create(therapist).expect(201)).body as SessionType;
    const renamed = await api()
      .put(path(therapist, type.id))
      .set(bearer(therapist.token))
      .send({ nombre: 'Pareja', valor: 120 })
      .expect(200);
    expect(renamed.body).toMatchObject({ nombre: 'Pareja', valor: 120, descripcion: type.descripcion, activo: true, campos: type.campos });
    const cleared = await api()
      .put(path(therapist, type.id))
      .set(bearer(therapist.token))
      .send({ nombre: 'Pareja', valor: 120, descripcion: ' ', campos: [], activo: false })
      .expect(200);
    expect(cleared.body).toMatchObject({ descripcion: null, campos: [], activo: false });
    // nombre and valor stay required, with their messages, and a refused update changes nothing.
    const refused = await api().put(path(therapist, type.id)).set(bearer(therapist.token)).send({ activo: true }).expect(400);
    expect(refused.body.detail).toContain(MSG.sessionTypes.nameRequired);
    expect((await api().get(path(therapist, type.id)).set(bearer(therapist.token)).expect(200)).body).toMatchObject({
      nombre: 'Pareja',
      activo: false,
    });
    // An empty terapeuta_id names nobody else: the caller's own types.
    const own = await api().get(`${API}/tipos-sesion/?terapeuta_id=`).set(bearer(therapist.token)).expect(200);
    expect(own.body.map((t: SessionType) => t.id)).toEqual([type.id]);
  });

  it('writes valor as a JSON number with exactly 2 decimals, as stored', async () => {
    const therapist = await therapistSession();
    // The raw JSON text: JSON.parse would read 150.00 as 150.
    const raw = (text: string) => [...text.matchAll(/"valor":([^,}]+)/g)].map((m) => m[1]);
    const cases: [unknown, string][] = [
      [150, '150.00'],
      [99.9, '99.90'],
      ['0042.5', '42.50'],
      [0.01, '0.01'],
      [99.99, '99.99'],
      ['9999999999.99', '9999999999.99'],
    ];
    for (const [index, [valor, text]] of cases.entries()) {
      const created = await create(therapist, payload({ nombre: `Tipo ${index}`, valor })).expect(201);
      expect(raw(created.text)).toEqual([text]);
      expect(raw((await api().get(path(therapist, created.body.id)).set(bearer(therapist.token)).expect(200)).text)).toEqual([text]);
      const [row] = await sql<{ valor: string }>('select valor::text as valor from session_types where id = $1', [created.body.id]);
      expect(row.valor).toBe(text);
    }
    const list = await api().get(path(therapist)).set(bearer(therapist.token)).expect(200);
    expect(raw(list.text)).toEqual(cases.map(([, text]) => text));
    const updated = await api()
      .put(path(therapist, list.body[0].id))
      .set(bearer(therapist.token))
      .send(payload({ valor: 80 }))
      .expect(200);
    expect(raw(updated.text)).toEqual(['80.00']);
    expect(raw((await api().delete(path(therapist, list.body[0].id)).set(bearer(therapist.token)).expect(200)).text)).toEqual(['80.00']);
  });

  it.each([
    [{ nombre: '   ' }, MSG.sessionTypes.nameRequired],
    [{ nombre: undefined }, MSG.sessionTypes.nameRequired],
    [{ valor: 0 }, MSG.sessionTypes.value],
    [{ valor: -5 }, MSG.sessionTypes.value],
    [{ valor: 'abc' }, MSG.sessionTypes.value],
    [{ valor: null }, MSG.sessionTypes.value],
    [{ valor: 1e-7 }, MSG.sessionTypes.value],
    [{ valor: 10.005 }, MSG.sessionTypes.valueDecimals],
    [{ valor: 99999999999 }, MSG.sessionTypes.valueTooHigh],
    [{ campos: [{ nombre: ' ', tipo: 'text' }] }, MSG.sessionTypes.fieldName],
    [{ campos: [{ nombre: 'Color', tipo: 'color' }] }, `${MSG.sessionTypes.fieldType}: color`],
    [{ campos: [{ nombre: 'Elige', tipo: 'select', opciones: [] }] }, `${MSG.sessionTypes.selectOptions}: Elige`],
    [{ campos: [{ nombre: 'Elige', tipo: 'select' }] }, `${MSG.sessionTypes.selectOptions}: Elige`],
    [
      {
        campos: [
          { nombre: 'A', tipo: 'text' },
          { nombre: 'a', tipo: 'number' },
        ],
      },
      MSG.sessionTypes.duplicateField,
    ],
    [{ campos: 'texto' }, MSG.sessionTypes.fields],
    [{ campos: [{ nombre: 'A', tipo: 'text', requerido: 'sí' }] }, MSG.sessionTypes.fields],
    [{ campos: [{ nombre: 'Ayuda', tipo: 'text', placeholder: 'p'.repeat(201) }] }, `${MSG.sessionTypes.placeholder}: Ayuda`],
    [{ campos: [{ nombre: 'Elige', tipo: 'select', opciones: ['Sí', ' sí '] }] }, `${MSG.sessionTypes.options}: Elige`],
    [{ campos: [{ nombre: 'Elige', tipo: 'select', opciones: ['o'.repeat(101)] }] }, `${MSG.sessionTypes.options}: Elige`],
    [
      { campos: [{ nombre: 'Elige', tipo: 'select', opciones: Array.from({ length: 51 }, (_, i) => `Opción ${i}`) }] },
      `${MSG.sessionTypes.options}: Elige`,
    ],
  ])('refuses %j with its Spanish message', async (changes, message) => {
    const therapist = await therapistSession();
    const res = await create(therapist, payload(changes)).expect(400);
    expect(res.body.detail).toBe(message);
    expect(await sql('select 1 from session_types where therapist_id = $1', [therapist.id])).toHaveLength(0);
  });

  it('takes field texts up to their bounds', async () => {
    const therapist = await therapistSession();
    const opciones = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(100, 'o'));
    const campos = [{ nombre: 'Elige', tipo: 'select', requerido: true, placeholder: 'p'.repeat(200), opciones }];
    const created = await create(therapist, payload({ campos })).expect(201);
    expect(created.body.campos).toEqual(campos);
  });

  it('refuses unknown fields and malformed JSON without saving', async () => {
    const therapist = await therapistSession();
    await create(therapist, payload({ terapeuta_id: therapist.id })).expect(400);
    await api().post(path(therapist)).set(bearer(therapist.token)).set('content-type', 'application/json').send('{"nombre":').expect(400);
  });

  it('belongs to its therapist: foreign terapeuta_id 403, foreign type 404, patients 403, no token 401', async () => {
    const owner = await therapistSession();
    const other = await therapistSession();
    const type = (await create(owner).expect(201)).body as SessionType;

    const foreign = await api().get(`${API}/tipos-sesion/?terapeuta_id=${owner.id}`).set(bearer(other.token)).expect(403);
    expect(foreign.body.detail).toBe(MSG.sessionTypes.foreignTherapist);
    await api().post(`${API}/tipos-sesion/?terapeuta_id=${owner.id}`).set(bearer(other.token)).send(payload()).expect(403);
    for (const call of [
      api().get(path(other, type.id)),
      api().put(path(other, type.id)).send(payload()),
      api().delete(path(other, type.id)),
    ]) {
      expect((await call.set(bearer(other.token)).expect(404)).body.detail).toBe(MSG.sessionTypes.notFound);
    }
    expect((await api().get(path(other)).set(bearer(other.token)).expect(200)).body).toEqual([]);
    await api().get(path(owner, 'no-es-un-id')).set(bearer(owner.token)).expect(404);

    const patient = await patientSession(owner);
    const changed = await api()
      .post(`${API}/auth/change-password`)
      .set(bearer(patient.token))
      .send({ new_password: 'Paciente#2026x' })
      .expect(200);
    await api().get(`${API}/tipos-sesion/`).set(bearer(changed.body.access_token)).expect(403);
    await api().get(`${API}/tipos-sesion/`).expect(401);
    // The owner's type is untouched.
    expect((await api().get(path(owner, type.id)).set(bearer(owner.token)).expect(200)).body.nombre).toBe('Terapia de pareja');
  });
});

describe('therapist profile', () => {
  it('reads, edits, clears and keeps name and e-mail read-only', async () => {
    const therapist = await therapistSession('Dr. Tomás Vidal');
    const empty = await api().get(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).expect(200);
    expect(empty.body).toEqual({
      name: 'Dr. Tomás Vidal',
      email: therapist.email,
      especialidad: null,
      licencia: null,
      telefono: null,
      direccion: null,
      biografia: null,
      estudios: [],
      certificaciones: [],
      avatar_url: 'https://example.com/p.png',
      zona_horaria: 'Europe/Madrid',
      pais: 'ES',
    });
    const edit = {
      especialidad: ' Psicología clínica ',
      licencia: 'COP-123',
      telefono: '+34 600 000 000',
      direccion: 'Calle Mayor 1',
      biografia: 'Bio',
    };
    const saved = await api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send(edit).expect(200);
    expect(saved.body).toMatchObject({ ...edit, especialidad: 'Psicología clínica', name: 'Dr. Tomás Vidal' });

    // Absent fields keep their value; null clears.
    const partial = await api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send({ biografia: null }).expect(200);
    expect(partial.body).toMatchObject({ licencia: 'COP-123', biografia: null });

    for (const readOnly of [{ name: 'Otro' }, { email: 'otro@example.com' }]) {
      const refused = await api()
        .put(`${API}/terapeuta/perfil`)
        .set(bearer(therapist.token))
        .send({ ...readOnly, licencia: 'X' })
        .expect(400);
      expect(refused.body.detail).toContain('no está permitido');
    }
    const after = await api().get(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).expect(200);
    expect(after.body).toMatchObject({ name: 'Dr. Tomás Vidal', email: therapist.email, licencia: 'COP-123' });

    const studies = await api()
      .put(`${API}/terapeuta/perfil`)
      .set(bearer(therapist.token))
      .send({ estudios: [{ titulo: 'Grado en Psicología', institucion: 'UCM', año: 2010 }] })
      .expect(200);
    expect(studies.body.estudios).toEqual([{ id: expect.any(String), titulo: 'Grado en Psicología', institucion: 'UCM', año: 2010 }]);
    const noTitle = await api()
      .put(`${API}/terapeuta/perfil`)
      .set(bearer(therapist.token))
      .send({ estudios: [{ titulo: '' }] })
      .expect(400);
    expect(noTitle.body.detail).toContain('necesita un título');
    const noStudies = await api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send({ estudios: null }).expect(200);
    expect(noStudies.body).toMatchObject({ estudios: [], licencia: 'COP-123' });
    await api()
      .put(`${API}/terapeuta/perfil`)
      .set(bearer(therapist.token))
      .send({ licencia: 'x'.repeat(101) })
      .expect(400);
  });

  it('takes as picture only an https address on a public host', async () => {
    const therapist = await therapistSession();
    const put = (body: object) => api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send(body);
    const url = 'https://fotos.consultorio.example/ana.jpg';
    expect((await put({ foto_perfil: url }).expect(200)).body.avatar_url).toBe(url);
    for (const bad of [
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://fotos.consultorio.example/ana.jpg',
      'https://127.0.0.1/ana.jpg',
      'https://localhost/ana.jpg',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://intranet/ana.jpg',
      `files/${therapist.id}/perfil/ana.jpg`,
    ]) {
      expect((await put({ foto_perfil: bad }).expect(400)).body).toEqual({
        detail: MSG.profile.pictureUrl,
        code: 'VALIDATION',
        errors: [MSG.profile.pictureUrl],
        campos: { foto_perfil: MSG.profile.pictureUrl },
        request_id: REQUEST_ID,
      });
    }
    expect((await api().get(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).expect(200)).body.avatar_url).toBe(url);
    // Blank goes back to the Google picture.
    expect((await put({ foto_perfil: ' ' }).expect(200)).body.avatar_url).toBe('https://example.com/p.png');
  });

  it('bounds the ids of studies and certifications and refuses a repeated one', async () => {
    const therapist = await therapistSession();
    const put = (body: object) => api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send(body);
    const saved = await put({ estudios: [{ titulo: 'Grado' }, { titulo: 'Máster' }] }).expect(200);
    const [grado, master] = saved.body.estudios as { id: string }[];
    // The ids the server gave come back with the list, and are kept.
    expect(
      (await put({ certificaciones: [{ id: grado.id, titulo: 'EMDR' }], estudios: saved.body.estudios }).expect(200)).body.estudios,
    ).toEqual(saved.body.estudios);
    const duplicate = await put({ estudios: [{ ...grado }, { ...master, id: grado.id }] }).expect(400);
    expect(duplicate.body.detail).toBe('Dos estudios o certificaciones de la lista tienen el mismo id');
    const long = await put({ certificaciones: [{ id: 'i'.repeat(65), titulo: 'EMDR' }] }).expect(400);
    expect(long.body.detail).toBe('El id de un estudio o certificación es el que dio el servidor (texto de hasta 64 caracteres)');
    const [row] = await sql<{ estudios: unknown[] }>('select estudios from therapist_profiles where user_id = $1', [therapist.id]);
    expect(row.estudios).toHaveLength(2);
  });

  it('is for therapists only, each their own', async () => {
    const therapist = await therapistSession();
    const other = await therapistSession();
    await api().put(`${API}/terapeuta/perfil`).set(bearer(therapist.token)).send({ licencia: 'MIA' }).expect(200);
    expect((await api().get(`${API}/terapeuta/perfil`).set(bearer(other.token)).expect(200)).body.licencia).toBeNull();
    const patient = await patientSession(therapist);
    const changed = await api()
      .post(`${API}/auth/change-password`)
      .set(bearer(patient.token))
      .send({ new_password: 'Paciente#2026x' })
      .expect(200);
    await api().get(`${API}/terapeuta/perfil`).set(bearer(changed.body.access_token)).expect(403);
    await api().put(`${API}/terapeuta/perfil`).set(bearer(changed.body.access_token)).send({ licencia: 'X' }).expect(403);
    await api().get(`${API}/terapeuta/perfil`).expect(401);
  });
});
