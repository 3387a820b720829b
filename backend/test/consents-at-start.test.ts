import { MSG, fillMessage, type ConsentOverview, type InvitationValidation } from '@consulta/shared';
import { API, api, bearer, patientPayload, sql, therapistSession, uniqueEmail, type Session } from './support/api';
import { createDraft, createSession, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { linkIn, waitForMail } from './support/mailbox';
import { expectProblem, uploadVideo } from './support/storage';

/**
 * Consent where the work starts: the recording and AI consents taken with a new patient (POST /pacientes/), and asked
 * in an invitation and ticked by the patient at registration, are recorded with the patient, so the first video,
 * transcription, analysis and assistant answer are not refused for consent.
 */

const consentsOf = async (who: Session, patientId: string) =>
  (await api().get(`${API}/pacientes/consentimientos/${patientId}`).set(bearer(who.token)).expect(200)).body as ConsentOverview;
const create = (who: Session, body: object) => api().post(`${API}/pacientes/`).set(bearer(who.token)).send(body);
const send = (who: Session, body: object) => api().post(`${API}/invitations/send`).set(bearer(who.token)).send(body);
const validate = (token: string) => api().get(`${API}/invitations/validate/${encodeURIComponent(token)}`);
const register = (body: object) => api().post(`${API}/invitations/register`).send(body);
const patientsWithEmail = async (email: string) => (await sql('select id from users where email = $1', [email])).length;

const registration = (token: string, overrides: object = {}) => ({
  invitation_token: token,
  nombre: 'Lucía',
  apellido: 'Fernández',
  telefono: '300 765 4321',
  whatsapp_mensajeria_consentimiento: false,
  password: 'Camino#Nuevo26',
  ...overrides,
});

async function emailInvitation(therapist: Session, consentimientos?: unknown): Promise<{ email: string; token: string; text: string }> {
  const email = uniqueEmail('invitada');
  await send(therapist, { email, ...(consentimientos === undefined ? {} : { consentimientos }) }).expect(201);
  const mail = await waitForMail(testEnv().mailbox, email);
  const link = linkIn(mail, `${testEnv().appUrl}/register/invited?token=`);
  return { email, token: link.searchParams.get('token')!, text: mail.text };
}

describe('POST /pacientes/ with consentimientos', () => {
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Terapeuta de Alta');
  });

  it('records both consents with the patient, by the therapist, dated now; the first AI call is not refused for consent', async () => {
    const before = Date.now();
    const created = await create(
      me,
      patientPayload({
        whatsapp_mensajeria_consentimiento: false,
        consentimientos: [
          { tipo: 'grabacion', forma: 'escrito', nota: ' Firmado en papel ' },
          { tipo: 'ia', forma: 'verbal' },
        ],
      }),
    ).expect(201);
    const id = created.body.id as string;
    const overview = await consentsOf(me, id);
    expect(overview.vigentes).toEqual({ grabacion: true, ia: true, whatsapp: false });
    expect(overview.registros).toHaveLength(2);
    expect(overview.registros).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tipo: 'grabacion', forma: 'escrito', nota: 'Firmado en papel', otorgado_por: 'terapeuta' }),
        expect.objectContaining({ tipo: 'ia', forma: 'verbal', nota: null, otorgado_por: 'terapeuta' }),
      ]),
    );
    for (const record of overview.registros) {
      expect(record.otorgado_por_nombre).toBe('Terapeuta de Alta');
      expect(new Date(record.otorgado_en).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }

    // The first video attaches; transcription and the assistant get past the gate (the shared app has no AI provider: 503).
    const key = await uploadVideo(testEnv(), me, id);
    const draft = await createDraft(me, id, { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key, video_url: key } });
    expectProblem(
      await api().post(`${API}/sesiones-asincronas/start-transcription/${draft.id}`).set(bearer(me.token)),
      503,
      MSG.ai.notConfigured,
      'AI_NOT_CONFIGURED',
    );
    const session = await createSession(me, id);
    expectProblem(
      await api().post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token)),
      503,
      MSG.ai.notConfigured,
    );
    expectProblem(
      await api().post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: '¿Cómo va?', patient_id: id }),
      503,
      MSG.ai.notConfigured,
    );
  });

  it('without consentimientos (or an empty list) nothing is recorded: the gates still refuse', async () => {
    const bare = await create(me, patientPayload({ whatsapp_mensajeria_consentimiento: false })).expect(201);
    const empty = await create(me, patientPayload({ whatsapp_mensajeria_consentimiento: false, consentimientos: [] })).expect(201);
    for (const id of [bare.body.id, empty.body.id]) {
      expect((await consentsOf(me, id)).registros).toEqual([]);
      expectProblem(
        await api().post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: '¿Cómo va?', patient_id: id }),
        409,
        MSG.consents.aiRequired,
        'CONSENT_REQUIRED',
      );
    }
  });

  it.each([
    ['not a list', { tipo: 'ia', forma: 'verbal' }, MSG.consents.initialList],
    ['an entry that is not an object', ['ia'], MSG.consents.initialList],
    ['WhatsApp (the record has its own box)', [{ tipo: 'whatsapp', forma: 'verbal' }], MSG.consents.askableKind],
    ['an unknown kind', [{ tipo: 'fotos', forma: 'verbal' }], MSG.consents.askableKind],
    ['a missing form', [{ tipo: 'ia' }], MSG.consents.form],
    ['a form the therapist does not record', [{ tipo: 'ia', forma: 'ficha' }], MSG.consents.form],
    ['a note too long', [{ tipo: 'ia', forma: 'verbal', nota: 'x'.repeat(1001) }], MSG.consents.note],
    // Refused, not dropped: a client that believes it recorded a signature or a date learns it did not.
    [
      'an unknown key in an item',
      [{ tipo: 'ia', forma: 'escrito', firmado_por: 'Ana' }],
      fillMessage(MSG.validation.notAllowed, { campo: 'consentimientos.firmado_por' }),
    ],
    [
      'the same kind twice',
      [
        { tipo: 'ia', forma: 'verbal' },
        { tipo: 'ia', forma: 'escrito' },
      ],
      MSG.consents.repeated,
    ],
  ])('%s is a 400 with the Spanish detail, and no patient is created', async (_case, consentimientos, detail) => {
    const payload = patientPayload({ consentimientos: consentimientos as never });
    expectProblem(await create(me, payload), 400, detail, 'VALIDATION');
    expect(await patientsWithEmail(payload.email)).toBe(0);
  });

  it('a patient cannot create patients (nor grant consents that way); another therapist only reaches their own new patient', async () => {
    const patient = await signedInPatient(me);
    const payload = patientPayload({ consentimientos: [{ tipo: 'ia', forma: 'digital' }] });
    expectProblem(await create(patient, payload), 403, undefined, 'FORBIDDEN');
    expect(await patientsWithEmail(payload.email)).toBe(0);

    // Another therapist's create makes a patient of theirs; it cannot name me as the therapist.
    const other = await therapistSession('Otra Terapeuta');
    const mismatched = patientPayload({ terapeuta_id: me.id, consentimientos: [{ tipo: 'ia', forma: 'digital' }] } as never);
    expectProblem(await create(other, mismatched), 400, MSG.patients.therapistMismatch, 'VALIDATION');
    expect(await patientsWithEmail(mismatched.email)).toBe(0);
    const theirs = await create(other, patientPayload({ consentimientos: [{ tipo: 'ia', forma: 'digital' }] })).expect(201);
    expectProblem(await api().get(`${API}/pacientes/consentimientos/${theirs.body.id}`).set(bearer(me.token)), 404, undefined, 'NOT_FOUND');
    expect((await consentsOf(other, theirs.body.id)).vigentes.ia).toBe(true);
  });
});

describe('consents asked in an invitation', () => {
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Dra. Invita Consentimientos');
  });

  it('the invitation says what will be asked; registration records exactly the ticked ones as the patient’s digital consents', async () => {
    const { email, token, text } = await emailInvitation(me, ['ia', 'grabacion']);
    expect(text).toContain('Al registrarte se te pedirá tu consentimiento para: Grabación de las sesiones');
    expect(text).toContain('Transcripción y análisis con IA (permite transcribir y analizar las sesiones con IA');
    const [row] = await sql<{ consents_asked: string[] }>('select consents_asked from invitations where email = $1', [email]);
    expect(row.consents_asked).toEqual(['grabacion', 'ia']);

    const shown = (await validate(token).expect(200)).body as InvitationValidation;
    expect(shown).toEqual({
      valid: true,
      message: MSG.invitations.valid,
      therapist_name: 'Dra. Invita Consentimientos',
      email,
      phone_number: null,
      consentimientos: ['grabacion', 'ia'],
      pais: 'ES',
    });

    const registered = await register(registration(token, { consentimientos: ['ia'] })).expect(201);
    const overview = await consentsOf(me, registered.body.patient_id);
    expect(overview.vigentes).toEqual({ grabacion: false, ia: true, whatsapp: false });
    expect(overview.registros).toEqual([
      expect.objectContaining({
        tipo: 'ia',
        forma: 'digital',
        otorgado_por: 'paciente',
        otorgado_por_nombre: 'Lucía Fernández',
        nota: null,
      }),
    ]);

    // The patient's own assistant is past the gate (no AI provider here: 503, not 409).
    const login = await api().post(`${API}/auth/login/patient`).send({ email, contrasenia: 'Camino#Nuevo26' }).expect(200);
    expectProblem(
      await api().post(`${API}/ai-agent/patient-chat`).set(bearer(login.body.access_token)).send({ message: '¿Cómo voy?' }),
      503,
      MSG.ai.notConfigured,
    );
  });

  it('nothing ticked: registration succeeds with no consent recorded', async () => {
    const { token } = await emailInvitation(me, ['grabacion', 'ia']);
    const registered = await register(registration(token, { consentimientos: [] })).expect(201);
    expect((await consentsOf(me, registered.body.patient_id)).registros).toEqual([]);
  });

  it('an invitation that asks nothing says nothing about consents and shows an empty list', async () => {
    const { token, text } = await emailInvitation(me);
    expect(text).not.toContain('consentimiento');
    expect((await validate(token).expect(200)).body.consentimientos).toEqual([]);
    expect((await validate('no-existe').expect(200)).body).toMatchObject({ valid: false, consentimientos: [] });
  });

  it('the WhatsApp text names the asked consents', async () => {
    const sent = await send(me, { phone_number: '+573007654321', consentimientos: ['grabacion'] }).expect(201);
    const text = new URL(sent.body.whatsapp_url).searchParams.get('text')!;
    expect(text).toContain('Al registrarte se te pedirá tu consentimiento para: Grabación de las sesiones (permite adjuntar el video');
    expect(text).not.toContain('Transcripción');
  });

  it('the registration cannot grant what the invitation did not ask; bad lists are 400 and create nothing', async () => {
    const { email, token } = await emailInvitation(me, ['grabacion']);
    expectProblem(await register(registration(token, { consentimientos: ['ia'] })), 400, MSG.consents.notAsked, 'VALIDATION');
    expectProblem(await register(registration(token, { consentimientos: ['whatsapp'] })), 400, MSG.consents.askableKind, 'VALIDATION');
    expectProblem(await register(registration(token, { consentimientos: 'ia' })), 400, MSG.consents.askableList, 'VALIDATION');
    expect(await patientsWithEmail(email)).toBe(0);
    // The link is still good for a proper registration.
    const registered = await register(registration(token, { consentimientos: ['grabacion'] })).expect(201);
    expect((await consentsOf(me, registered.body.patient_id)).vigentes).toEqual({ grabacion: true, ia: false, whatsapp: false });
    // Spent: it cannot be used again to grant anything to anyone.
    expectProblem(await register(registration(token, { consentimientos: ['grabacion'] })), 400, MSG.invitations.invalid, 'VALIDATION');

    expectProblem(await send(me, { email: uniqueEmail('x'), consentimientos: ['whatsapp'] }), 400, MSG.consents.askableKind, 'VALIDATION');
    expectProblem(await send(me, { email: uniqueEmail('x'), consentimientos: ['ia', 'ia'] }), 400, MSG.consents.repeated, 'VALIDATION');
  });

  it('a patient cannot send invitations; another therapist’s invitation makes a patient of theirs only', async () => {
    const patient = await signedInPatient(me);
    expectProblem(await send(patient, { email: uniqueEmail('x'), consentimientos: ['ia'] }), 403, undefined, 'FORBIDDEN');
    const other = await therapistSession('Otro Terapeuta Invita');
    const { token } = await emailInvitation(other, ['ia']);
    const registered = await register(registration(token, { consentimientos: ['ia'] })).expect(201);
    expectProblem(
      await api().get(`${API}/pacientes/consentimientos/${registered.body.patient_id}`).set(bearer(me.token)),
      404,
      undefined,
      'NOT_FOUND',
    );
    expect((await consentsOf(other, registered.body.patient_id)).vigentes.ia).toBe(true);
    // The existing patient's consents are untouched.
    expect((await consentsOf(me, patient.patientId)).registros.every((r) => r.otorgado_por === 'terapeuta')).toBe(true);
  });
});
