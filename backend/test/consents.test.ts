import { MSG, type ConsentOverview, type PatientConsentOverview } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { startAiApp, waitForDraft, type AiApp } from './support/ai-app';
import { DRAFTS, createDraft, createSession, putDraft, sessionPayload, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { expectProblem, uploadVideo, waitFor, type Reachable } from './support/storage';

/**
 * A patient's consents (issue 17): the therapist records and revokes them, the patient reads and revokes their own,
 * and recording and AI refuse (409 CONSENT_REQUIRED) without them, before anything is written or sent.
 */

const consentsOf = (patientId: string) => `${API}/pacientes/consentimientos/${patientId}`;
const OWN = `${API}/pacientes/perfil/consentimientos`;
const CANARY_NOTE = 'CANARIO-NOTA-CONSENTIMIENTO';

const read = async (who: Session, patientId: string, t: Reachable = testEnv()) =>
  (await api(t).get(consentsOf(patientId)).set(bearer(who.token)).expect(200)).body as ConsentOverview;
const grant = (who: Session, patientId: string, body: object, t: Reachable = testEnv()) =>
  api(t).post(consentsOf(patientId)).set(bearer(who.token)).send(body);
const revoke = (who: Session, patientId: string, tipo: string, body: object = { forma: 'verbal' }, t: Reachable = testEnv()) =>
  api(t)
    .post(`${consentsOf(patientId)}/${tipo}/revocar`)
    .set(bearer(who.token))
    .send(body);
const revokeOwn = (who: Session, tipo: string, t: Reachable = testEnv()) =>
  api(t).post(`${OWN}/${tipo}/revocar`).set(bearer(who.token)).send({});

describe('the therapist records and revokes', () => {
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Terapeuta de Consentimientos');
  });

  it('records a consent with who, when and how, keeps the history through a revocation and a new grant', async () => {
    const patient = await createPatient(me, { whatsapp_mensajeria_consentimiento: false }, testEnv(), []);
    expect(await read(me, patient.id)).toEqual({ vigentes: { grabacion: false, ia: false, whatsapp: false }, registros: [] });

    const given = await grant(me, patient.id, { tipo: 'ia', forma: 'escrito', nota: ` ${CANARY_NOTE} ` }).expect(201);
    expect(given.body.vigentes).toEqual({ grabacion: false, ia: true, whatsapp: false });
    expect(given.body.registros).toEqual([
      expect.objectContaining({
        tipo: 'ia',
        forma: 'escrito',
        nota: CANARY_NOTE,
        otorgado_por: 'terapeuta',
        otorgado_por_nombre: 'Terapeuta de Consentimientos',
        revocado_en: null,
        revocado_por: null,
      }),
    ]);
    expectProblem(await grant(me, patient.id, { tipo: 'ia', forma: 'verbal' }), 409, MSG.consents.alreadyGiven, 'ALREADY_EXISTS');

    const revoked = await revoke(me, patient.id, 'ia', { forma: 'verbal', nota: 'Lo pidió por teléfono' }).expect(200);
    expect(revoked.body.vigentes.ia).toBe(false);
    expect(revoked.body.registros[0]).toMatchObject({
      revocado_por: 'terapeuta',
      forma_revocacion: 'verbal',
      nota_revocacion: 'Lo pidió por teléfono',
    });
    expect(Date.parse(revoked.body.registros[0].revocado_en)).toBeGreaterThanOrEqual(Date.parse(revoked.body.registros[0].otorgado_en));
    expectProblem(await revoke(me, patient.id, 'ia'), 409, MSG.consents.notGiven, 'CONFLICT');

    await grant(me, patient.id, { tipo: 'ia', forma: 'digital' }).expect(201);
    const history = await read(me, patient.id);
    expect(history.vigentes.ia).toBe(true);
    expect(history.registros.map((r) => [r.forma, r.revocado_en === null])).toEqual([
      ['digital', true],
      ['escrito', false],
    ]);
  });

  it('refuses bad input with a Spanish detail', async () => {
    const patient = await createPatient(me, { whatsapp_mensajeria_consentimiento: false }, testEnv(), []);
    expectProblem(await grant(me, patient.id, { tipo: 'video', forma: 'verbal' }), 400, MSG.consents.kind, 'VALIDATION');
    expectProblem(await grant(me, patient.id, { tipo: 'ia' }), 400, MSG.consents.form, 'VALIDATION');
    // 'migracion' and 'ficha' are the system's own forms, never chosen by hand.
    expectProblem(await grant(me, patient.id, { tipo: 'ia', forma: 'migracion' }), 400, MSG.consents.form, 'VALIDATION');
    expectProblem(
      await grant(me, patient.id, { tipo: 'ia', forma: 'verbal', nota: 'x'.repeat(1001) }),
      400,
      'El campo nota es demasiado largo (máximo 1000 caracteres)',
    );
    expectProblem(
      await grant(me, patient.id, { tipo: 'ia', forma: 'verbal', otorgado_en: '2020-01-01' }),
      400,
      'El campo otorgado_en no está permitido',
    );
    expectProblem(await revoke(me, patient.id, 'nada'), 400, MSG.consents.kind, 'VALIDATION');
    expectProblem(await revoke(me, patient.id, 'ia', {}), 400, MSG.consents.form, 'VALIDATION');
    expect((await read(me, patient.id)).registros).toEqual([]);
  });

  it('another therapist gets 404 on every route, a patient 403, and nothing changes', async () => {
    const patient = await createPatient(me, { whatsapp_mensajeria_consentimiento: false });
    const other = await therapistSession('Otra Terapeuta');
    const someone = await signedInPatient(other);
    expectProblem(await api().get(consentsOf(patient.id)).set(bearer(other.token)), 404, MSG.patients.notFound, 'NOT_FOUND');
    expectProblem(await grant(other, patient.id, { tipo: 'whatsapp', forma: 'verbal' }), 404, MSG.patients.notFound, 'NOT_FOUND');
    expectProblem(await revoke(other, patient.id, 'ia'), 404, MSG.patients.notFound, 'NOT_FOUND');
    expectProblem(await api().get(consentsOf('no-es-un-id')).set(bearer(me.token)), 404, MSG.patients.notFound, 'NOT_FOUND');
    expectProblem(await api().get(consentsOf(patient.id)).set(bearer(someone.token)), 403, undefined, 'FORBIDDEN');
    expectProblem(await grant(someone, patient.id, { tipo: 'ia', forma: 'digital' }), 403, undefined, 'FORBIDDEN');
    expectProblem(await revoke(someone, patient.id, 'ia'), 403, undefined, 'FORBIDDEN');
    // The therapist may not use the patient's own routes.
    expectProblem(await api().get(OWN).set(bearer(me.token)), 403, undefined, 'FORBIDDEN');
    expectProblem(await revokeOwn(me, 'ia'), 403, undefined, 'FORBIDDEN');
    expect((await read(me, patient.id)).vigentes).toEqual({ grabacion: true, ia: true, whatsapp: false });
  });
});

describe('the patient reads and revokes their own', () => {
  it('sees an allow-list of their records and revokes one, which the therapist sees as the patient’s, digital', async () => {
    const me = await therapistSession('Terapeuta de Mi Perfil');
    const patient = await signedInPatient(me);
    await revoke(me, patient.patientId, 'grabacion').expect(200);
    await grant(me, patient.patientId, { tipo: 'grabacion', forma: 'escrito', nota: CANARY_NOTE }).expect(201);
    const neighbour = await signedInPatient(me);

    const own = await api().get(OWN).set(bearer(patient.token)).expect(200);
    expect(own.text).not.toContain(CANARY_NOTE);
    expect(own.text).not.toContain('Terapeuta de Mi Perfil');
    const body = own.body as PatientConsentOverview;
    expect(body.vigentes).toEqual({ grabacion: true, ia: true, whatsapp: true });
    for (const record of body.registros) {
      expect(Object.keys(record).sort()).toEqual(['forma', 'id', 'otorgado_en', 'otorgado_por', 'revocado_en', 'revocado_por', 'tipo']);
    }

    const after = await revokeOwn(patient, 'ia').expect(200);
    expect(after.body.vigentes).toEqual({ grabacion: true, ia: false, whatsapp: true });
    expectProblem(await revokeOwn(patient, 'ia'), 409, MSG.consents.notGiven, 'CONFLICT');
    expectProblem(await revokeOwn(patient, 'todo'), 400, MSG.consents.kind, 'VALIDATION');
    // A patient may not grant: there is no granting route of theirs, and the therapist's refuses them.
    expectProblem(await api().post(OWN).set(bearer(patient.token)).send({ tipo: 'ia', forma: 'digital' }), 404, undefined, 'NOT_FOUND');
    expectProblem(await grant(patient, patient.patientId, { tipo: 'ia', forma: 'digital' }), 403, undefined, 'FORBIDDEN');

    const seen = await read(me, patient.patientId);
    expect(seen.registros.find((r) => r.tipo === 'ia')).toMatchObject({
      revocado_por: 'paciente',
      forma_revocacion: 'digital',
      revocado_por_nombre: expect.any(String),
    });
    expect((await read(me, neighbour.patientId)).vigentes.ia).toBe(true);
  });

  it('the WhatsApp box of the record and the WhatsApp consent are one: either side changes both', async () => {
    const me = await therapistSession('Terapeuta de WhatsApp');
    const created = await createPatient(me, { whatsapp_mensajeria_consentimiento: true });
    const record = await read(me, created.id);
    expect(record.registros.find((r) => r.tipo === 'whatsapp')).toMatchObject({
      forma: 'ficha',
      otorgado_por: 'terapeuta',
      revocado_en: null,
    });

    await api()
      .patch(`${API}/pacientes/${created.id}`)
      .set(bearer(me.token))
      .send({ whatsapp_mensajeria_consentimiento: false })
      .expect(200);
    expect((await read(me, created.id)).registros.find((r) => r.tipo === 'whatsapp')).toMatchObject({
      forma_revocacion: 'ficha',
      revocado_por: 'terapeuta',
    });

    const patient = await signedInPatient(me);
    const box = async () =>
      (await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(me.token)).expect(200)).body.whatsapp_mensajeria_consentimiento;
    expect(await box()).toBe(true);
    await revokeOwn(patient, 'whatsapp').expect(200);
    expect(await box()).toBe(false);
    await grant(me, patient.patientId, { tipo: 'whatsapp', forma: 'verbal' }).expect(201);
    expect(await box()).toBe(true);
  });
});

describe('the gates: 409 CONSENT_REQUIRED naming the consent, before anything happens', () => {
  const t = testEnv();
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Terapeuta de Puertas');
  });

  it('attaching a video to a draft or a session needs the recording consent', async () => {
    const patient = await createPatient(me);
    const key = await uploadVideo(t, me, patient.id);
    const spare = await uploadVideo(t, me, patient.id);
    const draft = await createDraft(me, patient.id, { tipo_sesion: 'psicoterapia' });
    const session = await createSession(me, patient.id);
    await revoke(me, patient.id, 'grabacion').expect(200);
    const drafts = async () => (await api().get(`${DRAFTS}/paciente/${patient.id}`).set(bearer(me.token)).expect(200)).body.length;
    const before = await drafts();

    const refused = [
      await api()
        .post(DRAFTS)
        .set(bearer(me.token))
        .send({ paciente_id: patient.id, archivo_video_info: { file_key: key } }),
      await putDraft(me, draft.id, { archivo_video_info: { file_key: key, video_url: key } }),
      await api()
        .post(`${API}/sesiones/`)
        .set(bearer(me.token))
        .send(sessionPayload(patient.id, { video_url: key })),
      await api().patch(`${API}/sesiones/${session.id}`).set(bearer(me.token)).send({ video_url: spare }),
    ];
    for (const res of refused) expectProblem(res, 409, MSG.consents.recordingRequired, 'CONSENT_REQUIRED');
    expect(await drafts()).toBe(before);
    expect((await api().get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200)).body.video_url).toBeNull();

    await grant(me, patient.id, { tipo: 'grabacion', forma: 'escrito' }).expect(201);
    await putDraft(me, draft.id, { archivo_video_info: { file_key: key, video_url: key } }).expect(200);
  });

  it('transcription, both analyses and the assistants need the AI consent; a patient’s revocation closes them again', async () => {
    const patient = await signedInPatient(me);
    const key = await uploadVideo(t, me, patient.patientId);
    const draft = await createDraft(me, patient.patientId, {
      tipo_sesion: 'psicoterapia',
      archivo_video_info: { file_key: key, video_url: key },
    });
    const session = await createSession(me, patient.patientId);
    const calls = () => [
      api().post(`${API}/sesiones-asincronas/start-transcription/${draft.id}`).set(bearer(me.token)),
      api().post(`${API}/sesiones-asincronas/start-analysis/${draft.id}`).set(bearer(me.token)),
      api().post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token)),
      api().post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: '¿Cómo va?', patient_id: patient.patientId }),
    ];

    await revokeOwn(patient, 'ia').expect(200);
    for (const res of await Promise.all(calls())) expectProblem(res, 409, MSG.consents.aiRequired, 'CONSENT_REQUIRED');
    const own = await api().post(`${API}/ai-agent/patient-chat`).set(bearer(patient.token)).send({ message: '¿Cómo voy?' });
    expectProblem(own, 409, MSG.consents.ownAiRequired, 'CONSENT_REQUIRED');
    expect((await api().get(`${DRAFTS}/${draft.id}`).set(bearer(me.token)).expect(200)).body.estado).toBe('borrador');

    // With the consent recorded again the gate opens: the shared app has no AI provider, so the next answer is 503.
    await grant(me, patient.patientId, { tipo: 'ia', forma: 'verbal' }).expect(201);
    for (const res of await Promise.all(calls())) expectProblem(res, 503, MSG.ai.notConfigured, 'AI_NOT_CONFIGURED');
    expectProblem(
      await api().post(`${API}/ai-agent/patient-chat`).set(bearer(patient.token)).send({ message: '¿Cómo voy?' }),
      503,
      MSG.ai.notConfigured,
    );
  });
});

describe('with an AI provider and jobs run by a separate worker', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('consents', peer.url, { RUN_JOBS: 'false' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('a transcription or an analysis queued before the patient revoked the AI consent stops, saying why', async () => {
    const me = await therapistSession('Terapeuta de Trabajos', t);
    const patient = await createPatient(me, {}, t);
    const key = await uploadVideo(t, me, patient.id);
    const toTranscribe = await createDraft(
      me,
      patient.id,
      { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key, video_url: key } },
      t,
    );
    const toAnalyse = await createDraft(me, patient.id, { tipo_sesion: 'psicoterapia', notas: 'Habla de su semana.' }, t);
    const session = await createSession(me, patient.id, {}, t);
    await api(t).post(`${API}/sesiones-asincronas/start-transcription/${toTranscribe.id}`).set(bearer(me.token)).expect(202);
    await api(t).post(`${API}/sesiones-asincronas/start-analysis/${toAnalyse.id}`).set(bearer(me.token)).expect(202);
    await api(t).post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token)).expect(202);
    await revoke(me, patient.id, 'ia', { forma: 'escrito' }, t).expect(200);

    await t.worker();
    for (const draft of [toTranscribe, toAnalyse]) {
      const { last } = await waitForDraft(t, me, draft.id, (p) => p.estado === 'fallido');
      expect(last.mensaje_error).toBe(MSG.consents.aiWithdrawn);
    }
    await waitFor(
      'the session analysis to stop',
      async () => (await sql(`select analisis_estado from sessions where id = $1`, [session.id], t))[0].analisis_estado === 'fallido',
    );
    expect(peer.requests).toHaveLength(0);
  });

  it('the practice assistant learns nothing of a patient without the AI consent, not even the name', async () => {
    const me = await therapistSession('Terapeuta de Práctica', t);
    await createPatient(me, { nombre: 'Consentida', apellido: 'Conforme' }, t);
    const refused = await createPatient(me, { nombre: 'Reservada', apellido: 'Sinconsentir' }, t, ['grabacion']);
    await createSession(me, refused.id, { notas: 'CANARIO-SESION-SIN-CONSENTIMIENTO' }, t);
    peer.reset();
    await api(t).post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: '¿Cómo va la consulta?' }).expect(200);
    const [sent] = peer.chats();
    const text = (sent.body?.messages ?? []).map((m) => String(m.content)).join('\n');
    // The consenting patient, pseudonymized (ai-pseudonymize.test.ts); the other not there at all.
    expect(text).toContain('[PACIENTE_1]');
    expect(text).not.toContain('[PACIENTE_2]');
    expect(text).not.toContain('Reservada');
    expect(text).not.toContain('Sinconsentir');
    expect(text).not.toContain('CANARIO-SESION-SIN-CONSENTIMIENTO');
    expect(text).toContain('"pacientes_sin_consentimiento_ia":1');
  });
});
