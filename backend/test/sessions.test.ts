import { MSG, type Session as SessionRecord } from '@consulta/shared';
import { api, API, bearer, REQUEST_ID, type Session, sql, therapistSession } from './support/api';
import {
  createDraft,
  createSession,
  createSessionType,
  customValues,
  fill,
  ISO,
  MISSING_ID,
  postSession,
  putDraft,
  quickPatient,
  sessionPayload,
  signedInPatient,
} from './support/clinical';

type Request = ReturnType<ReturnType<typeof api>['get']>;
const SESSIONS = `${API}/sesiones`;
const get = (t: Session, id: string) => api().get(`${SESSIONS}/${id}`).set(bearer(t.token));
const patch = (t: Session, id: string, body: object) => api().patch(`${SESSIONS}/${id}`).set(bearer(t.token)).send(body);
const put = (t: Session, id: string, body: object) => api().put(`${SESSIONS}/${id}`).set(bearer(t.token)).send(body);
const listOf = (t: Session, patientId: string) => api().get(`${SESSIONS}/paciente/${patientId}`).set(bearer(t.token));
/** A session as a list shows it: no texts, only whether the transcript and analyses are there. */
const summaryOf = (s: SessionRecord) => {
  const { notas, temas_importantes, intencion, tipo_medicina, cantidad, observaciones, campos_datos, ...rest } = s;
  const { transcripcion, transcripcion_segmentos, analisis_ia, analisis_ia_paciente, analisis_ia_paciente_publicado, ...summary } = rest;
  void [notas, temas_importantes, intencion, tipo_medicina, cantidad, observaciones, campos_datos, analisis_ia_paciente_publicado];
  void transcripcion_segmentos;
  return {
    ...summary,
    tiene_transcripcion: transcripcion !== null,
    tiene_analisis_ia: analisis_ia !== null,
    tiene_analisis_ia_paciente: analisis_ia_paciente !== null,
  };
};
const countSessions = async (patientId: string) =>
  Number((await sql<{ n: string }>('select count(*) as n from sessions where patient_id = $1', [patientId]))[0].n);

describe('POST /sesiones/ and GET', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });

  it('records a psychotherapy session with the defaults and answers every field', async () => {
    const before = Date.now();
    const res = await postSession(therapist, sessionPayload(patientId, { temas_importantes: 'Trabajo', duracion_minutos: 50 })).expect(201);
    const session = res.body as SessionRecord;
    expect(session).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      paciente_id: patientId,
      terapeuta_id: therapist.id,
      fecha: expect.stringMatching(ISO),
      numero_sesion: 1,
      duracion_minutos: 50,
      tipo_sesion: 'psicoterapia',
      tipo_sesion_id: null,
      tipo_sesion_nombre: null,
      personalizada: false,
      num_voces: 2,
      notas: 'El paciente habla de su semana.',
      temas_importantes: 'Trabajo',
      intencion: null,
      tipo_medicina: null,
      cantidad: null,
      observaciones: null,
      campos_datos: {},
      video_url: null,
      transcripcion: null,
      transcripcion_segmentos: null,
      analisis_ia: null,
      analisis_ia_paciente: null,
      analisis_estado: null,
      analisis_ia_paciente_publicado: false,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    // No date given: now.
    expect(Date.parse(session.fecha)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(session.fecha)).toBeLessThanOrEqual(Date.now() + 5_000);
    expect((await get(therapist, session.id).expect(200)).body).toEqual(session);
    const [row] = await sql('select therapist_id::text as t, num_voces, tipo_sesion, tipo_sesion_id from sessions where id = $1', [
      session.id,
    ]);
    expect(row).toEqual({ t: therapist.id, num_voces: 2, tipo_sesion: 'psicoterapia', tipo_sesion_id: null });
  });

  it('records a psychedelic session with a decimal amount, a calendar date and every text field', async () => {
    const res = await postSession(therapist, {
      paciente_id: patientId,
      tipo_sesion: 'psicodelica',
      fecha: '2026-11-20',
      intencion: 'Soltar el miedo',
      tipo_medicina: 'Psilocibina',
      cantidad: 2.75,
      observaciones: 'Tranquila',
      num_voces: 32,
      transcripcion: 'Hola.',
      analisis_ia: 'Análisis para el terapeuta',
      analisis_ia_paciente: 'Versión para el paciente',
      temas_importantes: '   ',
      video_url: null,
      terapeuta_id: therapist.id,
    }).expect(201);
    expect(res.body).toMatchObject({
      tipo_sesion: 'psicodelica',
      personalizada: false,
      notas: null,
      intencion: 'Soltar el miedo',
      tipo_medicina: 'Psilocibina',
      cantidad: 2.75,
      observaciones: 'Tranquila',
      num_voces: 32,
      transcripcion: 'Hola.',
      analisis_ia: 'Análisis para el terapeuta',
      analisis_ia_paciente: 'Versión para el paciente',
      temas_importantes: null,
      video_url: null,
      terapeuta_id: therapist.id,
    });
    // A calendar date is that day (read at noon, so no zone moves it).
    expect(res.body.fecha).toMatch(/^2026-11-20T/);
    expect(typeof res.body.cantidad).toBe('number');
  });

  it('records a custom-type session: the type name as tipo_sesion, personalizada, campos_datos as sent', async () => {
    const type = await createSessionType(therapist);
    const values = { ...customValues(), Reflexión: 'Texto libre', Seguimiento: false, Intensidad: 0.25 };
    const res = await postSession(therapist, { paciente_id: patientId, tipo_sesion_id: type.id, campos_datos: values, cantidad: 0 }).expect(
      201,
    );
    expect(res.body).toMatchObject({
      tipo_sesion: 'Constelación familiar',
      tipo_sesion_id: type.id,
      tipo_sesion_nombre: 'Constelación familiar',
      personalizada: true,
      notas: null,
      cantidad: 0,
      campos_datos: values,
    });
    // Numbers stay numbers and booleans booleans, through the database and back.
    const read = (await get(therapist, res.body.id).expect(200)).body as SessionRecord;
    expect(read.campos_datos).toStrictEqual(values);
    expect(typeof read.campos_datos.Intensidad).toBe('number');
    const [row] = await sql<{ kind: string }>(`select jsonb_typeof(campos_datos->'Intensidad') as kind from sessions where id = $1`, [
      res.body.id,
    ]);
    expect(row.kind).toBe('number');
    // A built-in name in tipo_sesion_id is the built-in type.
    const builtIn = await postSession(
      therapist,
      sessionPayload(patientId, { tipo_sesion: undefined, tipo_sesion_id: 'psicoterapia' }),
    ).expect(201);
    expect(builtIn.body).toMatchObject({ tipo_sesion: 'psicoterapia', tipo_sesion_id: null, personalizada: false });
  });

  it('accepts date-times with a zone, fractions and the form’s local date-time', async () => {
    const cases: [string, RegExp][] = [
      ['2026-11-20T10:30:00Z', /^2026-11-20T10:30:00\.000Z$/],
      ['2026-11-20T10:30:00.123+02:00', /^2026-11-20T08:30:00\.123Z$/],
      ['2026-11-20T10:30', /^2026-11-2\dT\d{2}:30:00\.000Z$/],
    ];
    for (const [fecha, expected] of cases) {
      const res = await postSession(therapist, sessionPayload(patientId, { fecha })).expect(201);
      expect(res.body.fecha).toMatch(expected);
    }
  });

  it('lists without the texts, saying which long ones are there; GET /sesiones/{id} has them', async () => {
    const own = await therapistSession();
    const patient = await quickPatient(own);
    const long = 'Paciente: hoy dormí mejor. '.repeat(2000);
    const session = await createSession(own, patient.id, { transcripcion: long, analisis_ia: 'Original', analisis_ia_paciente: null });
    const [item] = (await listOf(own, patient.id).expect(200)).body as Record<string, unknown>[];
    for (const text of ['transcripcion', 'analisis_ia', 'notas', 'campos_datos']) expect(item).not.toHaveProperty(text);
    expect(item).toMatchObject({ tiene_transcripcion: true, tiene_analisis_ia: true, tiene_analisis_ia_paciente: false });
    expect((await get(own, session.id).expect(200)).body).toMatchObject({ transcripcion: long, analisis_ia: 'Original' });
  });

  it('lists a patient’s sessions from the highest number down', async () => {
    const own = await therapistSession();
    const patient = await quickPatient(own);
    expect((await listOf(own, patient.id).expect(200)).body).toEqual([]);
    const first = await createSession(own, patient.id);
    const second = await createSession(own, patient.id, { numero_sesion: 10 });
    const third = await createSession(own, patient.id, { numero_sesion: 4 });
    const list = (await listOf(own, patient.id).expect(200)).body as SessionRecord[];
    expect(list.map((s) => [s.id, s.numero_sesion])).toEqual([
      [second.id, 10],
      [third.id, 4],
      [first.id, 1],
    ]);
    expect(list[2]).toEqual(summaryOf(first));
    // Another patient of the same therapist has their own list.
    const other = await quickPatient(own);
    expect((await listOf(own, other.id).expect(200)).body).toEqual([]);
  });
});

describe('custom fields named like object built-ins', () => {
  it('refuses such field names on the session type, so no session value can be keyed by one', async () => {
    const therapist = await therapistSession();
    for (const nombre of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const res = await api()
        .post(`${API}/tipos-sesion/`)
        .set(bearer(therapist.token))
        .send({ nombre: 'Reservado', valor: 50, campos: [{ nombre, tipo: 'text', requerido: true }] })
        .expect(400);
      expect(res.body.detail).toBe(`${MSG.sessionTypes.fieldNameReserved}: ${nombre}`);
    }
  });

  it('never stores a value under such a name on a draft or session', async () => {
    const therapist = await therapistSession();
    const patientId = (await quickPatient(therapist)).id;
    const draft = await createDraft(therapist, patientId, { tipo_sesion: 'psicoterapia' });
    const saved = await putDraft(therapist, draft.draft_id, { campos_datos: JSON.parse('{"constructor":"x"}') });
    expect([200, 400]).toContain(saved.status);
    expect(
      (await sql<{ campos_datos: object }>('select campos_datos from session_drafts where id = $1', [draft.draft_id]))[0].campos_datos,
    ).toEqual({});
  });
});

describe('session rules and messages', () => {
  let therapist: Session;
  let patientId: string;
  let typeId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
    typeId = (await createSessionType(therapist)).id;
  });

  const refused = async (body: Record<string, unknown>, detail: string, status = 400) => {
    const before = await countSessions(patientId);
    const res = await postSession(therapist, body).expect(status);
    expect(res.body.detail).toBe(detail);
    expect(await countSessions(patientId)).toBe(before);
    return res;
  };

  it.each<[string, Record<string, unknown>, string]>([
    ['no paciente_id', { paciente_id: undefined }, MSG.sessions.patientRequired],
    ['a blank paciente_id', { paciente_id: '  ' }, MSG.sessions.patientRequired],
    ['psicoterapia without notas', { notas: undefined }, MSG.sessions.notesRequired],
    ['psicoterapia with blank notas', { notas: '   ' }, MSG.sessions.notesRequired],
    ['psicodelica without intencion', { tipo_sesion: 'psicodelica', tipo_medicina: 'Ayahuasca' }, MSG.sessions.psychedelicRequired],
    ['psicodelica without tipo_medicina', { tipo_sesion: 'psicodelica', intencion: 'Sanar' }, MSG.sessions.psychedelicRequired],
    [
      'psicodelica with a blank tipo_medicina',
      { tipo_sesion: 'psicodelica', intencion: 'Sanar', tipo_medicina: ' ' },
      MSG.sessions.psychedelicRequired,
    ],
    ['no type', { tipo_sesion: undefined }, MSG.sessions.typeRequired],
    ['a null type', { tipo_sesion: null }, MSG.sessions.typeRequired],
    ['an unknown built-in type', { tipo_sesion: 'hipnosis' }, MSG.sessions.typeRequired],
    ['campos_datos on a built-in type', { campos_datos: { Motivo: 'x' } }, fill(MSG.sessions.fieldUnknown, { name: 'Motivo' })],
    ['campos_datos not an object', { campos_datos: ['a'] }, MSG.sessions.camposDatos],
    ['campos_datos with a nested object', { campos_datos: { a: { b: 1 } } }, MSG.sessions.camposDatos],
    ['num_voces 0', { num_voces: 0 }, MSG.sessions.numVoces],
    ['num_voces 33', { num_voces: 33 }, MSG.sessions.numVoces],
    ['num_voces 2.5', { num_voces: 2.5 }, MSG.sessions.numVoces],
    ['num_voces as text', { num_voces: '3' }, MSG.sessions.numVoces],
    ['duracion_minutos -1', { duracion_minutos: -1 }, MSG.sessions.duracion],
    ['duracion_minutos 1441', { duracion_minutos: 1441 }, MSG.sessions.duracion],
    ['duracion_minutos 45.5', { duracion_minutos: 45.5 }, MSG.sessions.duracion],
    ['duracion_minutos as text', { duracion_minutos: '45' }, MSG.sessions.duracion],
    ['cantidad negative', { cantidad: -0.5 }, MSG.sessions.cantidad],
    ['cantidad as text', { cantidad: '2' }, MSG.sessions.cantidad],
    ['fecha as words', { fecha: 'ayer' }, MSG.sessions.fecha],
    ['fecha 30 February', { fecha: '2026-02-30' }, MSG.sessions.fecha],
    ['fecha at hour 24', { fecha: '2026-11-20T24:00' }, MSG.sessions.fecha],
    ['fecha past year 9999 in UTC', { fecha: '9999-12-31T23:59-05:00' }, MSG.sessions.fecha],
    ['fecha day first', { fecha: '20/11/2026' }, MSG.sessions.fecha],
    ['fecha as a number', { fecha: 1763600000000 }, MSG.sessions.fecha],
    ['a video_url', { video_url: 'https://example.com/video.mp4' }, MSG.sessions.videoUrl],
    ['numero_sesion 0', { numero_sesion: 0 }, MSG.sessions.numero],
    ['numero_sesion 1.5', { numero_sesion: 1.5 }, MSG.sessions.numero],
    ['an unknown field', { color: 'azul' }, fill(MSG.validation.notAllowed, { campo: 'color' })],
    ['notas not text', { notas: 42 }, fill(MSG.validation.text, { campo: 'notas' })],
  ])('refuses %s with its message and saves nothing', async (_label, overrides, detail) => {
    const res = await refused(sessionPayload(patientId, overrides), detail);
    expect(res.body.code).toBe('VALIDATION');
  });

  it('refuses a terapeuta_id that is not the caller and accepts the caller’s own', async () => {
    const other = await therapistSession();
    await refused(sessionPayload(patientId, { terapeuta_id: other.id }), MSG.sessions.therapistMismatch);
    await refused(sessionPayload(patientId, { terapeuta_id: 'alguien' }), MSG.sessions.therapistMismatch);
    const own = await postSession(therapist, sessionPayload(patientId, { terapeuta_id: therapist.id })).expect(201);
    expect(own.body.terapeuta_id).toBe(therapist.id);
  });

  it('accepts the bounds: 1 and 32 voices (5+), 0 and 1440 minutes, 0 amount; null voices is the default 2', async () => {
    for (const [overrides, expected] of [
      [{ num_voces: 1 }, { num_voces: 1 }],
      [{ num_voces: 32 }, { num_voces: 32 }],
      [{ num_voces: null }, { num_voces: 2 }],
      [{ duracion_minutos: 0 }, { duracion_minutos: 0 }],
      [{ duracion_minutos: 1440 }, { duracion_minutos: 1440 }],
      [{ duracion_minutos: null }, { duracion_minutos: null }],
      [{ cantidad: 0 }, { cantidad: 0 }],
      [{ cantidad: 12.125 }, { cantidad: 12.125 }],
      [{ video_url: '' }, { video_url: null }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const res = await postSession(therapist, sessionPayload(patientId, overrides));
      expect([res.status, res.body]).toEqual([201, expect.objectContaining(expected)]);
    }
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a required text left empty', { Motivo: '' }, fill(MSG.sessions.fieldRequired, { name: 'Motivo' })],
    ['a required text blank', { Motivo: '   ' }, fill(MSG.sessions.fieldRequired, { name: 'Motivo' })],
    ['a required text missing', { Motivo: undefined }, fill(MSG.sessions.fieldRequired, { name: 'Motivo' })],
    ['a required number null', { Intensidad: null }, fill(MSG.sessions.fieldRequired, { name: 'Intensidad' })],
    ['a required checkbox left false', { Consentimiento: false }, fill(MSG.sessions.fieldRequired, { name: 'Consentimiento' })],
    ['a number sent as a string', { Intensidad: '7' }, fill(MSG.sessions.fieldNumber, { name: 'Intensidad' })],
    ['a select value outside its options', { Modalidad: 'Telefónica' }, fill(MSG.sessions.fieldOption, { name: 'Modalidad' })],
    ['a checkbox that is not a boolean', { Seguimiento: 'sí' }, fill(MSG.sessions.fieldBoolean, { name: 'Seguimiento' })],
    ['a text field given a number', { Reflexión: 3 }, fill(MSG.sessions.fieldText, { name: 'Reflexión' })],
    ['a field the type does not define', { Color: 'azul' }, fill(MSG.sessions.fieldUnknown, { name: 'Color' })],
  ])('custom type: refuses %s', async (_label, change, detail) => {
    const campos = { ...customValues(), ...change };
    await refused({ paciente_id: patientId, tipo_sesion_id: typeId, campos_datos: JSON.parse(JSON.stringify(campos)) }, detail);
  });

  it('custom type: required fields are checked even without campos_datos; optional ones may be left out', async () => {
    await refused({ paciente_id: patientId, tipo_sesion_id: typeId }, fill(MSG.sessions.fieldRequired, { name: 'Motivo' }));
    const light = await createSessionType(therapist, {
      nombre: 'Seguimiento breve',
      campos: [{ nombre: 'Comentario', tipo: 'text', requerido: false, placeholder: null, opciones: [] }],
    });
    const res = await postSession(therapist, { paciente_id: patientId, tipo_sesion_id: light.id }).expect(201);
    expect(res.body).toMatchObject({ tipo_sesion: 'Seguimiento breve', campos_datos: {}, personalizada: true });
  });

  it('refuses an inactive own type (400) and an archived or unknown one (404)', async () => {
    const inactive = await createSessionType(therapist, { nombre: 'Inactivo', activo: false });
    const res = await refused(
      { paciente_id: patientId, tipo_sesion_id: inactive.id, campos_datos: customValues() },
      MSG.sessions.typeInactive,
    );
    expect(res.body.code).toBe('VALIDATION');

    const archived = await createSessionType(therapist, { nombre: 'Archivado' });
    await api().delete(`${API}/tipos-sesion/${archived.id}?terapeuta_id=${therapist.id}`).set(bearer(therapist.token)).expect(200);
    const gone = await refused(
      { paciente_id: patientId, tipo_sesion_id: archived.id, campos_datos: customValues() },
      MSG.sessionTypes.notFound,
      404,
    );
    expect(gone.body.code).toBe('NOT_FOUND');
    await refused({ paciente_id: patientId, tipo_sesion_id: MISSING_ID, campos_datos: customValues() }, MSG.sessionTypes.notFound, 404);
    await refused({ paciente_id: patientId, tipo_sesion_id: 'no-es-un-id', campos_datos: customValues() }, MSG.sessionTypes.notFound, 404);
  });

  it('answers 404 for an unknown or malformed paciente_id', async () => {
    for (const id of [MISSING_ID, 'no-es-un-id']) {
      const res = await postSession(therapist, sessionPayload(id)).expect(404);
      expect(res.body).toEqual({ detail: MSG.patients.notFound, code: 'NOT_FOUND', request_id: REQUEST_ID });
    }
  });

  it('numbers sessions highest + 1 (1 for the first) and refuses a number that is taken with 409', async () => {
    const patient = await quickPatient(therapist);
    expect((await createSession(therapist, patient.id)).numero_sesion).toBe(1);
    expect((await createSession(therapist, patient.id, { numero_sesion: 5 })).numero_sesion).toBe(5);
    expect((await createSession(therapist, patient.id)).numero_sesion).toBe(6);
    expect((await createSession(therapist, patient.id, { numero_sesion: 3 })).numero_sesion).toBe(3);
    expect((await createSession(therapist, patient.id, { numero_sesion: null })).numero_sesion).toBe(7);
    const taken = await postSession(therapist, sessionPayload(patient.id, { numero_sesion: 5 })).expect(409);
    expect(taken.body).toEqual({ detail: fill(MSG.sessions.numeroTaken, { numero: 5 }), code: 'ALREADY_EXISTS', request_id: REQUEST_ID });
    expect(await countSessions(patient.id)).toBe(5);
    // Numbers are per patient.
    const other = await quickPatient(therapist);
    expect((await createSession(therapist, other.id, { numero_sesion: 5 })).numero_sesion).toBe(5);
  });

  it('numbers 15 concurrent creations for one patient exactly 1..15', async () => {
    const patient = await quickPatient(therapist);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => postSession(therapist, sessionPayload(patient.id, { notas: `Nota ${i}` }))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(15).fill(201));
    expect(answers.map((r) => r.body.numero_sesion as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const rows = await sql<{ numero_sesion: number }>('select numero_sesion from sessions where patient_id = $1 order by numero_sesion', [
      patient.id,
    ]);
    expect(rows.map((r) => r.numero_sesion)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
  });
});

describe('PUT and PATCH /sesiones/{id}', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });

  it('changes only what is sent (PATCH and PUT alike)', async () => {
    const session = await createSession(therapist, patientId, {
      temas_importantes: 'Trabajo',
      duracion_minutos: 50,
      fecha: '2026-11-02T10:00:00Z',
    });
    const patched = (await patch(therapist, session.id, { temas_importantes: 'Familia' }).expect(200)).body as SessionRecord;
    const { updated_at: _u, ...unchanged } = session;
    expect(patched).toEqual({ ...unchanged, temas_importantes: 'Familia', updated_at: expect.stringMatching(ISO) });
    expect(Date.parse(patched.updated_at)).toBeGreaterThanOrEqual(Date.parse(session.updated_at));

    const replaced = (await put(therapist, session.id, { duracion_minutos: 60, num_voces: 1, analisis_ia: 'Nuevo' }).expect(200))
      .body as SessionRecord;
    expect(replaced).toMatchObject({
      ...unchanged,
      temas_importantes: 'Familia',
      duracion_minutos: 60,
      num_voces: 1,
      analisis_ia: 'Nuevo',
    });
    // null for a field the session always has leaves it; null elsewhere clears.
    const nulls = (
      await patch(therapist, session.id, { fecha: null, num_voces: null, temas_importantes: null, analisis_ia: '' }).expect(200)
    ).body;
    expect(nulls).toMatchObject({
      fecha: '2026-11-02T10:00:00.000Z',
      num_voces: 1,
      temas_importantes: null,
      analisis_ia: null,
      notas: session.notas,
    });
    expect((await get(therapist, session.id).expect(200)).body).toEqual(nulls);
    // The session's own patient and the caller's id are accepted.
    await patch(therapist, session.id, { paciente_id: patientId, terapeuta_id: therapist.id, numero_sesion: session.numero_sesion }).expect(
      200,
    );
  });

  it('re-checks the rules on the merged session and changes nothing when they fail', async () => {
    const session = await createSession(therapist, patientId);
    for (const [body, detail] of [
      [{ notas: '' }, MSG.sessions.notesRequired],
      [{ notas: null, temas_importantes: 'Se perdería' }, MSG.sessions.notesRequired],
      [{ tipo_sesion: 'psicodelica', intencion: 'Sanar' }, MSG.sessions.psychedelicRequired],
      [{ tipo_sesion: 'hipnosis' }, MSG.sessions.typeRequired],
      [{ tipo_sesion: null }, MSG.sessions.typeRequired],
      [{ campos_datos: { Extra: 1 } }, fill(MSG.sessions.fieldUnknown, { name: 'Extra' })],
      [{ num_voces: 33 }, MSG.sessions.numVoces],
      [{ fecha: '2026-02-29' }, MSG.sessions.fecha],
      [{ video_url: 'clave/video.mp4' }, MSG.sessions.videoUrl],
      [{ id: session.id }, fill(MSG.validation.notAllowed, { campo: 'id' })],
      [{ draft_id: MISSING_ID }, fill(MSG.validation.notAllowed, { campo: 'draft_id' })],
    ] as [Record<string, unknown>, string][]) {
      for (const call of [patch, put]) {
        const res = await call(therapist, session.id, body).expect(400);
        expect(res.body).toMatchObject({ detail, code: 'VALIDATION' });
      }
    }
    expect((await get(therapist, session.id).expect(200)).body).toEqual(session);
    // Switching to psicodelica with what it needs works; the notes stay.
    const switched = await patch(therapist, session.id, {
      tipo_sesion: 'psicodelica',
      intencion: 'Sanar',
      tipo_medicina: 'Ayahuasca',
    }).expect(200);
    expect(switched.body).toMatchObject({
      tipo_sesion: 'psicodelica',
      intencion: 'Sanar',
      tipo_medicina: 'Ayahuasca',
      notas: session.notas,
    });
    // Now the notes may go, but not the intention.
    await patch(therapist, session.id, { notas: null }).expect(200);
    expect((await patch(therapist, session.id, { intencion: ' ' }).expect(400)).body.detail).toBe(MSG.sessions.psychedelicRequired);
  });

  it('switching the type clears campos_datos unless they are sent; the type’s own name keeps it', async () => {
    const type = await createSessionType(therapist, { nombre: 'Pareja' });
    const custom = await createSession(therapist, patientId, {
      tipo_sesion: undefined,
      notas: undefined,
      tipo_sesion_id: type.id,
      campos_datos: customValues(),
    });
    expect(custom).toMatchObject({ tipo_sesion: 'Pareja', personalizada: true, campos_datos: customValues() });

    // The answer's tipo_sesion (the type's name) sent back keeps the type.
    const same = await patch(therapist, custom.id, { tipo_sesion: 'Pareja', campos_datos: { ...customValues(), Motivo: 'Otro' } }).expect(
      200,
    );
    expect(same.body).toMatchObject({ tipo_sesion_id: type.id, campos_datos: { ...customValues(), Motivo: 'Otro' } });
    // Sent campos_datos replace the old ones and must still fill the type.
    const missing = await patch(therapist, custom.id, { campos_datos: { Motivo: 'Solo esto' } }).expect(400);
    expect(missing.body.detail).toBe(fill(MSG.sessions.fieldRequired, { name: 'Intensidad' }));

    // To a built-in type: the custom values go; sending them would be refused.
    const refused = await patch(therapist, custom.id, {
      tipo_sesion: 'psicoterapia',
      notas: 'Cambio',
      campos_datos: customValues(),
    }).expect(400);
    expect(refused.body.detail).toBe(fill(MSG.sessions.fieldUnknown, { name: 'Motivo' }));
    const builtIn = await patch(therapist, custom.id, { tipo_sesion: 'psicoterapia', notas: 'Cambio' }).expect(200);
    expect(builtIn.body).toMatchObject({
      tipo_sesion: 'psicoterapia',
      tipo_sesion_id: null,
      tipo_sesion_nombre: null,
      personalizada: false,
      campos_datos: {},
    });

    // Back to the custom type: its required fields must come with it.
    const noFields = await patch(therapist, custom.id, { tipo_sesion_id: type.id }).expect(400);
    expect(noFields.body.detail).toBe(fill(MSG.sessions.fieldRequired, { name: 'Motivo' }));
    const back = await put(therapist, custom.id, { tipo_sesion_id: type.id, campos_datos: customValues() }).expect(200);
    expect(back.body).toMatchObject({
      tipo_sesion: 'Pareja',
      tipo_sesion_id: type.id,
      personalizada: true,
      campos_datos: customValues(),
      notas: 'Cambio',
    });

    // From one custom type to another: the old values are cleared.
    const light = await createSessionType(therapist, { nombre: 'Breve', campos: [{ nombre: 'Nota', tipo: 'text', requerido: false }] });
    const other = await patch(therapist, custom.id, { tipo_sesion_id: light.id }).expect(200);
    expect(other.body).toMatchObject({ tipo_sesion: 'Breve', tipo_sesion_id: light.id, campos_datos: {} });
  });

  it('a session keeps a type that was deactivated or archived after it was recorded', async () => {
    const type = await createSessionType(therapist, { nombre: 'Temporal' });
    const session = await createSession(therapist, patientId, {
      tipo_sesion: undefined,
      notas: undefined,
      tipo_sesion_id: type.id,
      campos_datos: customValues(),
    });
    const typePath = `${API}/tipos-sesion/${type.id}?terapeuta_id=${therapist.id}`;
    await api().put(typePath).set(bearer(therapist.token)).send({ nombre: 'Temporal', valor: 80, activo: false }).expect(200);
    // Still its type: edits (even naming the type again) are accepted; a new session cannot choose it.
    const edited = await patch(therapist, session.id, {
      tipo_sesion_id: type.id,
      campos_datos: { ...customValues(), Motivo: 'Editado' },
    }).expect(200);
    expect(edited.body.campos_datos.Motivo).toBe('Editado');
    const inactive = await postSession(therapist, { paciente_id: patientId, tipo_sesion_id: type.id, campos_datos: customValues() }).expect(
      400,
    );
    expect(inactive.body.detail).toBe(MSG.sessions.typeInactive);

    await api().delete(typePath).set(bearer(therapist.token)).expect(200);
    const read = await get(therapist, session.id).expect(200);
    expect(read.body).toMatchObject({
      tipo_sesion: 'Temporal',
      tipo_sesion_nombre: 'Temporal',
      tipo_sesion_id: type.id,
      personalizada: true,
    });
    await patch(therapist, session.id, { duracion_minutos: 30 }).expect(200);
  });

  it('refuses moving a session to another patient, another therapist’s id and a taken number', async () => {
    const session = await createSession(therapist, patientId);
    const taken = await createSession(therapist, patientId);
    const otherPatient = await quickPatient(therapist);
    for (const call of [patch, put]) {
      const moved = await call(therapist, session.id, { paciente_id: otherPatient.id }).expect(400);
      expect(moved.body).toEqual({ detail: MSG.sessions.patientChange, code: 'VALIDATION', request_id: REQUEST_ID });
    }
    const other = await therapistSession();
    expect((await patch(therapist, session.id, { terapeuta_id: other.id }).expect(400)).body.detail).toBe(MSG.sessions.therapistMismatch);
    const conflict = await patch(therapist, session.id, { numero_sesion: taken.numero_sesion, notas: 'No' }).expect(409);
    expect(conflict.body).toEqual({
      detail: fill(MSG.sessions.numeroTaken, { numero: taken.numero_sesion }),
      code: 'ALREADY_EXISTS',
      request_id: REQUEST_ID,
    });
    expect((await get(therapist, session.id).expect(200)).body).toEqual(session);
    const renumbered = await patch(therapist, session.id, { numero_sesion: 900 }).expect(200);
    expect(renumbered.body.numero_sesion).toBe(900);
    expect(await sql('select patient_id::text as p from sessions where id = $1', [session.id])).toEqual([{ p: patientId }]);
  });
});

describe('DELETE /sesiones/{id}', () => {
  it('answers the deleted session, then 404', async () => {
    const therapist = await therapistSession();
    const patient = await quickPatient(therapist);
    const session = await createSession(therapist, patient.id, { duracion_minutos: 45 });
    const deleted = await api().delete(`${SESSIONS}/${session.id}`).set(bearer(therapist.token)).expect(200);
    expect(deleted.body).toEqual(session);
    for (const call of [
      get(therapist, session.id),
      api().delete(`${SESSIONS}/${session.id}`).set(bearer(therapist.token)),
      patch(therapist, session.id, { notas: 'x' }),
    ]) {
      expect((await call.expect(404)).body).toEqual({ detail: MSG.sessions.notFound, code: 'NOT_FOUND', request_id: REQUEST_ID });
    }
    expect(await countSessions(patient.id)).toBe(0);
    // The number is free again.
    expect((await createSession(therapist, patient.id)).numero_sesion).toBe(1);
  });
});

describe('POST /sesiones/ with draft_id', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });
  const draftExists = async (id: string) => (await sql('select 1 from session_drafts where id = $1', [id])).length === 1;
  const draftState = async (id: string) =>
    (await sql<{ estado: string }>('select estado from session_drafts where id = $1', [id]))[0]?.estado ?? null;

  it('creates the session and completes the draft together; the same draft again is 409 and no second session', async () => {
    const patient = await quickPatient(therapist);
    const draft = await createDraft(therapist, patient.id, { notas: 'Borrador' });
    const created = await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id })).expect(201);
    expect(created.body.numero_sesion).toBe(1);
    expect(created.body).not.toHaveProperty('draft_id');
    expect(await draftState(draft.id)).toBe('completado');
    const again = await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id })).expect(409);
    expect(again.body).toEqual({ detail: MSG.drafts.alreadySaved, code: 'DRAFT_SAVED', request_id: REQUEST_ID });
    expect(await countSessions(patient.id)).toBe(1);
    const completed = await api().get(`${API}/sesiones-asincronas/drafts/${draft.id}`).set(bearer(therapist.token)).expect(200);
    expect(completed.body).toMatchObject({ estado: 'completado', notas: null });
  });

  it('two simultaneous saves of one draft make exactly one session', async () => {
    const patient = await quickPatient(therapist);
    const draft = await createDraft(therapist, patient.id);
    const answers = await Promise.all([1, 2, 3].map(() => postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id }))));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await countSessions(patient.id)).toBe(1);
    expect(await draftState(draft.id)).toBe('completado');
  });

  it('keeps the draft when the session is refused, and refuses a draft of another patient or a malformed id', async () => {
    const draft = await createDraft(therapist, patientId);
    const noNotes = await postSession(therapist, sessionPayload(patientId, { draft_id: draft.id, notas: '' })).expect(400);
    expect(noNotes.body.detail).toBe(MSG.sessions.notesRequired);
    const taken = await createSession(therapist, patientId);
    await postSession(therapist, sessionPayload(patientId, { draft_id: draft.id, numero_sesion: taken.numero_sesion })).expect(409);
    expect(await draftExists(draft.id)).toBe(true);

    const otherPatient = await quickPatient(therapist);
    const foreign = await postSession(therapist, sessionPayload(otherPatient.id, { draft_id: draft.id })).expect(404);
    expect(foreign.body).toEqual({ detail: MSG.drafts.notFound, code: 'NOT_FOUND', request_id: REQUEST_ID });
    expect(await countSessions(otherPatient.id)).toBe(0);
    expect(await draftExists(draft.id)).toBe(true);

    const malformed = await postSession(therapist, sessionPayload(patientId, { draft_id: 'borrador-1' })).expect(400);
    expect(malformed.body).toEqual({ detail: MSG.drafts.invalidId, code: 'INVALID_ID', request_id: REQUEST_ID });
    await postSession(therapist, sessionPayload(patientId, { draft_id: MISSING_ID })).expect(404);
    expect(await draftExists(draft.id)).toBe(true);
  });
});

describe('sessions across accounts', () => {
  it('another therapist gets 404 for the patient, the session, the type and the draft; nothing changes', async () => {
    const owner = await therapistSession();
    const intruder = await therapistSession();
    const patient = await quickPatient(owner);
    const type = await createSessionType(owner);
    const session = await createSession(owner, patient.id, {
      tipo_sesion: undefined,
      notas: undefined,
      tipo_sesion_id: type.id,
      campos_datos: customValues(),
    });
    const draft = await createDraft(owner, patient.id);
    const own = await quickPatient(intruder);

    const notFound = async (req: Request, detail: string) => {
      const res = await req.set(bearer(intruder.token)).expect(404);
      expect(res.body).toEqual({ detail, code: 'NOT_FOUND', request_id: REQUEST_ID });
    };
    await notFound(api().get(`${SESSIONS}/paciente/${patient.id}`), MSG.patients.notFound);
    await notFound(api().get(`${SESSIONS}/${session.id}`), MSG.sessions.notFound);
    await notFound(api().post(`${SESSIONS}/`).send(sessionPayload(patient.id)), MSG.patients.notFound);
    await notFound(api().put(`${SESSIONS}/${session.id}`).send({ notas: 'Intruso' }), MSG.sessions.notFound);
    await notFound(api().patch(`${SESSIONS}/${session.id}`).send({ notas: 'Intruso' }), MSG.sessions.notFound);
    await notFound(api().delete(`${SESSIONS}/${session.id}`), MSG.sessions.notFound);
    // The owner's type and draft do not exist for the intruder, even on the intruder's own patient.
    await notFound(
      api().post(`${SESSIONS}/`).send({ paciente_id: own.id, tipo_sesion_id: type.id, campos_datos: customValues() }),
      MSG.sessionTypes.notFound,
    );
    await notFound(
      api()
        .post(`${SESSIONS}/`)
        .send(sessionPayload(own.id, { draft_id: draft.id })),
      MSG.drafts.notFound,
    );
    const ownSession = await createSession(intruder, own.id);
    await notFound(
      api().patch(`${SESSIONS}/${ownSession.id}`).send({ tipo_sesion_id: type.id, campos_datos: customValues() }),
      MSG.sessionTypes.notFound,
    );

    expect(await countSessions(own.id)).toBe(1);
    expect(await sql('select 1 from session_drafts where id = $1', [draft.id])).toHaveLength(1);
    expect((await get(owner, session.id).expect(200)).body).toEqual(session);
    expect((await listOf(owner, patient.id).expect(200)).body).toEqual([summaryOf(session)]);
  });

  it('a patient gets 403 on every route, no token 401, malformed ids 404', async () => {
    const therapist = await therapistSession();
    const patient = await signedInPatient(therapist);
    const session = await createSession(therapist, patient.patientId);
    const calls = () => [
      api().get(`${SESSIONS}/paciente/${patient.patientId}`),
      api().get(`${SESSIONS}/${session.id}`),
      api().post(`${SESSIONS}/`).send(sessionPayload(patient.patientId)),
      api().put(`${SESSIONS}/${session.id}`).send({ notas: 'Paciente' }),
      api().patch(`${SESSIONS}/${session.id}`).send({ notas: 'Paciente' }),
      api().delete(`${SESSIONS}/${session.id}`),
    ];
    for (const req of calls())
      expect((await req.set(bearer(patient.token)).expect(403)).body).toEqual({
        detail: MSG.auth.forbidden,
        code: 'FORBIDDEN',
        request_id: REQUEST_ID,
      });
    for (const req of calls()) expect((await req.expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await get(therapist, session.id).expect(200)).body).toEqual(session);

    for (const req of [
      api().get(`${SESSIONS}/paciente/no-es-un-id`),
      api().get(`${SESSIONS}/no-es-un-id`),
      api().put(`${SESSIONS}/123`).send({ notas: 'x' }),
      api().patch(`${SESSIONS}/123`).send({ notas: 'x' }),
      api().delete(`${SESSIONS}/123`),
      api().get(`${SESSIONS}/${MISSING_ID}`),
    ]) {
      expect((await req.set(bearer(therapist.token)).expect(404)).body.code).toBe('NOT_FOUND');
    }
  });
});
