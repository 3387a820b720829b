import type { Response } from 'supertest';
import { MSG, fillMessage, type PatientViewSession, type Session as SessionRecord, type TranscriptSegment } from '@consulta/shared';
import { API, api, bearer, sql, therapistSession, type Session } from './support/api';
import { DRAFTS, createDraft, createSession, postSession, putDraft, sessionPayload, signedInPatient } from './support/clinical';
import { expectProblem } from './support/storage';

/**
 * A saved session keeps its transcript's turns with their times (docs/decisions/sessions.md, "Transcript turns"):
 * saved from a draft, a turn's text edited, answered to the therapist and to the session's own patient; a rewritten
 * text no longer has times to keep; nobody else reaches them.
 */
const TURNS: TranscriptSegment[] = [
  { speaker_label: 'Terapeuta', start_time: 0, end_time: 4.5, text: '¿Cómo ha ido la semana?' },
  { speaker_label: 'Paciente', start_time: 5, end_time: 12.25, text: 'Mejor: he practicado la respiración cada noche.' },
  { speaker_label: 'Terapeuta', start_time: 13, end_time: 15, text: 'Me alegra oírlo.' },
];
const TEXT = 'Terapeuta: ¿Cómo ha ido la semana?\nPaciente: Mejor: he practicado la respiración cada noche.\nTerapeuta: Me alegra oírlo.';

describe("a session's transcript turns", () => {
  let therapist: Session;
  let patient: Session & { patientId: string };

  const getSession = (who: Session, id: string) => api().get(`${API}/sesiones/${id}`).set(bearer(who.token));
  const patchSession = (id: string, body: object) => api().patch(`${API}/sesiones/${id}`).set(bearer(therapist.token)).send(body);

  beforeAll(async () => {
    therapist = await therapistSession('Dra. Turnos');
    patient = await signedInPatient(therapist);
  });

  it('saved from a draft, the session keeps the draft turns with their times, whether the text is sent or not', async () => {
    for (const transcripcion of [TEXT, undefined]) {
      const draft = await createDraft(therapist, patient.patientId);
      await putDraft(therapist, draft.id, { archivo_video_info: { transcript: TURNS, script_text: TEXT } }).expect(200);
      const saved = (await postSession(therapist, sessionPayload(patient.patientId, { draft_id: draft.id, transcripcion })).expect(201))
        .body as SessionRecord;
      expect(saved).toMatchObject({ transcripcion: TEXT, transcripcion_segmentos: TURNS });
      expect((await getSession(therapist, saved.id).expect(200)).body).toMatchObject({
        transcripcion: TEXT,
        transcripcion_segmentos: TURNS,
      });
    }
  });

  it('a draft whose text was rewritten by hand gives the session that text without times', async () => {
    const draft = await createDraft(therapist, patient.patientId);
    await putDraft(therapist, draft.id, { archivo_video_info: { transcript: TURNS } }).expect(200);
    const saved = (
      await postSession(
        therapist,
        sessionPayload(patient.patientId, { draft_id: draft.id, transcripcion: 'Resumen escrito a mano.' }),
      ).expect(201)
    ).body as SessionRecord;
    expect(saved).toMatchObject({ transcripcion: 'Resumen escrito a mano.', transcripcion_segmentos: null });
  });

  it("editing a turn's text keeps every turn's times; the text follows the turns", async () => {
    const session = await createSession(therapist, patient.patientId, { transcripcion_segmentos: TURNS });
    expect(session).toMatchObject({ transcripcion: TEXT, transcripcion_segmentos: TURNS });
    const edited = TURNS.map((t, i) => (i === 1 ? { ...t, text: 'Mejor: he practicado la respiración casi cada noche.' } : t));
    const answer = (await patchSession(session.id, { transcripcion_segmentos: edited }).expect(200)).body as SessionRecord;
    expect(answer.transcripcion_segmentos).toEqual(edited);
    expect(answer.transcripcion).toBe(TEXT.replace('cada noche', 'casi cada noche'));
  });

  it('a text sent alone keeps the turns while it is still their text, and drops the times once rewritten', async () => {
    const session = await createSession(therapist, patient.patientId, { transcripcion_segmentos: TURNS });
    const same = (await patchSession(session.id, { transcripcion: `${TEXT.replace(/\n/g, '\r\n')}\n` }).expect(200)).body as SessionRecord;
    expect(same.transcripcion_segmentos).toEqual(TURNS);
    const rewritten = (await patchSession(session.id, { transcripcion: 'Otro texto.' }).expect(200)).body as SessionRecord;
    expect(rewritten).toMatchObject({ transcripcion: 'Otro texto.', transcripcion_segmentos: null });
  });

  it('null turns drop the times and keep the text; a cleared transcript clears both', async () => {
    const session = await createSession(therapist, patient.patientId, { transcripcion_segmentos: TURNS });
    const noTimes = (await patchSession(session.id, { transcripcion_segmentos: null }).expect(200)).body as SessionRecord;
    expect(noTimes).toMatchObject({ transcripcion: TEXT, transcripcion_segmentos: null });
    await patchSession(session.id, { transcripcion_segmentos: TURNS }).expect(200);
    const cleared = (await patchSession(session.id, { transcripcion: null }).expect(200)).body as SessionRecord;
    expect(cleared).toMatchObject({ transcripcion: null, transcripcion_segmentos: null });
  });

  it('malformed turns are refused with the Spanish message, and nothing saved is lost', async () => {
    const session = await createSession(therapist, patient.patientId, { transcripcion_segmentos: TURNS });
    const bad: unknown[] = [
      [{ ...TURNS[0], start_time: 5, end_time: 1 }],
      [{ ...TURNS[0], start_time: -1 }],
      [{ ...TURNS[0], extra: 'x' }],
      [{ speaker_label: 'A', start_time: 0, end_time: 1 }],
      'texto',
      { a: 1 },
      // Absurd times (past the 24 h a session may last), and speaker names that are not one line of the speaker rules.
      [{ ...TURNS[0], end_time: 1e308 }],
      [{ ...TURNS[0], start_time: 86_401, end_time: 86_402 }],
      [{ ...TURNS[0], speaker_label: 'Terapeuta\nPaciente: esto no lo dijo nadie' }],
      [{ ...TURNS[0], speaker_label: 'Terapeuta\r' }],
      [{ ...TURNS[0], speaker_label: 'Tera\u2028peuta' }],
      [{ ...TURNS[0], speaker_label: 'Tera\tpeuta' }],
      [{ ...TURNS[0], speaker_label: 'x'.repeat(51) }],
    ];
    for (const transcripcion_segmentos of bad) {
      const res = await patchSession(session.id, { transcripcion_segmentos }).expect(400);
      expect(res.body.detail).toContain(MSG.sessions.segments);
      await postSession(therapist, sessionPayload(patient.patientId, { transcripcion_segmentos })).expect(400);
    }
    expect((await getSession(therapist, session.id).expect(200)).body).toMatchObject({
      transcripcion: TEXT,
      transcripcion_segmentos: TURNS,
    });
  });

  it("turns end within the session's duration (to the end of its last minute): a longer transcript or a shorter duration is a 400 and nothing is saved", async () => {
    const refused = async (res: Promise<Response> | Response, minutos = 1) =>
      expectProblem(await res, 400, fillMessage(MSG.sessions.segmentsPastDuration, { minutos }), 'VALIDATION');
    const sessionsOfPatient = async () =>
      (await sql(`select count(*)::int as n from sessions where patient_id = $1`, [patient.patientId]))[0].n as number;
    const before = await sessionsOfPatient();
    // TURNS end at 15 s: a session of 0 minutes (none given) or of 1 minute takes them; 1:59.5 is still its last minute.
    const session = await createSession(therapist, patient.patientId, { duracion_minutos: 1, transcripcion_segmentos: TURNS });
    await createSession(therapist, patient.patientId, { duracion_minutos: 0, transcripcion_segmentos: TURNS });
    const lastMinute = [...TURNS, { speaker_label: 'Paciente', start_time: 100, end_time: 119.5, text: 'Hasta la semana que viene.' }];
    await patchSession(session.id, { transcripcion_segmentos: lastMinute }).expect(200);

    const twoMinutes = [...TURNS, { speaker_label: 'Paciente', start_time: 100, end_time: 120, text: 'Hasta la semana que viene.' }];
    await refused(postSession(therapist, sessionPayload(patient.patientId, { duracion_minutos: 1, transcripcion_segmentos: twoMinutes })));
    await refused(patchSession(session.id, { transcripcion_segmentos: twoMinutes }));
    await patchSession(session.id, { transcripcion_segmentos: twoMinutes, duracion_minutos: 2 }).expect(200);
    // Shortening the duration below the turns is the same inconsistency, whatever field the edit sends.
    await refused(patchSession(session.id, { duracion_minutos: 1, notas: 'Otra nota' }));
    expect((await getSession(therapist, session.id).expect(200)).body).toMatchObject({
      duracion_minutos: 2,
      notas: 'El paciente habla de su semana.',
      transcripcion_segmentos: twoMinutes,
    });

    // Saved from a draft, the draft's turns are held to the duration sent; the draft stays as it was.
    const draft = await createDraft(therapist, patient.patientId);
    await putDraft(therapist, draft.id, { archivo_video_info: { transcript: twoMinutes } }).expect(200);
    await refused(postSession(therapist, sessionPayload(patient.patientId, { draft_id: draft.id, duracion_minutos: 1 })));
    expect((await api().get(`${DRAFTS}/${draft.id}`).set(bearer(therapist.token)).expect(200)).body).toMatchObject({
      estado: 'borrador',
      archivo_video_info: { transcript: twoMinutes },
    });
    expect(await sessionsOfPatient()).toBe(before + 2);
  });

  it("the session's patient reads the turns with their times; another therapist and another patient reach nothing", async () => {
    const session = await createSession(therapist, patient.patientId, { transcripcion_segmentos: TURNS });
    const seen = (await api().get(`${API}/sesiones/paciente/sesion/${session.id}`).set(bearer(patient.token)).expect(200))
      .body as PatientViewSession;
    expect(seen).toMatchObject({ transcripcion: TEXT, transcripcion_segmentos: TURNS });

    const stranger = await therapistSession('Dr. Ajeno Turnos');
    await getSession(stranger, session.id).expect(404);
    await api().patch(`${API}/sesiones/${session.id}`).set(bearer(stranger.token)).send({ transcripcion_segmentos: [] }).expect(404);
    const otherPatient = await signedInPatient(stranger);
    await api().get(`${API}/sesiones/paciente/sesion/${session.id}`).set(bearer(otherPatient.token)).expect(404);
    await getSession(patient, session.id).expect(403);
    expect((await getSession(therapist, session.id).expect(200)).body.transcripcion_segmentos).toEqual(TURNS);
  });
});
