import { EXERCISE_SUGGESTION_LIMITS, MSG, type ExerciseSuggestions } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type AppTarget, type Session } from './support/api';
import { startAiApp, type AiApp } from './support/ai-app';
import { MISSING_ID, createSession, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { assignExercise, createExercise } from './support/exercises';
import { jsonReply, startOpenAiPeer, type OpenAiPeer, type RecordedChat } from './support/openai-peer';
import { expectProblem } from './support/storage';

/**
 * 'Sugerir ejercicios' (POST /sesiones/{id}/sugerir-ejercicios): the AI proposes exercises of the therapist's own
 * bank for one session, against a real OpenAI-compatible peer that records every request (openai-peer.ts): what the
 * provider was sent is read there, canary by canary, and its scripted answers, honest or not, are what the app filters.
 */

const suggest = (t: Pick<AppTarget, 'appUrl'>, who: Session, sessionId: string) =>
  api(t).post(`${API}/sesiones/${sessionId}/sugerir-ejercicios`).set(bearer(who.token));

/** Everything the provider was sent, as one text. */
const sentText = (req: RecordedChat): string => (req.body?.messages ?? []).map((m) => String(m.content)).join('\n');

/** The JSON inside a data block of the user message. */
function block(req: RecordedChat, tag: string): unknown {
  const user = String(req.body?.messages?.[1]?.content ?? '');
  const inside = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(user);
  if (!inside) throw new Error(`no <${tag}> block in: ${user.slice(0, 300)}`);
  return JSON.parse(inside[1]);
}

const LIMIT = 5;
const TIMEOUT_MS = 1500;

describe('without an AI provider (the shared app)', () => {
  it('refuses a patient (403), another therapist’s or a missing session (404), before anything else', async () => {
    const me = await therapistSession();
    const other = await therapistSession();
    const patient = await signedInPatient(me);
    const own = await createSession(me, patient.patientId);
    const foreignPatient = await createPatient(other);
    const foreign = await createSession(other, foreignPatient.id);

    expectProblem(await suggest(testEnv(), patient, own.id), 403, MSG.auth.forbidden, 'FORBIDDEN');
    for (const id of [foreign.id, MISSING_ID, 'no-es-un-id']) {
      expectProblem(await suggest(testEnv(), me, id), 404, MSG.sessions.notFound, 'NOT_FOUND');
    }
    expectProblem(await api().post(`${API}/sesiones/${own.id}/sugerir-ejercicios`), 401);
  });

  it('asks for the AI consent (409), then answers 503 AI_NOT_CONFIGURED', async () => {
    const me = await therapistSession();
    const withoutConsent = await createPatient(me, {}, testEnv(), ['grabacion']);
    const refused = await createSession(me, withoutConsent.id);
    expectProblem(await suggest(testEnv(), me, refused.id), 409, MSG.consents.aiRequired, 'CONSENT_REQUIRED');
    const patient = await createPatient(me);
    const session = await createSession(me, patient.id);
    expectProblem(await suggest(testEnv(), me, session.id), 503, MSG.ai.notConfigured, 'AI_NOT_CONFIGURED');
  });
});

describe('with an AI provider', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('suggest', peer.url, { AI_CHAT_TIMEOUT_MS: String(TIMEOUT_MS), AI_CHAT_THROTTLE_LIMIT: String(LIMIT) });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(() => peer.reset());

  /**
   * A therapist's practice: patient Paula's session (PERMITIDO markers: what the model is to read), a bank of three
   * exercises (one already Paula's), one retired; another patient of the same therapist and another therapist's
   * patient and bank, all with CANARIO markers that must never reach the provider.
   */
  async function practice() {
    const me = await therapistSession('Dra. Sugerente', t);
    const other = await therapistSession('Dr. Ajeno', t);
    const paula = await createPatient(me, { nombre: 'Paula', apellido: 'Permitida', notas_terapeuticas: 'CANARIO-FICHA-PAULA' }, t);
    const session = await createSession(
      me,
      paula.id,
      {
        notas: 'PERMITIDO-NOTAS: le cuesta dormir antes de las reuniones.',
        temas_importantes: 'PERMITIDO-TEMAS',
        transcripcion: 'Paciente: PERMITIDO-TRANSCRIPCION, me quedo en blanco cuando hablo en público.',
        fecha: '2026-11-02',
      },
      t,
    );
    const breathing = await createExercise(
      me,
      { titulo: 'Respiración diafragmática', categoria: 'Ansiedad', descripcion: 'Inspira en 4.' },
      t,
    );
    const thoughts = await createExercise(me, { titulo: 'Registro de pensamientos', categoria: 'Ansiedad' }, t);
    const sleep = await createExercise(me, { titulo: 'Higiene del sueño', descripcion: 'x'.repeat(2000) }, t);
    await assignExercise(me, paula.id, thoughts.id, t).expect(201);
    const retired = await createExercise(me, { titulo: 'Ejercicio retirado' }, t);
    await sql(`update exercises set eliminado_en = now() where id = $1`, [retired.id], t);

    const quique = await createPatient(me, { nombre: 'Quique', apellido: 'Vecino', notas_terapeuticas: 'CANARIO-OTRO-PACIENTE-FICHA' }, t);
    await createSession(me, quique.id, { notas: 'CANARIO-OTRO-PACIENTE-NOTAS', transcripcion: 'CANARIO-OTRO-PACIENTE-TRANSCRIPCION' }, t);
    const foreignExercise = await createExercise(other, { titulo: 'CANARIO-BANCO-AJENO', categoria: 'Ansiedad' }, t);
    const rita = await createPatient(other, { nombre: 'Rita', apellido: 'Ajena' }, t);
    await createSession(other, rita.id, { notas: 'CANARIO-OTRO-TERAPEUTA' }, t);
    return { me, other, paula, session, breathing, thoughts, sleep, retired, foreignExercise };
  }

  it('answers exercises of the bank with their title, category and reason; the request is JSON mode with this session and this bank only', async () => {
    const { me, paula, session, breathing, thoughts, sleep, retired } = await practice();
    peer.onChat(() =>
      jsonReply({
        sugerencias: [
          { ejercicio_id: breathing.id, motivo: 'Le ayuda con los nervios antes de hablar en público.' },
          { ejercicio_id: sleep.id, motivo: 'Dijo que le cuesta dormir antes de las reuniones.' },
        ],
      }),
    );
    const res = await suggest(t, me, session.id).expect(200);
    expect(res.body as ExerciseSuggestions).toEqual({
      sugerencias: [
        {
          ejercicio_id: breathing.id,
          titulo: 'Respiración diafragmática',
          categoria: 'Ansiedad',
          motivo: 'Le ayuda con los nervios antes de hablar en público.',
        },
        {
          ejercicio_id: sleep.id,
          titulo: 'Higiene del sueño',
          categoria: null,
          motivo: 'Dijo que le cuesta dormir antes de las reuniones.',
        },
      ],
    });

    const [sent] = peer.chats();
    expect(peer.chats()).toHaveLength(1);
    expect(sent.body).toMatchObject({ response_format: { type: 'json_object' } });
    expect(sent.stream).toBe(false);
    expect(sent.body?.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    const instructions = String(sent.body?.messages?.[0].content);
    expect(instructions).toMatch(/^Eres un asistente clínico/);
    expect(instructions).toContain('JSON');
    expect(instructions).toContain('nunca inventes un id');
    // The bank, newest first, with whether Paula has each; the retired exercise and the other therapist's never.
    expect(block(sent, 'banco_de_ejercicios')).toEqual([
      { id: sleep.id, titulo: 'Higiene del sueño', descripcion: 'x'.repeat(EXERCISE_SUGGESTION_LIMITS.descriptionMax), asignado: false },
      { id: thoughts.id, titulo: 'Registro de pensamientos', categoria: 'Ansiedad', asignado: true },
      { id: breathing.id, titulo: 'Respiración diafragmática', categoria: 'Ansiedad', descripcion: 'Inspira en 4.', asignado: false },
    ]);
    // The session as the therapist's analysis reads it.
    expect(block(sent, 'datos_de_la_sesion')).toMatchObject({
      tipo: 'Psicoterapia',
      notas: 'PERMITIDO-NOTAS: le cuesta dormir antes de las reuniones.',
      temas_importantes: 'PERMITIDO-TEMAS',
      transcripcion: 'Paciente: PERMITIDO-TRANSCRIPCION, me quedo en blanco cuando hablo en público.',
      fecha: expect.stringMatching(/^2026-11-02/),
    });
    const text = sentText(sent);
    expect(text.match(/CANARIO[-\w]*/g)).toBeNull();
    for (const absent of ['Quique', 'Rita', 'Paula', retired.id, 'Ejercicio retirado']) expect(text).not.toContain(absent);
    expect(paula.id).toBeTruthy();

    // Nothing was assigned: 'Asignar' is the therapist's own call, which then works as ever.
    const list = await api(t).get(`${API}/paciente-ejercicios/pacientes/${paula.id}/ejercicios/unified`).set(bearer(me.token)).expect(200);
    expect(list.body.ejercicios.map((e: { id: string }) => e.id)).toEqual([thoughts.id]);
    await assignExercise(me, paula.id, breathing.id, t).expect(201);

    // The request is in Paula's access history, as an AI read of her data.
    const history = await api(t).get(`${API}/pacientes/historial-accesos/${paula.id}`).set(bearer(me.token)).expect(200);
    expect(history.body).toContainEqual(expect.objectContaining({ tipo: 'analisis', accion: 'lectura', exito: true, estado_http: 200 }));
  });

  it('drops invented, foreign, retired and repeated ids and reasonless items; keeps three, each reason one sentence of at most 300 characters', async () => {
    const { me, session, breathing, thoughts, sleep, retired, foreignExercise } = await practice();
    const long = `Porque ${'practicar con calma '.repeat(30)}le servirá.`;
    peer.onChat(() =>
      jsonReply({
        sugerencias: [
          { ejercicio_id: '11111111-2222-4333-8444-555555555555', motivo: 'Inventado.' },
          { ejercicio_id: foreignExercise.id, motivo: 'De otro terapeuta.' },
          { ejercicio_id: retired.id, motivo: 'Retirado.' },
          { ejercicio_id: 'respiracion', motivo: 'No es un id.' },
          { ejercicio_id: breathing.id.toUpperCase(), motivo: '  Habló de los nervios\nal hablar en público. Y además otra frase.  ' },
          { ejercicio_id: breathing.id, motivo: 'Repetido.' },
          { ejercicio_id: thoughts.id },
          { ejercicio_id: thoughts.id, motivo: 42 },
          'no es un objeto',
          { ejercicio_id: sleep.id, motivo: long },
          { ejercicio_id: thoughts.id, motivo: '¿Revisar lo que piensa antes de una reunión? Sí.' },
          { ejercicio_id: thoughts.id, motivo: 'Una cuarta que sobra.' },
        ],
      }),
    );
    const { sugerencias } = (await suggest(t, me, session.id).expect(200)).body as ExerciseSuggestions;
    expect(sugerencias.map((s) => s.ejercicio_id)).toEqual([breathing.id, sleep.id, thoughts.id]);
    expect(sugerencias[0].motivo).toBe('Habló de los nervios al hablar en público.');
    expect(sugerencias[1].motivo.length).toBeLessThanOrEqual(EXERCISE_SUGGESTION_LIMITS.reasonMax);
    expect(sugerencias[1].motivo).toMatch(/^Porque (practicar con calma )+(practicar|practicar con)…$/);
    expect(sugerencias[2].motivo).toBe('¿Revisar lo que piensa antes de una reunión?');
    const text = JSON.stringify(sugerencias);
    expect(text).not.toMatch(/CANARIO|Inventado|retirado/i);
  });

  it('leaves out an exercise retired while the model was answering', async () => {
    const { me, session, breathing, sleep } = await practice();
    peer.onChat(() => {
      void sql(`update exercises set eliminado_en = now() where id = $1`, [sleep.id], t);
      return {
        delayMs: 400,
        then: jsonReply({
          sugerencias: [
            { ejercicio_id: sleep.id, motivo: 'Duerme mal.' },
            { ejercicio_id: breathing.id, motivo: 'Nervios.' },
          ],
        }),
      };
    });
    const { sugerencias } = (await suggest(t, me, session.id).expect(200)).body as ExerciseSuggestions;
    expect(sugerencias.map((s) => s.ejercicio_id)).toEqual([breathing.id]);
  });

  it('answers an empty list when nothing fits, or when nothing the model named is in the bank', async () => {
    const { me, session, foreignExercise } = await practice();
    peer.onChat((_req, n) => jsonReply({ sugerencias: n === 0 ? [] : [{ ejercicio_id: foreignExercise.id, motivo: 'Ajeno.' }] }));
    expect((await suggest(t, me, session.id).expect(200)).body).toEqual({ sugerencias: [] });
    expect((await suggest(t, me, session.id).expect(200)).body).toEqual({ sugerencias: [] });
  });

  it.each([
    ['text that is no JSON', { content: 'Te sugiero la respiración diafragmática.' }],
    ['JSON cut short', { content: '{"sugerencias": [{"ejercicio_id": "' }],
    ['a JSON list instead of the object', jsonReply([{ ejercicio_id: 'x', motivo: 'y' }])],
    ['an object without "sugerencias"', jsonReply({ ejercicios: [] })],
    ['"sugerencias" that is no list', jsonReply({ sugerencias: 'ninguna' })],
    ['an empty answer', { content: '' }],
  ])('answers %s from the provider with 502 and a clear Spanish message', async (_case, reply) => {
    const { me, session } = await practice();
    peer.onChat(() => reply);
    expectProblem(await suggest(t, me, session.id), 502, MSG.exerciseSuggestions.malformed, 'AI_PROVIDER_FAILED');
  });

  it('reads JSON inside a ```json fence, as some compatible servers write it', async () => {
    const { me, session, breathing } = await practice();
    peer.onChat(() => ({
      content: '```json\n' + JSON.stringify({ sugerencias: [{ ejercicio_id: breathing.id, motivo: 'Nervios.' }] }) + '\n```',
    }));
    const { sugerencias } = (await suggest(t, me, session.id).expect(200)).body as ExerciseSuggestions;
    expect(sugerencias.map((s) => s.ejercicio_id)).toEqual([breathing.id]);
  });

  it('answers a provider failure with 502 and a provider that does not answer in time with 504, as the assistants do', async () => {
    const { me, session } = await practice();
    peer.onChat(() => ({ status: 500 }));
    expectProblem(await suggest(t, me, session.id), 502, MSG.aiChat.providerFailed, 'AI_PROVIDER_FAILED');
    peer.onChat(() => ({ hang: true }));
    expectProblem(await suggest(t, me, session.id), 504, MSG.aiChat.timeout, 'AI_TIMEOUT');
  });

  it('refuses a session with nothing to read and an empty bank (400) without asking the provider', async () => {
    const me = await therapistSession('Dra. Vacía', t);
    const patient = await createPatient(me, {}, t);
    const session = await createSession(me, patient.id, { notas: 'Habló de su semana.' }, t);
    expectProblem(await suggest(t, me, session.id), 400, MSG.exerciseSuggestions.emptyBank, 'VALIDATION');
    await createExercise(me, {}, t);
    // A session whose notes were emptied (the form never saves one so): nothing for the model to read.
    const empty = await createSession(me, patient.id, {}, t);
    await sql(`update sessions set notas = null where id = $1`, [empty.id], t);
    expectProblem(await suggest(t, me, empty.id), 400, MSG.ai.nothingToAnalyze, 'VALIDATION');
    expect(peer.chats()).toHaveLength(0);
  });

  it('counts each request in the user’s AI budget, shared with the assistants (429 past it); refusals spend nothing', async () => {
    const { me, session, breathing } = await practice();
    const other = await therapistSession('Dra. Con Presupuesto', t);
    const patient = await createPatient(other, {}, t);
    const hers = await createSession(other, patient.id, {}, t);
    await createExercise(other, {}, t);
    peer.onChat((req) =>
      req.body?.response_format ? jsonReply({ sugerencias: [{ ejercicio_id: breathing.id, motivo: 'Nervios.' }] }) : undefined,
    );
    // A refusal before the provider (here a session of someone else) is not counted.
    expectProblem(await suggest(t, me, hers.id), 404);
    await api(t).post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: 'Hola' }).expect(200);
    for (let i = 1; i < LIMIT; i++) await suggest(t, me, session.id).expect(200);
    expectProblem(await suggest(t, me, session.id), 429, MSG.aiChat.tooManyRequests, 'THROTTLED');
    expectProblem(await api(t).post(`${API}/ai-agent/chat`).set(bearer(me.token)).send({ message: 'Hola' }), 429);
    // Another user's budget is their own.
    await suggest(t, other, hers.id).expect(200);
  });
});
