import {
  MSG,
  STORAGE_LIMITS,
  UPLOAD_PATHS,
  type PatientDashboard,
  type PatientOwnProfile,
  type PatientViewSession,
  type PatientViewSessionSummary,
} from '@consulta/shared';
import { API, api, bearer, createPatient, patientSession, sql, therapistSession, type Session } from './support/api';
import { ISO, MISSING_ID, createSession, createSessionType, customValues, signedInPatient } from './support/clinical';
import { assignExercise, assignModule, createExercise, createModule } from './support/exercises';
import { createAppointments } from './support/agenda';
import {
  bytesOf,
  downloadBytes,
  expectProblem,
  localTarget,
  post,
  presign,
  send,
  uploadFile,
  uploadVideo,
  waitUntilDeleted,
} from './support/storage';

/**
 * The patient area (docs/decisions/patient-area-and-exports.md "The patient area"): the dashboard, the
 * patient's own sessions and profile, who may call them, and what a patient's answers never contain.
 */
const DASHBOARD = `${API}/pacientes/paciente/dashboard`;
const PROFILE = `${API}/pacientes/perfil`;
const MY_SESSIONS = `${API}/sesiones/paciente/mis-sesiones`;
const mySession = (id: string) => `${API}/sesiones/paciente/sesion/${id}`;

const get = (path: string, who: Session) => api().get(path).set(bearer(who.token));
const patch = (who: Session, body: unknown) =>
  api()
    .patch(PROFILE)
    .set(bearer(who.token))
    .send(body as object);

/** An ISO date-time `days` from now (negative: ago). */
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A tiny PNG (the bytes are only stored and served back: no decoder reads them). */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytesOf(512)]);

const uploadPhoto = (who: Session, patientId: string, bytes = PNG, fileName = 'yo.png', contentType = 'image/png') =>
  uploadFile(localTarget(), who, {
    custom_path: UPLOAD_PATHS.profilePhoto(patientId),
    file_name: fileName,
    content_type: contentType,
    bytes,
  });

describe('the patient area', () => {
  let therapist: Session;
  beforeAll(async () => {
    therapist = await therapistSession('Dra. Área Paciente');
  });

  describe('dashboard', () => {
    it('answers the totals, the latest sessions, the exercises on the list, the last session and the next appointment', async () => {
      const patient = await signedInPatient(therapist);
      const dates = [40, 30, 20, 10, 5, 2].map((d) => daysFromNow(-d));
      const sessions = [];
      for (const [i, fecha] of dates.entries())
        sessions.push(await createSession(therapist, patient.patientId, { fecha, duracion_minutos: 50 + i }));
      const next = daysFromNow(3);
      await createAppointments(therapist, patient.patientId, next);
      // Four exercises: one individual, two through a module, one both ways (counted once).
      const [alone, inModule, both, other] = [
        await createExercise(therapist),
        await createExercise(therapist),
        await createExercise(therapist),
        await createExercise(therapist),
      ];
      const module = await createModule(therapist, 'Calma', [inModule, both, other]);
      await assignModule(therapist, patient.patientId, module.id).expect(201);
      await assignExercise(therapist, patient.patientId, alone.id).expect(201);
      await assignExercise(therapist, patient.patientId, both.id).expect(201);

      const res = await get(DASHBOARD, patient).expect(200);
      const recent = [...sessions].reverse().slice(0, 5);
      expect(res.body).toEqual({
        nombre: 'María José',
        total_sesiones: 6,
        total_tiempo_minutos: 50 + 51 + 52 + 53 + 54 + 55,
        ejercicios_asignados: 4,
        fecha_ingreso: '2026-11-01',
        sesiones_recientes: recent.map((s) => ({
          id: s.id,
          numero_sesion: s.numero_sesion,
          fecha: s.fecha,
          duracion_minutos: s.duracion_minutos,
        })),
        ultima_sesion: sessions[5].fecha,
        proxima_cita: new Date(next).toISOString(),
      } satisfies PatientDashboard);
      // The same count as the 'Ejercicios y Módulos' page.
      expect((await get(`${API}/paciente-ejercicios/mis-ejercicios`, patient).expect(200)).body.total).toBe(4);
    });

    it('a new patient: zeros, no sessions; an appointment that has passed is not "next"', async () => {
      const patient = await signedInPatient(therapist);
      await createAppointments(therapist, patient.patientId, daysFromNow(-1));
      expect((await get(DASHBOARD, patient).expect(200)).body).toEqual({
        nombre: 'María José',
        total_sesiones: 0,
        total_tiempo_minutos: 0,
        ejercicios_asignados: 0,
        fecha_ingreso: '2026-11-01',
        sesiones_recientes: [],
        ultima_sesion: null,
        proxima_cita: null,
      });
    });
  });

  describe('sessions', () => {
    it('lists the own sessions latest first, with the badges; the detail has only what the patient may read', async () => {
      const patient = await signedInPatient(therapist);
      const type = await createSessionType(therapist, { nombre: `Constelación ${Date.now()}` });
      const video = await uploadVideo(localTarget(), therapist, patient.patientId);
      const first = await createSession(therapist, patient.patientId, {
        fecha: daysFromNow(-20),
        duracion_minutos: 55,
        video_url: video,
        transcripcion: 'Hablante 1: Hola.\nHablante 2: Buenas tardes.',
        num_voces: 2,
        temas_importantes: 'Ansiedad en el trabajo',
        analisis_ia: 'Análisis para el terapeuta',
        analisis_ia_paciente: 'Hoy hablaste de tu trabajo.',
      });
      const second = await createSession(therapist, patient.patientId, {
        tipo_sesion: 'psicodelica',
        fecha: daysFromNow(-10),
        intencion: 'Reconciliarme con mi historia',
        tipo_medicina: 'Psilocibina',
        cantidad: 2.5,
        observaciones: 'Observación privada',
        notas: null,
      });
      const third = await createSession(therapist, patient.patientId, {
        tipo_sesion: null,
        tipo_sesion_id: type.id,
        fecha: daysFromNow(-1),
        num_voces: 32,
        campos_datos: customValues(),
        analisis_ia_paciente: 'Una versión que el terapeuta retiró',
      });
      await api()
        .patch(`${API}/sesiones/${third.id}`)
        .set(bearer(therapist.token))
        .send({ analisis_ia_paciente_publicado: false })
        .expect(200);

      const list = (await get(MY_SESSIONS, patient).expect(200)).body as PatientViewSessionSummary[];
      expect(list.map((s) => s.numero_sesion)).toEqual([3, 2, 1]);
      expect(list[2]).toEqual({
        id: first.id,
        numero_sesion: 1,
        fecha: first.fecha,
        duracion_minutos: 55,
        tipo_sesion: 'psicoterapia',
        tipo_sesion_nombre: null,
        personalizada: false,
        num_voces: 2,
        tiene_video: true,
        tiene_transcripcion: true,
        tiene_analisis_ia_paciente: true,
      } satisfies PatientViewSessionSummary);
      expect(list[0]).toMatchObject({
        tipo_sesion: type.nombre,
        tipo_sesion_nombre: type.nombre,
        personalizada: true,
        tiene_video: false,
        tiene_analisis_ia_paciente: false,
      });

      expect((await get(mySession(first.id), patient).expect(200)).body).toEqual({
        id: first.id,
        numero_sesion: 1,
        fecha: first.fecha,
        duracion_minutos: 55,
        tipo_sesion: 'psicoterapia',
        tipo_sesion_nombre: null,
        personalizada: false,
        num_voces: 2,
        tiene_video: true,
        temas_importantes: 'Ansiedad en el trabajo',
        intencion: null,
        tipo_medicina: null,
        cantidad: null,
        campos_datos: {},
        transcripcion: 'Hablante 1: Hola.\nHablante 2: Buenas tardes.',
        transcripcion_segmentos: null,
        analisis_ia_paciente: 'Hoy hablaste de tu trabajo.',
        created_at: expect.stringMatching(ISO),
      } satisfies PatientViewSession);
      expect((await get(mySession(second.id), patient).expect(200)).body).toMatchObject({
        tipo_sesion: 'psicodelica',
        intencion: 'Reconciliarme con mi historia',
        tipo_medicina: 'Psilocibina',
        cantidad: 2.5,
        analisis_ia_paciente: null,
      });
      const custom = (await get(mySession(third.id), patient).expect(200)).body as PatientViewSession;
      expect(custom).toMatchObject({ personalizada: true, num_voces: 32, campos_datos: customValues(), analisis_ia_paciente: null });
      // The video is theirs to download.
      const download = (await get(`${API}/sesiones/paciente/sesion/${first.id}/download-video`, patient).expect(200)).body;
      expect(download).toEqual({ download_url: expect.any(String), filename: 'Sesión grabada.mp4' });
      expect((await downloadBytes(localTarget(), download.download_url)).body.length).toBe(4096);
    });

    it("another patient's session, a missing one or a malformed id is 404 on each call", async () => {
      const patient = await signedInPatient(therapist);
      const sibling = await createPatient(therapist);
      const stranger = await signedInPatient(await therapistSession('Dr. Ajeno'));
      const theirs = await createSession(therapist, sibling.id, { video_url: await uploadVideo(localTarget(), therapist, sibling.id) });
      await createSession(therapist, patient.patientId);
      for (const id of [theirs.id, MISSING_ID, 'no-es-un-id', "1' or '1'='1"]) {
        expectProblem(await get(mySession(encodeURIComponent(id)), patient), 404, MSG.sessions.notFound, 'NOT_FOUND');
      }
      expectProblem(
        await get(`${API}/sesiones/paciente/sesion/${theirs.id}/download-video`, patient),
        404,
        MSG.sessions.notFound,
        'NOT_FOUND',
      );
      expectProblem(await get(mySession(theirs.id), stranger), 404, MSG.sessions.notFound);
      expect((await get(MY_SESSIONS, stranger).expect(200)).body).toEqual([]);
    });
  });

  describe('who may call', () => {
    it('a therapist gets 403 on the patient routes, a patient 403 on the therapist routes, nobody without a token', async () => {
      const patient = await signedInPatient(therapist);
      const session = await createSession(therapist, patient.patientId);
      const patientRoutes = () => [
        api().get(DASHBOARD),
        api().get(PROFILE),
        api().put(PROFILE).send({ direccion: 'Calle Falsa 123' }),
        api().patch(PROFILE).send({ direccion: 'Calle Falsa 123' }),
        api().get(MY_SESSIONS),
        api().get(mySession(session.id)),
      ];
      for (const req of patientRoutes()) expectProblem(await req.set(bearer(therapist.token)), 403, MSG.auth.forbidden, 'FORBIDDEN');
      for (const req of patientRoutes()) expectProblem(await req, 401, undefined, 'UNAUTHENTICATED');
      const therapistRoutes = [
        api().get(`${API}/pacientes/`),
        api().get(`${API}/pacientes/${patient.patientId}`),
        api().get(`${API}/pacientes/unified/${patient.patientId}`),
        api().patch(`${API}/pacientes/${patient.patientId}`).send({ notas_terapeuticas: 'x' }),
        api().get(`${API}/sesiones/paciente/${patient.patientId}`),
        api().get(`${API}/sesiones/${session.id}`),
        api().patch(`${API}/sesiones/${session.id}`).send({ notas: 'x' }),
        api().get(`${API}/sesiones/${session.id}/download-video`),
        api().get(`${API}/sesiones-asincronas/drafts/paciente/${patient.patientId}`),
      ];
      for (const req of therapistRoutes) expectProblem(await req.set(bearer(patient.token)), 403, MSG.auth.forbidden, 'FORBIDDEN');
      // A patient who has not replaced the temporary password reaches nothing here yet.
      const fresh = await patientSession(therapist);
      expectProblem(await get(DASHBOARD, fresh), 403, undefined, 'FORBIDDEN');
      expectProblem(await get(MY_SESSIONS, fresh), 403, undefined, 'FORBIDDEN');
    });
  });

  describe('profile', () => {
    it('answers the own record and the therapy card, without the therapist-only fields', async () => {
      const patient = await signedInPatient(therapist);
      await createSession(therapist, patient.patientId, { fecha: daysFromNow(-7) });
      const last = await createSession(therapist, patient.patientId, { fecha: daysFromNow(-2) });
      const next = daysFromNow(5);
      await createAppointments(therapist, patient.patientId, next);
      await api()
        .patch(`${API}/pacientes/${patient.patientId}`)
        .set(bearer(therapist.token))
        .send({ estado_terapia: 'inactivo' })
        .expect(200);
      expect((await get(PROFILE, patient).expect(200)).body).toEqual({
        id: patient.patientId,
        nombre: 'María José',
        apellido: "O'Neil-García",
        email: patient.email,
        telefono: '+573001234567',
        direccion: null,
        fecha_nacimiento: '1990-05-12',
        genero: null,
        foto_perfil: null,
        avatar_url: null,
        fecha_ingreso: '2026-11-01',
        estado: 'inactivo',
        notas: null,
        terapeuta_asignado: 'Dra. Área Paciente',
        proxima_sesion: new Date(next).toISOString(),
        sesiones_completadas: 2,
        ultima_sesion: last.fecha,
      } satisfies PatientOwnProfile);
    });

    it('PUT and PATCH change only the fields the patient keeps, and only those sent', async () => {
      const patient = await signedInPatient(therapist);
      const put = await api()
        .put(PROFILE)
        .set(bearer(patient.token))
        .send({ telefono: '+34 612 345 678', direccion: '  Calle Mayor 1, Madrid  ' })
        .expect(200);
      expect(put.body).toMatchObject({ telefono: '+34612345678', direccion: 'Calle Mayor 1, Madrid', fecha_nacimiento: '1990-05-12' });
      const patched = await patch(patient, { fecha_nacimiento: '1988-02-29' }).expect(200);
      expect(patched.body).toMatchObject({ telefono: '+34612345678', direccion: 'Calle Mayor 1, Madrid', fecha_nacimiento: '1988-02-29' });
      // The therapist sees the same number (full and local digits, as at registration).
      const record = (await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(200)).body;
      expect(record).toMatchObject({ telefono_paciente: '+34612345678', telefono: '612345678', fecha_nacimiento: '1988-02-29' });
      expect((await patch(patient, { direccion: '', fecha_nacimiento: null }).expect(200)).body).toMatchObject({
        direccion: null,
        fecha_nacimiento: null,
      });
    });

    it('refuses every other field (400) and applies nothing of that request', async () => {
      const patient = await signedInPatient(therapist);
      const other = await therapistSession('Dr. Intruso');
      const before = await sql(`select p.*, u.email, u.name, u.role from patients p join users u on u.id = p.user_id where p.id = $1`, [
        patient.patientId,
      ]);
      const attempts: Record<string, unknown>[] = [
        { email: 'otra@example.com' },
        { estado: 'alta' },
        { estado_terapia: 'alta' },
        { terapeuta_id: other.id },
        { notas_terapeuticas: 'mías' },
        { notas_paciente: 'mías' },
        { plan_tratamiento: 'mío' },
        { nombre: 'Otro' },
        { apellido: 'Nombre' },
        { fecha_ingreso: '2020-01-01' },
        { total_sesiones: 99 },
        { role: 'terapeuta' },
        { id: MISSING_ID },
        { avatar_url: 'https://example.com/a.png' },
        { telefono_paciente: '+34699999999' },
      ];
      for (const attempt of attempts) {
        const field = Object.keys(attempt)[0];
        for (const method of ['put', 'patch'] as const) {
          const res = await api()
            [method](PROFILE)
            .set(bearer(patient.token))
            .send({ direccion: 'Calle Nueva 2', ...attempt });
          expectProblem(res, 400, `El campo ${field} no está permitido`, 'VALIDATION');
        }
      }
      const after = await sql(`select p.*, u.email, u.name, u.role from patients p join users u on u.id = p.user_id where p.id = $1`, [
        patient.patientId,
      ]);
      expect(after).toEqual(before);
      // A prototype key is no way round the allow-list either: it is an unknown field like any other.
      const proto = '{"__proto__":{"email":"x@y.z","estado_terapia":"alta","notas_terapeuticas":"x"},"direccion":"Calle"}';
      const res = await api().patch(PROFILE).set(bearer(patient.token)).set('content-type', 'application/json').send(proto);
      expectProblem(res, 400, 'El campo __proto__ no está permitido', 'VALIDATION');
      const [row] = await sql(
        `select u.email, p.estado_terapia, p.notas_terapeuticas, p.direccion from patients p join users u on u.id = p.user_id where p.id = $1`,
        [patient.patientId],
      );
      expect(row).toEqual({ email: patient.email, estado_terapia: 'activo', notas_terapeuticas: null, direccion: before[0].direccion });
    });

    it('checks each field with a clear Spanish message (never a 500)', async () => {
      const patient = await signedInPatient(therapist);
      const cases: [unknown, string][] = [
        [{}, MSG.patientRecord.nothingToUpdate],
        [{ telefono: null }, MSG.required.telefono],
        [{ telefono: '' }, MSG.required.telefono],
        [{ telefono: '612345678' }, MSG.phone.dialCode],
        [{ telefono: '+34 12' }, MSG.phone.tooShort],
        [{ telefono: 612345678 }, MSG.phone.invalid],
        [{ direccion: 'x'.repeat(301) }, 'El campo direccion es demasiado largo (máximo 300 caracteres)'],
        [{ direccion: 42 }, 'El campo direccion debe ser un texto'],
        [{ fecha_nacimiento: '2999-01-01' }, MSG.patients.birthDate],
        [{ fecha_nacimiento: '12/05/1990' }, MSG.patients.birthDate],
        [{ fecha_nacimiento: '1990-02-30' }, MSG.patients.birthDate],
        ...[
          'javascript:alert(1)',
          'JAVASCRIPT:alert(1)',
          'data:image/png;base64,iVBORw0KGgo=',
          'data:text/html,<script>alert(1)</script>',
          'http://example.com/yo.png',
          'https://usuario:clave@example.com/yo.png',
          ' https://example.com/yo.png',
          'https://',
          '//example.com/yo.png',
          'file:///etc/passwd',
          `https://example.com/${'a'.repeat(2100)}.png`,
          'files/../../etc/passwd',
          12,
        ].map((foto): [unknown, string] => [{ foto_perfil: foto }, MSG.patientArea.photoReference]),
      ];
      for (const [body, detail] of cases) expectProblem(await patch(patient, body), 400, detail, 'VALIDATION');
      expectProblem(
        await api()
          .patch(PROFILE)
          .set(bearer(patient.token))
          .send([{ direccion: 'x' }]),
        400,
      );
      expectProblem(
        await api().patch(PROFILE).set(bearer(patient.token)).set('content-type', 'application/json').send('{"direccion":'),
        400,
      );
    });
  });

  describe('profile photo', () => {
    it('is uploaded through storage, shown as the avatar, readable by the patient and their therapist only', async () => {
      const patient = await signedInPatient(therapist);
      const key = await uploadPhoto(patient, patient.patientId);
      expect(key.startsWith(`files/${therapist.id}/${UPLOAD_PATHS.profilePhoto(patient.patientId)}/`)).toBe(true);
      const profile = (await patch(patient, { foto_perfil: key }).expect(200)).body as PatientOwnProfile;
      expect(profile.foto_perfil).toBe(key);
      const shown = await send(localTarget(), profile.avatar_url!);
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/png');
      expect(shown.body.equals(PNG)).toBe(true);
      const me = (await get(`${API}/auth/me`, patient).expect(200)).body;
      expect(me).toMatchObject({ foto_perfil: key, avatar_url: expect.stringContaining('/api/v1/storage/object?') });
      // The patient and their therapist may read it; another patient may not, and may not take it as theirs.
      await post(localTarget(), patient, 'download-url', { file_key: key }).expect(200);
      await post(localTarget(), therapist, 'download-url', { file_key: key }).expect(200);
      const sibling = await signedInPatient(therapist);
      expectProblem(await post(localTarget(), sibling, 'download-url', { file_key: key }), 404, MSG.storage.notFound);
      expectProblem(await patch(sibling, { foto_perfil: key }), 404, MSG.storage.notFound, 'NOT_FOUND');
      // While the profile shows it, it is in use.
      expectProblem(
        await api().delete(`${API}/aws-s3/delete-file`).set(bearer(therapist.token)).send({ file_key: key }),
        409,
        MSG.storage.inUse,
        'FILE_IN_USE',
      );

      // A new photo replaces it, and the old file goes; an https: picture is shown as it is.
      const second = await uploadPhoto(patient, patient.patientId, Buffer.concat([PNG, PNG]), 'nueva.jpg', 'image/jpeg');
      await patch(patient, { foto_perfil: second }).expect(200);
      await waitUntilDeleted(localTarget(), key);
      const url = 'https://images.example.com/yo.png?size=200';
      expect((await patch(patient, { foto_perfil: url }).expect(200)).body).toMatchObject({ foto_perfil: url, avatar_url: url });
      await waitUntilDeleted(localTarget(), second);
      expect((await patch(patient, { foto_perfil: null }).expect(200)).body).toMatchObject({ foto_perfil: null, avatar_url: null });
    });

    it('only images of 5 MB at most, only the own photo path, and only finished uploads of a photo', async () => {
      const patient = await signedInPatient(therapist);
      const path = UPLOAD_PATHS.profilePhoto(patient.patientId);
      const ask = (body: Record<string, unknown>) =>
        post(localTarget(), patient, 'presigned-upload-url', {
          custom_path: path,
          file_name: 'yo.png',
          content_type: 'image/png',
          file_size: 100,
          ...body,
        });
      expectProblem(await ask({ file_name: 'yo.svg', content_type: 'image/svg+xml' }), 400, MSG.storage.photoType, 'VALIDATION');
      expectProblem(await ask({ file_name: 'yo.html', content_type: 'text/html' }), 400, MSG.storage.photoType);
      expectProblem(await ask({ file_size: STORAGE_LIMITS.photoMaxBytes + 1 }), 413, MSG.storage.photoTooLarge, 'TOO_LARGE');
      await ask({ file_size: STORAGE_LIMITS.photoMaxBytes }).expect(200);
      const proxied = await api()
        .post(`${API}/aws-s3/proxy-upload`)
        .set(bearer(patient.token))
        .field('custom_path', path)
        .attach('file', Buffer.alloc(STORAGE_LIMITS.photoMaxBytes + 1), { filename: 'grande.png', contentType: 'image/png' });
      expectProblem(proxied, 413, MSG.storage.photoTooLarge);
      const sibling = await createPatient(therapist);
      expectProblem(await ask({ custom_path: UPLOAD_PATHS.profilePhoto(sibling.id) }), 404, MSG.patients.notFound);
      expectProblem(await ask({ custom_path: `${path}/otra` }), 400, MSG.storage.customPath);
      expectProblem(await ask({ custom_path: `pacientes/${patient.patientId}` }), 400, MSG.storage.customPath);
      // An upload not yet sent, a key nothing was uploaded to, the therapist's session video and an exercise file
      // (keys a patient may know) are not the patient's photo.
      const neverSent = (
        await presign(localTarget(), patient, { custom_path: path, file_name: 'yo.png', content_type: 'image/png', file_size: 10 })
      ).file_key;
      expectProblem(await patch(patient, { foto_perfil: neverSent }), 409, MSG.storage.uploadUnfinished);
      expectProblem(
        await patch(patient, { foto_perfil: `files/${therapist.id}/${path}/0000000000000000-yo.png` }),
        404,
        MSG.storage.notFound,
      );
      const video = await uploadVideo(localTarget(), therapist, patient.patientId);
      expectProblem(await patch(patient, { foto_perfil: video }), 400, MSG.storage.notPhoto, 'VALIDATION');
      const exercise = await uploadFile(localTarget(), therapist, {
        custom_path: 'ejercicios',
        file_name: 'a.png',
        content_type: 'image/png',
        bytes: PNG,
      });
      expectProblem(await patch(patient, { foto_perfil: exercise }), 400, MSG.storage.notPhoto);
      // A therapist may upload a patient's photo into their own space, not into another therapist's patients'.
      await uploadPhoto(therapist, patient.patientId);
      const stranger = await therapistSession('Dra. Extraña');
      expectProblem(
        await post(localTarget(), stranger, 'presigned-upload-url', {
          custom_path: path,
          file_name: 'a.png',
          content_type: 'image/png',
          file_size: 10,
        }),
        404,
      );
    });

    it('goes with the patient when their therapist deletes them', async () => {
      const patient = await signedInPatient(therapist);
      const key = await uploadPhoto(patient, patient.patientId);
      await patch(patient, { foto_perfil: key }).expect(200);
      await api().delete(`${API}/pacientes/${patient.patientId}`).set(bearer(therapist.token)).expect(200);
      await waitUntilDeleted(localTarget(), key);
    });
  });
});
