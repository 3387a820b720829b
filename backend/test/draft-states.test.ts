import { Client } from 'pg';
import {
  MSG,
  TRANSCRIPT_PREVIEW,
  transcriptPreview,
  type DraftProgress,
  type SessionDraft,
  type SessionDraftListItem,
  type TranscriptSegment,
} from '@consulta/shared';
import { claimDraftForJob, draftsInJob } from '../src/drafts/draft-writes';
import { api, API, bearer, REQUEST_ID, sql, therapistSession, type Session } from './support/api';
import {
  createDraft,
  DRAFTS,
  jobConnection,
  MISSING_ID,
  postSession,
  putDraft,
  quickPatient,
  sessionPayload,
  signedInPatient,
} from './support/clinical';
import { testEnv } from './support/env';
import { runCli } from './support/processes';
import { waitFor } from './support/storage';

/**
 * The states a draft goes through besides its jobs' (those are in transcription.test.ts and draft-cancel.test.ts):
 * `subiendo_video` while the page uploads its video, `guardando` while its session is saved, `completado` once
 * saved, `cancelado` by 'Cancelar procesamiento'; and the list's transcript preview, cut by the server.
 */

const PROGRESS = `${API}/sesiones-asincronas/progress`;
const CANCEL = `${API}/sesiones-asincronas/cancel`;
const getDraft = (t: Session, id: string) => api().get(`${DRAFTS}/${id}`).set(bearer(t.token));
const listDrafts = async (t: Session, patientId: string) =>
  (await api().get(`${DRAFTS}/paciente/${patientId}`).set(bearer(t.token)).expect(200)).body as SessionDraftListItem[];
const progressOf = async (t: Session, id: string) =>
  (await api().get(`${PROGRESS}/${id}`).set(bearer(t.token)).expect(200)).body as DraftProgress;
const cancel = (t: Session, id: string) => api().post(`${CANCEL}/${id}`).set(bearer(t.token));
const setEstado = (id: string, estado: string, extra = '') =>
  sql(`update session_drafts set estado = $2${extra} where id = $1`, [id, estado]);
const problem = (detail: string, code: string) => ({ detail, code, request_id: REQUEST_ID });
const turns = (n: number, text = (i: number) => `Frase número ${i + 1}`): TranscriptSegment[] =>
  Array.from({ length: n }, (_, i) => ({
    speaker_label: `Hablante ${(i % 2) + 1}`,
    start_time: i * 10,
    end_time: i * 10 + 9,
    text: text(i),
  }));

describe('subiendo_video: the page says when its video upload starts and ends', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });

  it('an upload puts a free draft in subiendo_video; attached, failed or abandoned, it is back in borrador', async () => {
    const draft = await createDraft(therapist, patientId, { tipo_sesion: 'psicoterapia', notas: 'Antes de subir' });
    const started = await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: 'subiendo', upload_progress: 0 } }).expect(
      200,
    );
    expect(started.body).toMatchObject({ estado: 'subiendo_video', progreso: 0, notas: 'Antes de subir' });
    expect((await listDrafts(therapist, patientId)).find((d) => d.id === draft.id)?.estado).toBe('subiendo_video');
    // Other saves meanwhile leave the state alone.
    expect((await putDraft(therapist, draft.id, { notas: 'Mientras sube' }).expect(200)).body.estado).toBe('subiendo_video');
    const ended = await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: null, upload_progress: null } }).expect(200);
    expect(ended.body).toMatchObject({ estado: 'borrador', progreso: 0, notas: 'Mientras sube' });

    // From a failed or cancelled job too (a new video starts over); the message of the failure goes.
    for (const estado of ['fallido', 'cancelado']) {
      await setEstado(draft.id, estado, `, mensaje_error = 'Falló'`);
      const again = await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: 'subiendo' } }).expect(200);
      expect(again.body).toMatchObject({ estado: 'subiendo_video', mensaje_error: null });
      const done = await putDraft(therapist, draft.id, {
        archivo_video_info: { estado_upload: 'completado', upload_progress: 100 },
      }).expect(200);
      expect(done.body.estado).toBe('borrador');
    }
  });

  it('a draft a job holds, or saved as a session, is not disturbed by an upload', async () => {
    const draft = await createDraft(therapist, patientId, { tipo_sesion: 'psicoterapia' });
    for (const estado of ['transcribiendo', 'procesando', 'guardando']) {
      await setEstado(draft.id, estado, ', progreso = 40');
      const res = await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: 'subiendo' } }).expect(200);
      expect(res.body).toMatchObject({ estado, progreso: 40 });
      const end = await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: null } }).expect(200);
      expect(end.body).toMatchObject({ estado, progreso: 40 });
    }
  });
});

describe('guardando and completado: saving the session of a draft', () => {
  let therapist: Session;
  beforeAll(async () => {
    therapist = await therapistSession();
  });

  it('the draft is guardando while the session is written, then completado without its content, and out of the list', async () => {
    const patient = await quickPatient(therapist);
    const draft = await createDraft(therapist, patient.id, {
      titulo: 'Sesión del martes',
      tipo_sesion: 'psicoterapia',
      notas: 'Notas del borrador',
      archivo_video_info: { script_text: 'Hablante 1: Hola.', transcript: turns(1) },
      analisis_ia_paciente: 'Para el paciente',
    });
    // The session's insert waits while another transaction holds the sessions table (a moment: reads go on; the
    // patient's row is not locked, the access history's entries need it).
    const locker = new Client({ connectionString: testEnv().databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table sessions in share mode');
      const saving = postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id, notas: 'Notas del borrador' })).then((r) => r);
      await waitFor('the draft to be guardando', async () => (await progressOf(therapist, draft.id)).estado === 'guardando');
      expect((await listDrafts(therapist, patient.id)).map((d) => [d.id, d.estado])).toEqual([[draft.id, 'guardando']]);
      // While it is saved: no second save, no job, no change of the job's fields.
      const second = await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id }));
      expect(second.status).toBe(409);
      expect(second.body).toEqual(problem(MSG.drafts.saving, 'DRAFT_BUSY'));
      expect((await putDraft(therapist, draft.id, { archivo_video_info: { script_text: 'Otro' } })).status).toBe(409);
      await locker.query('commit');
      expect((await saving).status).toBe(201);
    } finally {
      await locker.end();
    }

    expect(await progressOf(therapist, draft.id)).toEqual({
      draft_id: draft.id,
      estado: 'completado',
      progreso: 100,
      archivo_video_info: {},
      mensaje_error: null,
      analisis_ia_paciente: null,
      segundos_restantes: null,
    });
    const completed = (await getDraft(therapist, draft.id).expect(200)).body as SessionDraft;
    expect(completed).toMatchObject({ estado: 'completado', titulo: null, notas: null, tipo_sesion: null, campos_datos: {} });
    expect(await listDrafts(therapist, patient.id)).toEqual([]);
    // It takes nothing more: no save, no second session; the first one has what the draft had.
    expect((await putDraft(therapist, draft.id, { notas: 'Tarde' }).expect(409)).body).toEqual(
      problem(MSG.drafts.alreadySaved, 'DRAFT_SAVED'),
    );
    expect((await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id })).expect(409)).body).toEqual(
      problem(MSG.drafts.alreadySaved, 'DRAFT_SAVED'),
    );
    expect((await cancel(therapist, draft.id).expect(409)).body).toEqual(problem(MSG.drafts.nothingRunning, 'NOTHING_RUNNING'));
    const sessions = (await api().get(`${API}/sesiones/paciente/${patient.id}`).set(bearer(therapist.token)).expect(200)).body;
    expect(sessions).toHaveLength(1);
    // Deleting it (the spec's last step) is still possible.
    await api().delete(`${DRAFTS}/${draft.id}`).set(bearer(therapist.token)).expect(200);
  });

  it('a refused session leaves the draft as it was, its failure included; a draft whose job runs is not saved', async () => {
    const patient = await quickPatient(therapist);
    const draft = await createDraft(therapist, patient.id, { tipo_sesion: 'psicoterapia', notas: 'Notas' });
    await setEstado(draft.id, 'fallido', `, mensaje_error = 'La transcripción falló'`);
    const taken = (await postSession(therapist, sessionPayload(patient.id)).expect(201)).body as { numero_sesion: number };
    await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id, numero_sesion: taken.numero_sesion })).expect(409);
    expect(await progressOf(therapist, draft.id)).toMatchObject({ estado: 'fallido', mensaje_error: 'La transcripción falló' });

    for (const estado of ['transcribiendo', 'procesando']) {
      await setEstado(draft.id, estado);
      expect((await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id })).expect(409)).body).toEqual(
        problem(MSG.drafts.jobRunningOnSave, 'JOB_RUNNING'),
      );
      expect((await progressOf(therapist, draft.id)).estado).toBe(estado);
    }
    // From cancelado it saves like any draft.
    await setEstado(draft.id, 'cancelado');
    await postSession(therapist, sessionPayload(patient.id, { draft_id: draft.id })).expect(201);
    expect((await progressOf(therapist, draft.id)).estado).toBe('completado');
  });

  it('the hourly sweep deletes completed drafts after a day and frees drafts a stopped process left guardando', async () => {
    const patient = await quickPatient(therapist);
    const fresh = await createDraft(therapist, patient.id, { tipo_sesion: 'psicoterapia', notas: 'Notas' });
    const old = await createDraft(therapist, patient.id, { tipo_sesion: 'psicoterapia', notas: 'Notas' });
    const stuck = await createDraft(therapist, patient.id, { notas: 'Se quedó guardando' });
    const saving = await createDraft(therapist, patient.id, { notas: 'Guardándose ahora' });
    await postSession(therapist, sessionPayload(patient.id, { draft_id: fresh.id })).expect(201);
    await postSession(therapist, sessionPayload(patient.id, { draft_id: old.id })).expect(201);
    await sql(`update session_drafts set updated_at = now() - interval '25 hours' where id = $1`, [old.id]);
    await setEstado(stuck.id, 'guardando', `, job_started_at = now() - interval '11 minutes'`);
    await setEstado(saving.id, 'guardando', ', job_started_at = now()');

    const env = testEnv();
    const result = runCli(['drafts:sweep'], { DATABASE_URL: env.databaseUrl, JWT_SECRET: env.jwtSecret, NODE_ENV: 'test' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Deleted [1-9]\d* completed drafts; freed [1-9]\d* drafts left saving\./);
    const left = await sql<{ id: string; estado: string }>(
      `select id::text, estado from session_drafts where patient_id = $1 order by notas, id`,
      [patient.id],
    );
    expect(new Map(left.map((r) => [r.id, r.estado]))).toEqual(
      new Map([
        [fresh.id, 'completado'],
        [stuck.id, 'borrador'],
        [saving.id, 'guardando'],
      ]),
    );
  });
});

describe("'Cancelar procesamiento': POST /sesiones-asincronas/cancel/{draftId}", () => {
  it('cancels a running job of its own draft; nothing running is 409; another therapist 404; a patient 403', async () => {
    const owner = await therapistSession();
    const patient = await signedInPatient(owner);
    const draft = await createDraft(owner, patient.patientId, {
      tipo_sesion: 'psicoterapia',
      notas: 'Lo que había',
      archivo_video_info: { script_text: 'Hablante 1: Antes.' },
    });
    const before = (await getDraft(owner, draft.id).expect(200)).body as SessionDraft;

    expect((await cancel(owner, draft.id).expect(409)).body).toEqual(problem(MSG.drafts.nothingRunning, 'NOTHING_RUNNING'));
    // A job's state with no job behind it (as the demo's): cancelling it is just as possible.
    await setEstado(draft.id, 'transcribiendo', ', progreso = 40');
    const intruder = await therapistSession();
    expect((await cancel(intruder, draft.id).expect(404)).body).toEqual(problem(MSG.drafts.notFound, 'NOT_FOUND'));
    expect((await cancel(patient, draft.id).expect(403)).body).toEqual(problem(MSG.auth.forbidden, 'FORBIDDEN'));
    expect((await api().post(`${CANCEL}/${draft.id}`).expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect((await cancel(owner, 'no-es-un-id').expect(400)).body).toEqual(problem(MSG.drafts.invalidId, 'INVALID_ID'));
    expect((await cancel(owner, MISSING_ID).expect(404)).body).toEqual(problem(MSG.drafts.notFound, 'NOT_FOUND'));
    expect((await progressOf(owner, draft.id)).estado).toBe('transcribiendo');

    const res = await cancel(owner, draft.id).expect(200);
    expect(res.body).toMatchObject({ draft_id: draft.id, estado: 'cancelado', progreso: 0, mensaje_error: null });
    expect((await getDraft(owner, draft.id).expect(200)).body).toEqual({ ...before, estado: 'cancelado', progreso: 0 });
    expect((await cancel(owner, draft.id).expect(409)).body.code).toBe('NOTHING_RUNNING');

    // From cancelado the draft is edited like any other.
    const edited = await putDraft(owner, draft.id, { archivo_video_info: { script_text: 'Hablante 1: Corregido.' } }).expect(200);
    expect(edited.body).toMatchObject({ estado: 'cancelado', archivo_video_info: { script_text: 'Hablante 1: Corregido.' } });

    // An analysis (procesando) is cancelled the same way; a save (guardando) is not a job to cancel.
    await setEstado(draft.id, 'procesando');
    expect((await cancel(owner, draft.id).expect(200)).body.estado).toBe('cancelado');
    await setEstado(draft.id, 'guardando');
    expect((await cancel(owner, draft.id).expect(409)).body.code).toBe('NOTHING_RUNNING');
  });

  it('a draft put in a job state by no job (the demo) is not resumed at start; a claimed one is', async () => {
    const therapist = await therapistSession();
    const patient = await quickPatient(therapist);
    const unclaimed = await createDraft(therapist, patient.id);
    const claimed = await createDraft(therapist, patient.id);
    await setEstado(unclaimed.id, 'transcribiendo');
    const job = await jobConnection();
    try {
      expect(await claimDraftForJob(job.execute, claimed.id, 'transcribiendo')).toBe(true);
      const held = await draftsInJob(job.execute, 'transcribiendo');
      expect(held).toContain(claimed.id);
      expect(held).not.toContain(unclaimed.id);
    } finally {
      await job.close();
    }
  });
});

describe('the drafts list: a preview of each transcript, cut by the server', () => {
  it('shows the first 3 turns, at most 200 characters, and never the long texts', async () => {
    const therapist = await therapistSession();
    const patient = await quickPatient(therapist);
    const long = turns(400, (i) => `Intervención ${i + 1}: ${'palabra '.repeat(30).trim()}`);
    const short = turns(2, (i) => (i === 0 ? 'Buenos días.' : 'Hola, ¿qué tal?'));
    const edited = 'Terapeuta: ¿Cómo fue la semana?\nPaciente: Mejor.\nTerapeuta: Me alegro.\nPaciente: Gracias.';
    const a = await createDraft(therapist, patient.id, { archivo_video_info: { transcript: long, script_text: null } });
    const b = await createDraft(therapist, patient.id, { archivo_video_info: { transcript: short } });
    const c = await createDraft(therapist, patient.id, {
      archivo_video_info: { transcript: long, script_text: edited },
      analisis_ia_paciente: 'x',
    });
    const d = await createDraft(therapist, patient.id, { notas: 'Sin transcripción' });

    const res = await api().get(`${DRAFTS}/paciente/${patient.id}`).set(bearer(therapist.token)).expect(200);
    const byId = new Map((res.body as SessionDraftListItem[]).map((item) => [item.id, item]));
    const first = byId.get(a.id)!.transcripcion_preview!;
    expect(first.length).toBeLessThanOrEqual(TRANSCRIPT_PREVIEW.chars + 1);
    expect(first.startsWith('Hablante 1: Intervención 1: palabra')).toBe(true);
    expect(first.endsWith('…')).toBe(true);
    expect(first).toBe(transcriptPreview(null, long));
    expect(byId.get(b.id)!.transcripcion_preview).toBe('Hablante 1: Buenos días.\nHablante 2: Hola, ¿qué tal?');
    // What the form shows (the edited text) is what the preview reads.
    expect(byId.get(c.id)!.transcripcion_preview).toBe('Terapeuta: ¿Cómo fue la semana?\nPaciente: Mejor.\nTerapeuta: Me alegro.…');
    expect(byId.get(d.id)!.transcripcion_preview).toBeNull();
    // The long texts stay on the server: a few hundred bytes a draft, not the 400 turns.
    for (const item of byId.values()) {
      expect(item.archivo_video_info).not.toHaveProperty('transcript');
      expect(item.archivo_video_info).not.toHaveProperty('script_text');
      expect(item).not.toHaveProperty('analisis_ia_paciente');
    }
    expect(res.text.length).toBeLessThan(8000);
    expect(JSON.stringify((await getDraft(therapist, a.id).expect(200)).body).length).toBeGreaterThan(40_000);
  });
});
