import {
  MSG,
  transcriptPreview,
  type DraftProgress,
  type SessionDraft,
  type SessionDraftListItem,
  type TranscriptSegment,
} from '@consulta/shared';
import { writeDraftJobState } from '../src/drafts/draft-writes';
import { api, API, bearer, REQUEST_ID, type Session, sql, therapistSession } from './support/api';
import {
  createDraft,
  createSession,
  createSessionType,
  customValues,
  DRAFTS,
  fill,
  ISO,
  jobConnection,
  MISSING_ID,
  putDraft,
  quickPatient,
  signedInPatient,
} from './support/clinical';

const PROGRESS = `${API}/sesiones-asincronas/progress`;
const INVALID_ID = { detail: 'Error: ID de borrador inválido', code: 'INVALID_ID', request_id: REQUEST_ID };
const NOT_FOUND = { detail: MSG.drafts.notFound, code: 'NOT_FOUND', request_id: REQUEST_ID };
const BUSY = { detail: MSG.drafts.busy, code: 'DRAFT_BUSY', request_id: REQUEST_ID };
const getDraft = (t: Session, id: string) => api().get(`${DRAFTS}/${id}`).set(bearer(t.token));
const listDrafts = (t: Session, patientId: string) => api().get(`${DRAFTS}/paciente/${patientId}`).set(bearer(t.token));
const deleteDraft = (t: Session, id: string, query = '') => api().delete(`${DRAFTS}/${id}${query}`).set(bearer(t.token));
const progressOf = (t: Session, id: string) => api().get(`${PROGRESS}/${id}`).set(bearer(t.token));
const setEstado = (id: string, estado: string) => sql('update session_drafts set estado = $2 where id = $1', [id, estado]);
/** A draft as the list answers it: its transcript's preview instead of the long texts. */
function asListed(draft: SessionDraft): SessionDraftListItem {
  const { analisis_ia_paciente: _analysis, archivo_video_info: video, ...rest } = draft;
  const { script_text, transcript, analisis_ia: _ai, ...file } = video;
  return { ...rest, archivo_video_info: file, transcripcion_preview: transcriptPreview(script_text, transcript) };
}
const segments = (n: number, label = 'Frase'): TranscriptSegment[] =>
  Array.from({ length: n }, (_, i) => ({
    speaker_label: i % 2 ? 'Terapeuta' : 'Paciente',
    start_time: i * 10,
    end_time: i * 10 + 9.5,
    text: `${label} ${i + 1}`,
  }));

describe('drafts: create, read, save, list, delete', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });

  it('creates a draft from a patient alone, with its defaults', async () => {
    const patient = await quickPatient(therapist);
    const res = await api().post(DRAFTS).set(bearer(therapist.token)).send({ paciente_id: patient.id }).expect(201);
    const draft = res.body as SessionDraft;
    expect(draft).toEqual({
      draft_id: draft.id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cita_id: null,
      paciente_id: patient.id,
      terapeuta_id: therapist.id,
      titulo: null,
      descripcion: null,
      estado: 'borrador',
      progreso: 0,
      mensaje_error: null,
      fecha: null,
      duracion_minutos: null,
      tipo_sesion: null,
      tipo_sesion_id: null,
      tipo_sesion_nombre: null,
      num_voces: 2,
      notas: null,
      temas_importantes: null,
      intencion: null,
      tipo_medicina: null,
      cantidad: null,
      observaciones: null,
      campos_datos: {},
      archivo_video_info: {},
      analisis_ia_paciente: null,
      numero_sesion_siguiente: 1,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
    });
    expect((await getDraft(therapist, draft.id).expect(200)).body).toEqual(draft);
    // The number its session would get follows the patient's sessions.
    await createSession(therapist, patient.id, { numero_sesion: 4 });
    expect((await getDraft(therapist, draft.id).expect(200)).body.numero_sesion_siguiente).toBe(5);
  });

  it('creates a draft with content and a type; the rules of a session wait for the session', async () => {
    const type = await createSessionType(therapist);
    const res = await api()
      .post(DRAFTS)
      .set(bearer(therapist.token))
      .send({
        paciente_id: patientId,
        titulo: '  Sesión de los martes  ',
        descripcion: ' ',
        tipo_sesion_id: type.id,
        campos_datos: { Motivo: 'Duelo', Intensidad: 3.5 },
        fecha: '2026-11-20T16:45:00Z',
        num_voces: 32,
        duracion_minutos: 55,
        cantidad: 1.25,
        archivo_video_info: { script_text: 'Hola', estado_upload: 'pendiente', upload_progress: 0 },
      })
      .expect(201);
    expect(res.body).toMatchObject({
      titulo: 'Sesión de los martes',
      descripcion: null,
      tipo_sesion: null,
      tipo_sesion_id: type.id,
      tipo_sesion_nombre: type.nombre,
      campos_datos: { Motivo: 'Duelo', Intensidad: 3.5 },
      fecha: '2026-11-20T16:45:00.000Z',
      num_voces: 32,
      duracion_minutos: 55,
      cantidad: 1.25,
      archivo_video_info: { script_text: 'Hola', estado_upload: 'pendiente', upload_progress: 0 },
    });
    // Unfinished is fine: a psychotherapy draft without notes.
    const psico = await createDraft(therapist, patientId, { tipo_sesion: 'psicoterapia' });
    expect(psico).toMatchObject({ tipo_sesion: 'psicoterapia', notas: null });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no paciente_id', { paciente_id: undefined }, MSG.sessions.patientRequired],
    ['a blank paciente_id', { paciente_id: '' }, MSG.sessions.patientRequired],
    ['an unknown built-in type', { tipo_sesion: 'hipnosis' }, MSG.sessions.typeRequired],
    ['num_voces 33', { num_voces: 33 }, MSG.sessions.numVoces],
    ['num_voces 0', { num_voces: 0 }, MSG.sessions.numVoces],
    ['duracion_minutos 1441', { duracion_minutos: 1441 }, MSG.sessions.duracion],
    ['cantidad negative', { cantidad: -1 }, MSG.sessions.cantidad],
    ['a bad fecha', { fecha: '2026-13-01' }, MSG.sessions.fecha],
    ['campos_datos as a list', { campos_datos: [1] }, MSG.sessions.camposDatos],
    ['a titulo over 200 characters', { titulo: 'x'.repeat(201) }, fill(MSG.validation.tooLong, { campo: 'titulo', max: 200 })],
    ['an unknown field', { estado: 'completado' }, fill(MSG.validation.notAllowed, { campo: 'estado' })],
    ['archivo_video_info not an object', { archivo_video_info: 'video' }, MSG.drafts.videoInfo],
  ])('refuses to create with %s', async (_label, fields, detail) => {
    const before = await sql('select id from session_drafts where patient_id = $1', [patientId]);
    const res = await api()
      .post(DRAFTS)
      .set(bearer(therapist.token))
      .send({ paciente_id: patientId, ...fields })
      .expect(400);
    expect(res.body).toMatchObject({ detail, code: 'VALIDATION' });
    expect(await sql('select id from session_drafts where patient_id = $1', [patientId])).toHaveLength(before.length);
  });

  it('refuses an inactive type (400) and an unknown patient or type (404)', async () => {
    const inactive = await createSessionType(therapist, { nombre: 'Pausado', activo: false });
    expect(
      (await api().post(DRAFTS).set(bearer(therapist.token)).send({ paciente_id: patientId, tipo_sesion_id: inactive.id }).expect(400)).body
        .detail,
    ).toBe(MSG.sessions.typeInactive);
    for (const [body, detail] of [
      [{ paciente_id: MISSING_ID }, MSG.patients.notFound],
      [{ paciente_id: 'no-es-un-id' }, MSG.patients.notFound],
      [{ paciente_id: patientId, tipo_sesion_id: MISSING_ID }, MSG.sessionTypes.notFound],
    ] as [object, string][]) {
      expect((await api().post(DRAFTS).set(bearer(therapist.token)).send(body).expect(404)).body).toEqual({
        detail,
        code: 'NOT_FOUND',
        request_id: REQUEST_ID,
      });
    }
  });

  it('a save changes only the fields it sends', async () => {
    const draft = await createDraft(therapist, patientId);
    const withNotes = (await putDraft(therapist, draft.id, { notas: 'Primera idea' }).expect(200)).body as SessionDraft;
    expect(withNotes.notas).toBe('Primera idea');
    const titled = (await putDraft(therapist, draft.id, { titulo: 'Martes' }).expect(200)).body as SessionDraft;
    const { updated_at: _u, titulo: _t, ...rest } = withNotes;
    expect(titled).toEqual({ ...rest, titulo: 'Martes', updated_at: expect.stringMatching(ISO) });
    expect(Date.parse(titled.updated_at)).toBeGreaterThanOrEqual(Date.parse(withNotes.updated_at));

    const typed = (
      await putDraft(therapist, draft.id, { tipo_sesion: 'psicodelica', intencion: 'Calma', num_voces: 1, fecha: '2026-11-21' }).expect(200)
    ).body;
    expect(typed).toMatchObject({ notas: 'Primera idea', titulo: 'Martes', tipo_sesion: 'psicodelica', intencion: 'Calma', num_voces: 1 });
    expect(typed.fecha).toMatch(/^2026-11-21T/);
    // null clears a field; null voices leave them; the draft's own patient is accepted.
    const cleared = (
      await putDraft(therapist, draft.id, { notas: null, titulo: '  ', num_voces: null, paciente_id: patientId }).expect(200)
    ).body;
    expect(cleared).toMatchObject({ notas: null, titulo: null, num_voces: 1, intencion: 'Calma', tipo_sesion: 'psicodelica' });
    const custom = await createSessionType(therapist, { nombre: 'Del borrador' });
    const retyped = (await putDraft(therapist, draft.id, { tipo_sesion_id: custom.id, campos_datos: customValues() }).expect(200)).body;
    expect(retyped).toMatchObject({
      tipo_sesion: null,
      tipo_sesion_id: custom.id,
      tipo_sesion_nombre: 'Del borrador',
      campos_datos: customValues(),
    });
    // The answer's own type name sent back keeps the type; null clears it.
    expect((await putDraft(therapist, draft.id, { tipo_sesion: 'Del borrador', notas: 'x' }).expect(200)).body).toMatchObject({
      tipo_sesion_id: custom.id,
    });
    expect((await putDraft(therapist, draft.id, { tipo_sesion: null }).expect(200)).body).toMatchObject({
      tipo_sesion: null,
      tipo_sesion_id: null,
    });
  });

  it('merges archivo_video_info key by key', async () => {
    const draft = await createDraft(therapist, patientId);
    await putDraft(therapist, draft.id, { archivo_video_info: { script_text: 'Texto del guion' } }).expect(200);
    const both = await putDraft(therapist, draft.id, { archivo_video_info: { transcript: segments(2) } }).expect(200);
    expect(both.body.archivo_video_info).toEqual({ script_text: 'Texto del guion', transcript: segments(2) });
    const more = await putDraft(therapist, draft.id, {
      archivo_video_info: { analisis_ia: 'Análisis', estado_upload: 'subido', upload_progress: 100 },
    }).expect(200);
    expect(more.body.archivo_video_info).toEqual({
      script_text: 'Texto del guion',
      transcript: segments(2),
      analisis_ia: 'Análisis',
      estado_upload: 'subido',
      upload_progress: 100,
    });
    // A null value clears that key only; a null object changes nothing.
    await putDraft(therapist, draft.id, { archivo_video_info: { analisis_ia: null } }).expect(200);
    const kept = await putDraft(therapist, draft.id, { archivo_video_info: null, notas: 'n' }).expect(200);
    expect(kept.body.archivo_video_info).toEqual({
      script_text: 'Texto del guion',
      transcript: segments(2),
      analisis_ia: null,
      estado_upload: 'subido',
      upload_progress: 100,
    });
  });

  it.each<[string, unknown, string]>([
    ['an unknown key', { foo: 1 }, `${MSG.drafts.videoInfo}: foo`],
    ['a list', [], MSG.drafts.videoInfo],
    [
      'a segment ending before it starts',
      { transcript: [{ speaker_label: 'A', start_time: 5, end_time: 1, text: 'x' }] },
      `${MSG.drafts.videoInfo}: transcript`,
    ],
    ['a segment without text', { transcript: [{ speaker_label: 'A', start_time: 0, end_time: 1 }] }, `${MSG.drafts.videoInfo}: transcript`],
    ['a transcript that is text', { transcript: 'hola' }, `${MSG.drafts.videoInfo}: transcript`],
    [
      'a segment carrying anything else (stored as sent)',
      { transcript: [{ speaker_label: 'A', start_time: 0, end_time: 1, text: 'x', nota: 'n'.repeat(500_000) }] },
      `${MSG.drafts.videoInfo}: transcript`,
    ],
    ['a numeric script_text', { script_text: 5 }, `${MSG.drafts.videoInfo}: script_text`],
    ['an upload_progress over 100', { upload_progress: 101 }, `${MSG.drafts.videoInfo}: upload_progress`],
    ['a video_url', { video_url: 'https://example.com/v.mp4' }, MSG.sessions.videoUrl],
    ['a file_key', { file_key: 'terapeutas/x/v.mp4' }, MSG.sessions.videoUrl],
  ])('refuses archivo_video_info with %s and changes nothing', async (_label, value, detail) => {
    const draft = await createDraft(therapist, patientId, { notas: 'Antes', archivo_video_info: { script_text: 'Antes' } });
    const res = await putDraft(therapist, draft.id, { notas: 'Después', archivo_video_info: value }).expect(400);
    expect(res.body).toMatchObject({ detail, code: 'VALIDATION' });
    expect((await getDraft(therapist, draft.id).expect(200)).body).toEqual(draft);
  });

  it('refuses to move a draft to another patient', async () => {
    const draft = await createDraft(therapist, patientId, { notas: 'Mía' });
    const other = await quickPatient(therapist);
    expect((await putDraft(therapist, draft.id, { paciente_id: other.id, notas: 'Otra' }).expect(400)).body).toEqual({
      detail: MSG.sessions.patientChange,
      code: 'VALIDATION',
      request_id: REQUEST_ID,
    });
    expect((await getDraft(therapist, draft.id).expect(200)).body).toMatchObject({ paciente_id: patientId, notas: 'Mía' });
  });

  it('lists a patient’s drafts, the most recently saved first', async () => {
    const patient = await quickPatient(therapist);
    expect((await listDrafts(therapist, patient.id).expect(200)).body).toEqual([]);
    const a = await createDraft(therapist, patient.id, { titulo: 'A' });
    const b = await createDraft(therapist, patient.id, { titulo: 'B' });
    const c = await createDraft(therapist, patient.id, { titulo: 'C' });
    expect((await listDrafts(therapist, patient.id).expect(200)).body.map((d: SessionDraft) => d.id)).toEqual([c.id, b.id, a.id]);
    await putDraft(therapist, a.id, { notas: 'Editado' }).expect(200);
    const list = (await listDrafts(therapist, patient.id).expect(200)).body as SessionDraft[];
    expect(list.map((d) => d.id)).toEqual([a.id, c.id, b.id]);
    expect(list[0]).toEqual(asListed((await getDraft(therapist, a.id).expect(200)).body));
    // Other patients' drafts are not in it.
    expect(list.every((d) => d.paciente_id === patient.id)).toBe(true);
  });

  it('deletes a draft with or without preserve_video, answering it; then 404', async () => {
    for (const query of ['?preserve_video=true', '?preserve_video=false', '']) {
      const draft = await createDraft(therapist, patientId, { notas: 'Adiós' });
      expect((await deleteDraft(therapist, draft.id, query).expect(200)).body).toEqual(draft);
      expect((await getDraft(therapist, draft.id).expect(404)).body).toEqual(NOT_FOUND);
      expect((await deleteDraft(therapist, draft.id, query).expect(404)).body).toEqual(NOT_FOUND);
      expect(await sql('select 1 from session_drafts where id = $1', [draft.id])).toEqual([]);
    }
    const draft = await createDraft(therapist, patientId);
    const maybe = await deleteDraft(therapist, draft.id, '?preserve_video=maybe').expect(400);
    expect(maybe.body).toEqual({
      detail: fill(MSG.validation.invalid, { campo: 'preserve_video' }),
      code: 'VALIDATION',
      request_id: REQUEST_ID,
    });
    await getDraft(therapist, draft.id).expect(200);
  });

  it('answers the progress with exactly its fields', async () => {
    const draft = await createDraft(therapist, patientId, { archivo_video_info: { script_text: 'Guion' } });
    await sql(
      `update session_drafts set estado = 'fallido', progreso = 40, mensaje_error = 'Sin audio', analisis_ia_paciente = 'Para ti' where id = $1`,
      [draft.id],
    );
    const res = await progressOf(therapist, draft.id).expect(200);
    expect(res.body).toStrictEqual({
      draft_id: draft.id,
      estado: 'fallido',
      progreso: 40,
      archivo_video_info: { script_text: 'Guion' },
      mensaje_error: 'Sin audio',
      analisis_ia_paciente: 'Para ti',
      // No job runs: no time left to say.
      segundos_restantes: null,
    } satisfies DraftProgress);
  });

  it('answers 400 INVALID_ID for a malformed draft id and 404 for an unknown one', async () => {
    for (const id of ['no-es-un-id', '123', 'abcdefgh']) {
      expect((await getDraft(therapist, id).expect(400)).body).toEqual(INVALID_ID);
      expect((await putDraft(therapist, id, { notas: 'x' }).expect(400)).body).toEqual(INVALID_ID);
      expect((await deleteDraft(therapist, id, '?preserve_video=true').expect(400)).body).toEqual(INVALID_ID);
      expect((await progressOf(therapist, id).expect(400)).body).toEqual(INVALID_ID);
    }
    expect((await getDraft(therapist, MISSING_ID).expect(404)).body).toEqual(NOT_FOUND);
    expect((await putDraft(therapist, MISSING_ID, { notas: 'x' }).expect(404)).body).toEqual(NOT_FOUND);
    expect((await deleteDraft(therapist, MISSING_ID).expect(404)).body).toEqual(NOT_FOUND);
    expect((await progressOf(therapist, MISSING_ID).expect(404)).body).toEqual(NOT_FOUND);
    expect((await listDrafts(therapist, 'no-es-un-id').expect(404)).body).toEqual({
      detail: MSG.patients.notFound,
      code: 'NOT_FOUND',
      request_id: REQUEST_ID,
    });
    expect((await listDrafts(therapist, MISSING_ID).expect(404)).body).toEqual({
      detail: MSG.patients.notFound,
      code: 'NOT_FOUND',
      request_id: REQUEST_ID,
    });
  });
});

describe('drafts while a job works on them (DRAFT_BUSY)', () => {
  let therapist: Session;
  let patientId: string;
  beforeAll(async () => {
    therapist = await therapistSession();
    patientId = (await quickPatient(therapist)).id;
  });

  it.each<[string, Record<string, unknown>]>([
    ['archivo_video_info.script_text', { archivo_video_info: { script_text: 'Mío' } }],
    ['archivo_video_info.transcript', { archivo_video_info: { transcript: segments(1, 'Mía') } }],
    ['archivo_video_info.analisis_ia', { archivo_video_info: { analisis_ia: 'Mío' } }],
    ['a cleared archivo_video_info.script_text', { archivo_video_info: { script_text: null } }],
    ['analisis_ia_paciente', { analisis_ia_paciente: 'Mío' }],
    ['a cleared analisis_ia_paciente', { analisis_ia_paciente: null }],
  ])('a save touching %s answers 409 DRAFT_BUSY and applies nothing, not even its notes', async (_label, fields) => {
    const draft = await createDraft(therapist, patientId, {
      notas: 'Antes',
      titulo: 'Antes',
      archivo_video_info: { script_text: 'Del trabajo' },
    });
    await sql(`update session_drafts set analisis_ia_paciente = 'Del trabajo' where id = $1`, [draft.id]);
    await setEstado(draft.id, 'transcribiendo');
    const before = (await getDraft(therapist, draft.id).expect(200)).body;
    const res = await putDraft(therapist, draft.id, { notas: 'Después', titulo: 'Después', ...fields }).expect(409);
    expect(res.body).toEqual(BUSY);
    expect((await getDraft(therapist, draft.id).expect(200)).body).toEqual(before);
    // Only the notes: applied.
    const notes = await putDraft(therapist, draft.id, { notas: 'Después' }).expect(200);
    expect(notes.body).toMatchObject({
      notas: 'Después',
      titulo: 'Antes',
      estado: 'transcribiendo',
      archivo_video_info: { script_text: 'Del trabajo' },
    });
  });

  it('is busy while procesando, transcribiendo or guardando, and free otherwise', async () => {
    const draft = await createDraft(therapist, patientId);
    for (const estado of ['procesando', 'transcribiendo', 'guardando']) {
      await setEstado(draft.id, estado);
      expect((await putDraft(therapist, draft.id, { archivo_video_info: { script_text: estado } }).expect(409)).body).toEqual(BUSY);
      // The upload's own keys are not the job's.
      await putDraft(therapist, draft.id, { archivo_video_info: { estado_upload: estado }, temas_importantes: estado }).expect(200);
    }
    for (const estado of ['borrador', 'subiendo_video', 'fallido', 'cancelado']) {
      await setEstado(draft.id, estado);
      const res = await putDraft(therapist, draft.id, { archivo_video_info: { script_text: estado }, analisis_ia_paciente: estado }).expect(
        200,
      );
      expect(res.body).toMatchObject({
        estado,
        analisis_ia_paciente: estado,
        archivo_video_info: { script_text: estado, estado_upload: 'guardando' },
      });
    }
    // Saved as a session: no save at all.
    await setEstado(draft.id, 'completado');
    const saved = await putDraft(therapist, draft.id, { notas: 'Tarde' }).expect(409);
    expect(saved.body).toEqual({ detail: MSG.drafts.alreadySaved, code: 'DRAFT_SAVED', request_id: REQUEST_ID });
  });

  it('saves of different fields at once all land', async () => {
    const draft = await createDraft(therapist, patientId);
    const fields: Record<string, unknown>[] = [
      { notas: 'N' },
      { titulo: 'T' },
      { descripcion: 'D' },
      { temas_importantes: 'TI' },
      { intencion: 'I' },
      { tipo_medicina: 'M' },
      { observaciones: 'O' },
      { cantidad: 3 },
      { duracion_minutos: 40 },
      { num_voces: 3 },
      { archivo_video_info: { script_text: 'S' } },
      { archivo_video_info: { transcript: segments(3) } },
      { archivo_video_info: { estado_upload: 'subido' } },
      { analisis_ia_paciente: 'A' },
    ];
    const answers = await Promise.all(fields.map((f) => putDraft(therapist, draft.id, f)));
    expect(answers.map((r) => r.status)).toEqual(fields.map(() => 200));
    const final = (await getDraft(therapist, draft.id).expect(200)).body;
    expect(final).toMatchObject({
      notas: 'N',
      titulo: 'T',
      descripcion: 'D',
      temas_importantes: 'TI',
      intencion: 'I',
      tipo_medicina: 'M',
      observaciones: 'O',
      cantidad: 3,
      duracion_minutos: 40,
      num_voces: 3,
      analisis_ia_paciente: 'A',
    });
    expect(final.archivo_video_info).toEqual({ script_text: 'S', transcript: segments(3), estado_upload: 'subido' });
  });

  it('a job writing the draft while the therapist saves it: nothing is lost either way', async () => {
    const draft = await createDraft(therapist, patientId, { notas: 'nota 0', titulo: 'título 0' });
    const job = await jobConnection();
    const ROUNDS = 30;
    const accepted = { notas: ['nota 0'], titulo: ['título 0'] };
    const refused: string[] = [];
    const seenByJob: { notas: string; titulo: string }[] = [];
    // The therapist's k-th save has been sent: the job's k-th write races with it.
    const sent: (() => void)[] = [];
    const sentAt = Array.from({ length: ROUNDS + 1 }, (_, k) => new Promise<void>((resolve) => (sent[k] = resolve)));
    let refusedPhaseOver: () => void = () => undefined;
    const refusedDone = new Promise<void>((resolve) => (refusedPhaseOver = resolve));
    const busySave = (k: number) => k % 6 === 0 && k <= 24;
    // What each stream's answers saw of the job's fields, in the order the stream got them.
    type Seen = {
      progreso: number;
      segments: number;
      script: string | null | undefined;
      transcript: TranscriptSegment[] | null | undefined;
    };
    const seenByApi: Record<'notas' | 'titulo', Seen[]> = { notas: [], titulo: [] };
    const observe = (stream: 'notas' | 'titulo', body: SessionDraft) => {
      const info = body.archivo_video_info;
      seenByApi[stream].push({
        progreso: body.progreso,
        segments: info.transcript?.length ?? 0,
        script: info.script_text,
        transcript: info.transcript,
      });
    };

    try {
      expect(await writeDraftJobState(job.execute, draft.id, { estado: 'transcribiendo', progreso: 0, mensaje_error: null })).toBe(true);
      const jobRun = (async () => {
        for (let i = 1; i <= ROUNDS; i++) {
          await sentAt[i];
          const last = i === ROUNDS;
          // The job finishes (back to borrador) only after the therapist's refused saves.
          if (last) await refusedDone;
          const wrote = await writeDraftJobState(job.execute, draft.id, {
            estado: last ? 'borrador' : 'transcribiendo',
            progreso: last ? 100 : i * 3,
            video: { transcript: segments(i), script_text: `texto ${i}` },
          });
          expect(wrote).toBe(true);
          const [row] = (await job.execute('select notas, titulo from session_drafts where id = ?', [draft.id])) as {
            notas: string;
            titulo: string;
          }[];
          seenByJob.push(row);
        }
      })();
      const notesRun = (async () => {
        for (let k = 1; k <= ROUNDS; k++) {
          if (busySave(k)) {
            const body = { notas: `rechazada ${k}`, archivo_video_info: { script_text: `api ${k}`, transcript: segments(1, 'api') } };
            const pending = putDraft(therapist, draft.id, body).then((r) => r);
            sent[k]();
            const res = await pending;
            expect([res.status, res.body]).toEqual([409, BUSY]);
            refused.push(`rechazada ${k}`);
            if (k === 24) refusedPhaseOver();
          } else {
            const pending = putDraft(therapist, draft.id, { notas: `nota ${k}` }).then((r) => r);
            sent[k]();
            const res = await pending;
            expect(res.status).toBe(200);
            expect(res.body.notas).toBe(`nota ${k}`);
            accepted.notas.push(`nota ${k}`);
            observe('notas', res.body);
          }
        }
      })();
      const titlesRun = (async () => {
        for (let k = 1; k <= ROUNDS; k++) {
          const res = await putDraft(therapist, draft.id, { titulo: `título ${k}` });
          expect(res.status).toBe(200);
          expect(res.body.titulo).toBe(`título ${k}`);
          accepted.titulo.push(`título ${k}`);
          observe('titulo', res.body);
        }
      })();
      await Promise.all([jobRun, notesRun, titlesRun]);
    } finally {
      await job.close();
    }

    // The end state: the therapist's last accepted notes and title, and the job's last results.
    const final = (await getDraft(therapist, draft.id).expect(200)).body as SessionDraft;
    expect(final).toMatchObject({ notas: `nota ${ROUNDS}`, titulo: `título ${ROUNDS}`, estado: 'borrador', progreso: 100 });
    expect(final.archivo_video_info).toEqual({ transcript: segments(ROUNDS), script_text: `texto ${ROUNDS}` });
    expect(refused).toHaveLength(4);
    // Every accepted save was visible at once and only superseded by a later one of its own stream; a refused one never.
    for (const row of seenByJob) {
      expect(accepted.notas).toContain(row.notas);
      expect(accepted.titulo).toContain(row.titulo);
    }
    const order = (values: string[], seen: string[]) => seen.map((v) => values.indexOf(v));
    const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]);
    expect(
      ascending(
        order(
          accepted.notas,
          seenByJob.map((r) => r.notas),
        ),
      ),
    ).toBe(true);
    expect(
      ascending(
        order(
          accepted.titulo,
          seenByJob.map((r) => r.titulo),
        ),
      ),
    ).toBe(true);
    // The job's results, as the saves' answers saw them, are always the job's own and only ever grow: no save
    // wrote over them, not even the refused ones that carried a script_text and a transcript.
    for (const seen of [...seenByApi.notas, ...seenByApi.titulo]) {
      if (seen.segments > 0) {
        expect(seen.script).toBe(`texto ${seen.segments}`);
        expect(seen.transcript).toEqual(segments(seen.segments));
      }
    }
    for (const stream of [seenByApi.notas, seenByApi.titulo]) {
      expect(stream.length).toBeGreaterThan(0);
      expect(ascending(stream.map((s) => s.progreso))).toBe(true);
      expect(ascending(stream.map((s) => s.segments))).toBe(true);
    }
    expect(
      await sql(`select 1 from session_drafts where id = $1 and (notas like 'rechazada%' or archivo_video_info::text like '%api%')`, [
        draft.id,
      ]),
    ).toEqual([]);
  });
});

describe('drafts across accounts', () => {
  it('another therapist gets 404 on every draft call; a patient 403; no token 401', async () => {
    const owner = await therapistSession();
    const intruder = await therapistSession();
    const patient = await signedInPatient(owner);
    const type = await createSessionType(owner);
    const draft = await createDraft(owner, patient.patientId, { notas: 'Privado' });
    const own = await quickPatient(intruder);

    const calls = (): [ReturnType<ReturnType<typeof api>['get']>, string][] => [
      [api().post(DRAFTS).send({ paciente_id: patient.patientId }), MSG.patients.notFound],
      [api().get(`${DRAFTS}/paciente/${patient.patientId}`), MSG.patients.notFound],
      [api().get(`${DRAFTS}/${draft.id}`), MSG.drafts.notFound],
      [api().put(`${DRAFTS}/${draft.id}`).send({ notas: 'Intruso' }), MSG.drafts.notFound],
      [api().delete(`${DRAFTS}/${draft.id}?preserve_video=true`), MSG.drafts.notFound],
      [api().get(`${PROGRESS}/${draft.id}`), MSG.drafts.notFound],
      [api().post(DRAFTS).send({ paciente_id: own.id, tipo_sesion_id: type.id }), MSG.sessionTypes.notFound],
    ];
    for (const [req, detail] of calls())
      expect((await req.set(bearer(intruder.token)).expect(404)).body).toEqual({ detail, code: 'NOT_FOUND', request_id: REQUEST_ID });
    const ownDraft = await createDraft(intruder, own.id);
    expect((await putDraft(intruder, ownDraft.id, { tipo_sesion_id: type.id }).expect(404)).body.detail).toBe(MSG.sessionTypes.notFound);

    for (const [req] of calls())
      expect((await req.set(bearer(patient.token)).expect(403)).body).toEqual({
        detail: MSG.auth.forbidden,
        code: 'FORBIDDEN',
        request_id: REQUEST_ID,
      });
    for (const [req] of calls()) expect((await req.expect(401)).body.code).toBe('UNAUTHENTICATED');

    expect((await getDraft(owner, draft.id).expect(200)).body).toEqual(draft);
    expect((await listDrafts(owner, patient.patientId).expect(200)).body).toEqual([asListed(draft)]);
    expect(await sql('select count(*)::int as n from session_drafts where patient_id = $1', [own.id])).toEqual([{ n: 1 }]);
  });
});
