import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { UPLOAD_PATHS, type PatientExport } from '@consulta/shared';
import { readZip } from './support/archive';
import { API, api, bearer, createPatient, therapistSession, type Session } from './support/api';
import { appointmentIn } from './support/agenda';
import { DRAFTS, createSession, signedInPatient } from './support/clinical';
import { assignExercise, assignModule, createExercise, createModule } from './support/exercises';
import {
  absolute,
  bytesOf,
  downloadBytes,
  filesPath,
  localTarget,
  uploadFile,
  uploadVideo,
  videoBytesOf,
  waitFor,
} from './support/storage';

/**
 * The privacy boundary (docs/architecture.md "The privacy boundary"; docs/decisions/patient-area-and-exports.md "The patient area"): canary strings are written into every
 * therapist-only field of a patient's record and sessions (notes, observations, the therapist's analysis, an
 * unpublished patient analysis, therapeutic notes, treatment plan, a draft) and into everything of another
 * patient; then the patient calls every route the API lets a patient call (read from the OpenAPI document, so a
 * route added later without a call here fails this test) and no answer may contain any canary; nor may any entry
 * of the patient's own data export (its names or its bytes).
 */
/** Letters only: a canary also goes into another patient's surname. */
const tag = [...randomBytes(8)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
const canary = (field: string) => `CANARIO-${field}-${tag}`;

type Call = {
  method: 'get' | 'post' | 'put' | 'patch';
  path: string;
  body?: object;
  form?: { customPath: string; bytes: Buffer; name: string; type: string };
};

describe('what a patient receives never holds a therapist-only field nor anything of another patient', () => {
  let therapist: Session;
  let patient: Session & { patientId: string };
  const canaries: string[] = [];
  const put = (field: string) => {
    const value = canary(field);
    canaries.push(value);
    return value;
  };

  beforeAll(async () => {
    therapist = await therapistSession('Dra. Privacidad');
    patient = await signedInPatient(therapist);
    // The patient's own record, with its therapist-only fields.
    await api()
      .patch(`${API}/pacientes/${patient.patientId}`)
      .set(bearer(therapist.token))
      .send({
        notas_terapeuticas: put('NOTAS-TERAPEUTICAS'),
        plan_tratamiento: put('PLAN-TRATAMIENTO'),
        objetivos_terapia: put('OBJETIVOS'),
      })
      .expect(200);
  }, 60_000);

  it('across every patient route', async () => {
    const own = patient.patientId;
    // Own sessions: each therapist-only field holds a canary; one has a published patient analysis, one an
    // unpublished one, one a published version later withdrawn.
    const video = await uploadVideo(localTarget(), therapist, own);
    const published = await createSession(therapist, own, {
      video_url: video,
      notas: put('NOTAS'),
      analisis_ia: put('ANALISIS-IA'),
      analisis_ia_paciente: 'Resumen publicado para el paciente',
      transcripcion: 'Hablante 1: hola',
      temas_importantes: 'Tema del paciente',
    });
    const psychedelic = await createSession(therapist, own, {
      tipo_sesion: 'psicodelica',
      intencion: 'Intención del paciente',
      tipo_medicina: 'Psilocibina',
      notas: put('NOTAS-PSICODELICA'),
      observaciones: put('OBSERVACIONES'),
      analisis_ia: put('ANALISIS-IA-2'),
    });
    const unpublished = await createSession(therapist, own, { notas: put('NOTAS-3') });
    await api()
      .patch(`${API}/sesiones/${unpublished.id}`)
      .set(bearer(therapist.token))
      .send({ analisis_ia_paciente: put('ANALISIS-PACIENTE-SIN-PUBLICAR'), analisis_ia: put('ANALISIS-IA-3') })
      .expect(200);
    const withdrawn = await createSession(therapist, own, {
      notas: put('NOTAS-4'),
      analisis_ia_paciente: put('ANALISIS-PACIENTE-RETIRADO'),
    });
    await api()
      .patch(`${API}/sesiones/${withdrawn.id}`)
      .set(bearer(therapist.token))
      .send({ analisis_ia_paciente_publicado: false })
      .expect(200);
    const draft = await api()
      .post(DRAFTS)
      .set(bearer(therapist.token))
      .send({
        paciente_id: own,
        tipo_sesion: 'psicoterapia',
        titulo: put('BORRADOR-TITULO'),
        descripcion: put('BORRADOR-DESCRIPCION'),
        notas: put('BORRADOR-NOTAS'),
        temas_importantes: put('BORRADOR-TEMAS'),
      })
      .expect(201);
    expect(draft.body.notas).toContain('CANARIO');
    // The therapist's notes on the patient's consents stay the therapist's.
    const consents = `${API}/pacientes/consentimientos/${own}`;
    await api()
      .post(`${consents}/grabacion/revocar`)
      .set(bearer(therapist.token))
      .send({ forma: 'verbal', nota: put('CONSENTIMIENTO-NOTA-REVOCACION') })
      .expect(200);
    await api()
      .post(consents)
      .set(bearer(therapist.token))
      .send({ tipo: 'grabacion', forma: 'escrito', nota: put('CONSENTIMIENTO-NOTA') })
      .expect(201);

    // Another patient of the same therapist: everything of theirs is a canary, names included.
    const other = await createPatient(therapist, { nombre: 'Canario', apellido: `Ajeno${tag}` });
    canaries.push(`Ajeno${tag}`);
    await api()
      .patch(`${API}/pacientes/${other.id}`)
      .set(bearer(therapist.token))
      .send({ notas_terapeuticas: put('OTRO-NOTAS-TERAPEUTICAS'), plan_tratamiento: put('OTRO-PLAN') })
      .expect(200);
    const otherVideo = await uploadVideo(localTarget(), therapist, other.id, videoBytesOf(2048), `${put('OTRO-VIDEO')}.mp4`);
    const otherSession = await createSession(therapist, other.id, {
      video_url: otherVideo,
      notas: put('OTRO-NOTAS'),
      temas_importantes: put('OTRO-TEMAS'),
      transcripcion: put('OTRO-TRANSCRIPCION'),
      analisis_ia: put('OTRO-ANALISIS-IA'),
      analisis_ia_paciente: put('OTRO-ANALISIS-PACIENTE'),
    });

    // Appointments: the patient's own carry the therapist's notes; the other patient's is theirs alone.
    const ownCita = await appointmentIn(therapist, own, 24 * 5, { notas: put('NOTAS-CITA') });
    const cancellable = await appointmentIn(therapist, own, 24 * 6, { notas: put('NOTAS-CITA-2') });
    const otherCita = await appointmentIn(therapist, other.id, 24 * 7, {
      notas: put('OTRO-NOTAS-CITA'),
      lugar_o_enlace: put('OTRO-LUGAR'),
    });

    // Questionnaires: one due for this patient, one of the other patient's (answered by them below).
    const assignQuestionnaire = async (pacienteId: string, codigo: string) =>
      (
        await api()
          .post(`${API}/cuestionarios/asignaciones`)
          .set(bearer(therapist.token))
          .send({ paciente_id: pacienteId, codigo, frecuencia_dias: 7 })
          .expect(201)
      ).body.id as string;
    const ownQuestionnaire = await assignQuestionnaire(own, 'phq9');
    const otherQuestionnaire = await assignQuestionnaire(other.id, 'gad7');

    // Exercises: one shared (the other patient's completion notes are theirs), one module.
    const exercise = await createExercise(therapist, { titulo: 'Respiración compartida' });
    const theirs = await createExercise(therapist, { titulo: put('OTRO-EJERCICIO') });
    const module = await createModule(therapist, 'Módulo del paciente', [exercise]);
    await assignModule(therapist, own, module.id).expect(201);
    await assignExercise(therapist, other.id, exercise.id).expect(201);
    await assignExercise(therapist, other.id, theirs.id).expect(201);
    const otherPatient = await api()
      .post(`${API}/auth/login/patient`)
      .send({ email: other.email, contrasenia: other.temporary_password })
      .expect(200);
    const changed = await api()
      .post(`${API}/auth/change-password`)
      .set(bearer(otherPatient.body.access_token))
      .send({ new_password: 'Canario#Ajeno2026' })
      .expect(200);
    const otherToken = changed.body.access_token as string;

    // Control: the canaries were written, and the therapist reads them.
    const therapistView = (await api().get(`${API}/sesiones/${unpublished.id}`).set(bearer(therapist.token)).expect(200)).text;
    expect(therapistView).toContain(canary('ANALISIS-PACIENTE-SIN-PUBLICAR'));
    expect((await api().get(`${API}/pacientes/${own}`).set(bearer(therapist.token)).expect(200)).text).toContain(
      canary('PLAN-TRATAMIENTO'),
    );

    const photo = await uploadFile(localTarget(), patient, {
      custom_path: UPLOAD_PATHS.profilePhoto(own),
      file_name: 'yo.png',
      content_type: 'image/png',
      bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytesOf(64)]),
    });
    const sessionIds = [published.id, psychedelic.id, unpublished.id, withdrawn.id, otherSession.id];
    // The therapist's export of this patient holds every canary of theirs; the patient may not download it.
    const therapistExport = (await api().post(`${API}/pacientes/exportaciones/${own}`).set(bearer(therapist.token)).expect(202)).body
      .id as string;
    const calls: Record<string, Call[]> = {
      'GET /api/v1/auth/me': [{ method: 'get', path: '/auth/me' }],
      'POST /api/v1/auth/change-password': [{ method: 'post', path: '/auth/change-password', body: { new_password: 'x' } }],
      'GET /api/v1/pacientes/paciente/dashboard': [{ method: 'get', path: '/pacientes/paciente/dashboard' }],
      'GET /api/v1/pacientes/perfil': [{ method: 'get', path: '/pacientes/perfil' }],
      'PUT /api/v1/pacientes/perfil': [{ method: 'put', path: '/pacientes/perfil', body: { direccion: 'Calle Mayor 1' } }],
      'PATCH /api/v1/pacientes/perfil': [
        { method: 'patch', path: '/pacientes/perfil', body: { foto_perfil: photo } },
        { method: 'patch', path: '/pacientes/perfil', body: { notas_terapeuticas: 'x' } },
        { method: 'patch', path: '/pacientes/perfil', body: { genero: 'Mujer', notas: 'Mis propias notas' } },
      ],
      'GET /api/v1/sesiones/paciente/mis-sesiones': [{ method: 'get', path: '/sesiones/paciente/mis-sesiones' }],
      'GET /api/v1/sesiones/paciente/sesion/{id}': sessionIds.map((id) => ({ method: 'get', path: `/sesiones/paciente/sesion/${id}` })),
      'GET /api/v1/sesiones/paciente/sesion/{id}/download-video': sessionIds.map((id) => ({
        method: 'get',
        path: `/sesiones/paciente/sesion/${id}/download-video`,
      })),
      'GET /api/v1/paciente-ejercicios/mis-ejercicios': [{ method: 'get', path: '/paciente-ejercicios/mis-ejercicios' }],
      'GET /api/v1/paciente-ejercicios/mis-ejercicios/progreso': [{ method: 'get', path: '/paciente-ejercicios/mis-ejercicios/progreso' }],
      'POST /api/v1/paciente-ejercicios/mis-ejercicios/visto': [{ method: 'post', path: '/paciente-ejercicios/mis-ejercicios/visto' }],
      'GET /api/v1/paciente-ejercicios/modulos/{moduleId}/ejercicios': [
        { method: 'get', path: `/paciente-ejercicios/modulos/${module.id}/ejercicios` },
      ],
      'POST /api/v1/paciente-ejercicios/pacientes/{id}/ejercicios/{exerciseId}/completar': [
        {
          method: 'post',
          path: `/paciente-ejercicios/pacientes/${own}/ejercicios/${exercise.id}/completar`,
          body: { completado: true, notas_paciente: 'Me sirvió' },
        },
        {
          method: 'post',
          path: `/paciente-ejercicios/pacientes/${other.id}/ejercicios/${theirs.id}/completar`,
          body: { completado: true },
        },
      ],
      'POST /api/v1/paciente-ejercicios/pacientes/{id}/ejercicios/{exerciseId}/desmarcar': [
        { method: 'post', path: `/paciente-ejercicios/pacientes/${own}/ejercicios/${exercise.id}/desmarcar` },
      ],
      'GET /api/v1/paciente-ejercicios/pacientes/{id}/ejercicios/unified': [own, other.id].map((id) => ({
        method: 'get',
        path: `/paciente-ejercicios/pacientes/${id}/ejercicios/unified`,
      })),
      'GET /api/v1/paciente-ejercicios/pacientes/{id}/ejercicios/progreso': [own, other.id].map((id) => ({
        method: 'get',
        path: `/paciente-ejercicios/pacientes/${id}/ejercicios/progreso`,
      })),
      'GET /api/v1/paciente-ejercicios/pacientes/{id}/modulos/progreso': [own, other.id].map((id) => ({
        method: 'get',
        path: `/paciente-ejercicios/pacientes/${id}/modulos/progreso`,
      })),
      'GET /api/v1/modulos/paciente/mis-modulos': [{ method: 'get', path: '/modulos/paciente/mis-modulos' }],
      'POST /api/v1/aws-s3/presigned-upload-url': [
        {
          method: 'post',
          path: '/aws-s3/presigned-upload-url',
          body: { custom_path: UPLOAD_PATHS.profilePhoto(own), file_name: 'yo.png', content_type: 'image/png', file_size: 10 },
        },
      ],
      'POST /api/v1/aws-s3/proxy-upload': [
        {
          method: 'post',
          path: '/aws-s3/proxy-upload',
          form: { customPath: UPLOAD_PATHS.profilePhoto(own), bytes: bytesOf(32), name: 'yo.png', type: 'image/png' },
        },
      ],
      'POST /api/v1/aws-s3/download-url': [video, otherVideo, photo].map((key) => ({
        method: 'post',
        path: '/aws-s3/download-url',
        body: { file_key: key },
      })),
      'GET /api/v1/aws-s3/files/{key}': [video, otherVideo].map((key) => ({ method: 'get', path: `/aws-s3/files/${filesPath(key)}` })),
      // What reaches the AI provider on the patient's behalf is checked through a recording peer in ai-chat.test.ts.
      'GET /api/v1/ai-agent/patient-context': [{ method: 'get', path: '/ai-agent/patient-context' }],
      'POST /api/v1/ai-agent/patient-chat': [
        { method: 'post', path: '/ai-agent/patient-chat', body: { message: '¿Qué vimos en la última sesión?' } },
      ],
      'GET /api/v1/pacientes/perfil/consentimientos': [{ method: 'get', path: '/pacientes/perfil/consentimientos' }],
      'POST /api/v1/pacientes/perfil/consentimientos/{tipo}/revocar': [
        { method: 'post', path: '/pacientes/perfil/consentimientos/whatsapp/revocar' },
      ],
      // The archive itself is read below, entry by entry.
      'GET /api/v1/pacientes/perfil/citas': [{ method: 'get', path: '/pacientes/perfil/citas' }],
      'POST /api/v1/pacientes/perfil/citas/{id}/confirmar': [
        { method: 'post', path: `/pacientes/perfil/citas/${ownCita.id}/confirmar` },
        { method: 'post', path: `/pacientes/perfil/citas/${otherCita.id}/confirmar` },
      ],
      'POST /api/v1/pacientes/perfil/citas/{id}/cancelar': [
        { method: 'post', path: `/pacientes/perfil/citas/${otherCita.id}/cancelar`, body: { motivo: 'No puedo' } },
        { method: 'post', path: `/pacientes/perfil/citas/${cancellable.id}/cancelar`, body: { motivo: 'No puedo' } },
      ],
      'GET /api/v1/cuestionarios': [{ method: 'get', path: '/cuestionarios' }],
      'GET /api/v1/pacientes/perfil/cuestionarios': [{ method: 'get', path: '/pacientes/perfil/cuestionarios' }],
      'POST /api/v1/pacientes/perfil/cuestionarios/{asignacionId}/respuestas': [
        {
          method: 'post',
          path: `/pacientes/perfil/cuestionarios/${otherQuestionnaire}/respuestas`,
          body: { respuestas: [0, 0, 0, 0, 0, 0, 0] },
        },
        {
          method: 'post',
          path: `/pacientes/perfil/cuestionarios/${ownQuestionnaire}/respuestas`,
          body: { respuestas: [1, 1, 0, 0, 0, 0, 0, 0, 0] },
        },
      ],
      'POST /api/v1/pacientes/perfil/exportaciones': [{ method: 'post', path: '/pacientes/perfil/exportaciones' }],
      'GET /api/v1/pacientes/perfil/exportaciones': [{ method: 'get', path: '/pacientes/perfil/exportaciones' }],
      'GET /api/v1/exportaciones/{id}/descarga': [{ method: 'get', path: `/exportaciones/${therapistExport}/descarga` }],
    };
    // The other patient completes the shared exercise with notes of their own.
    await api()
      .post(`${API}/paciente-ejercicios/pacientes/${other.id}/ejercicios/${exercise.id}/completar`)
      .set(bearer(otherToken))
      .send({ completado: true, notas_paciente: put('OTRO-NOTAS-PACIENTE') })
      .expect(200);
    // The other patient's own gender and notes ('Mi Perfil') are theirs alone.
    await api()
      .patch(`${API}/pacientes/perfil`)
      .set(bearer(otherToken))
      .send({ genero: put('OTRO-GENERO'), notas: put('OTRO-NOTAS-PROPIAS') })
      .expect(200);

    // The other patient answers their own questionnaire: their score is theirs alone.
    await api()
      .post(`${API}/pacientes/perfil/cuestionarios/${otherQuestionnaire}/respuestas`)
      .set(bearer(otherToken))
      .send({ respuestas: [3, 3, 3, 3, 3, 3, 2] })
      .expect(201);

    // Every route a patient may call is called here.
    const openapi = (await api().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-roles'?: string[] }>>;
    };
    const patientRoutes = Object.entries(openapi.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op['x-roles']?.includes('paciente'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(Object.keys(calls).sort()).toEqual(patientRoutes.sort());

    let answered = 0;
    for (const [route, list] of Object.entries(calls)) {
      for (const call of list) {
        const res = await send(call, patient.token);
        const leaked = canaries.filter((c) => res.text.includes(c));
        if (leaked.length > 0) throw new Error(`${route} (${call.path}) answered ${res.status} with ${leaked.join(', ')}`);
        if (res.status < 300) answered++;
      }
    }
    // Most calls answered with data (the rest are refusals, which must not leak either).
    expect(answered).toBeGreaterThanOrEqual(20);
    // The patient's own export: no entry, and no entry's name, holds a canary; their archive does hold what they may read.
    const archive = await ownExport(patient.token);
    for (const [name, bytes] of archive) {
      const leaked = canaries.filter((c) => name.includes(c) || bytes.toString('utf8').includes(c));
      if (leaked.length > 0) throw new Error(`The patient's export holds ${leaked.join(', ')} in ${name}`);
    }
    expect([...archive.values()].some((bytes) => bytes.toString('utf8').includes('Resumen publicado para el paciente'))).toBe(true);
    expect([...archive.keys()].filter((name) => name.startsWith('archivos/')).length).toBeGreaterThanOrEqual(2);
    // Not the other patient's score (20), and only their own answer was taken.
    const mine = (await send({ method: 'get', path: '/pacientes/perfil/cuestionarios' }, patient.token)).body;
    expect(mine.resultados.map((r: { puntuacion: number }) => r.puntuacion)).toEqual([2]);
    // What the patient may read does come through.
    const detail = (await send({ method: 'get', path: `/sesiones/paciente/sesion/${published.id}` }, patient.token)).body;
    expect(detail).toMatchObject({
      analisis_ia_paciente: 'Resumen publicado para el paciente',
      temas_importantes: 'Tema del paciente',
      transcripcion: 'Hablante 1: hola',
    });
  }, 120_000);
});

/** The patient's latest export once ready, read entry by entry. */
async function ownExport(token: string): Promise<Map<string, Buffer>> {
  let ready: PatientExport | undefined;
  await waitFor(
    "the patient's export ready",
    async () => {
      const list = (await api().get(`${API}/pacientes/perfil/exportaciones`).set(bearer(token)).expect(200)).body as PatientExport[];
      if (list[0]?.estado === 'error') throw new Error(`The export failed: ${list[0].mensaje_error}`);
      ready = list[0]?.estado === 'listo' ? list[0] : undefined;
      return ready !== undefined;
    },
    30_000,
  );
  const link = await api().get(`${API}/exportaciones/${ready!.id}/descarga`).set(bearer(token)).expect(200);
  return readZip((await downloadBytes(localTarget(), absolute(localTarget(), link.body.download_url as string))).body);
}

function send(call: Call, token: string): Promise<Response> {
  const req = api()[call.method](`${API}${call.path}`).set(bearer(token));
  if (call.form)
    return req
      .field('custom_path', call.form.customPath)
      .attach('file', call.form.bytes, { filename: call.form.name, contentType: call.form.type });
  return call.body ? req.send(call.body) : req;
}
