import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { startAiApp, type AiApp } from './support/ai-app';
import { createSession, signedInPatient } from './support/clinical';
import { createExercise } from './support/exercises';
import { jsonReply, startOpenAiPeer, type OpenAiPeer, type RecordedChat } from './support/openai-peer';
import { postEventStream } from './support/sse';
import { waitFor } from './support/storage';

/**
 * What reaches the AI provider (issue 39): every AI feature's request, recorded by the OpenAI-compatible peer, holds
 * no name, e-mail, phone or date of birth of the practice's people, only placeholders; the answers come back with the
 * real names. AI_PSEUDONYMIZE=false sends them as before.
 */

const CHAT = `${API}/ai-agent/chat`;
const PATIENT_CHAT = `${API}/ai-agent/patient-chat`;

/** Lower case, no accents: a canary is found however it was written. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of the practice's names, as folded words of any request. */
const NAME_WORDS = ['maria', 'jose', 'nunez', 'pena', 'oyarzabal', 'ximena', 'canizares'];
const PHONES = ['3157654321', '3009998877'];
const BIRTH_DATES = ['1988-07-23', '23/07/1988', '1975-01-30'];

/** Every identifier of a known person found in a request's whole body. */
function leaks(req: RecordedChat, emails: string[]): string[] {
  const body = fold(JSON.stringify(req.body));
  const words = new Set(body.split(/[^a-z]+/));
  const digits = body.replace(/\D/g, '');
  return [
    ...NAME_WORDS.filter((w) => words.has(w)),
    ...emails.filter((e) => body.includes(e.toLowerCase())),
    ...PHONES.filter((p) => digits.includes(p)),
    ...BIRTH_DATES.filter((d) => body.includes(d)),
  ];
}

const sentText = (req: RecordedChat): string => (req.body?.messages ?? []).map((m) => String(m.content)).join('\n');

describe('what reaches the AI provider', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('pseudonymize', peer.url);
    await t.worker();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  beforeEach(() => peer.reset());

  /**
   * Dra. Ximena Cañizares's practice: patient María José Núñez de la Peña (who signs in) and María Oyarzábal. Every
   * field an AI feature reads names them, their e-mails, phones and dates of birth, written every way.
   */
  async function practice() {
    const me = await therapistSession('Dra. Ximena Cañizares', t);
    const mj = await signedInPatient(me, t, {
      nombre: 'María José',
      apellido: 'Núñez de la Peña',
      telefono_paciente: '+573157654321',
      telefono: '315 765 4321',
      fecha_nacimiento: '1988-07-23',
    });
    const maria = await createPatient(
      me,
      { nombre: 'María', apellido: 'Oyarzábal', telefono_paciente: '+573009998877', fecha_nacimiento: '1975-01-30' },
      t,
    );
    const mariaEmail = (await sql(`select u.email from users u join patients p on p.user_id = u.id where p.id = $1`, [maria.id], t))[0]
      .email as string;
    const canary =
      `maria jose (MARÍA JOSÉ Núñez de la Peña) llamó al 315 765 43 21, o al +57 315-765-4321; escribe a ${mj.email.toUpperCase()}; ` +
      `nació el 23/07/1988 (1988-07-23). Habló de María Oyarzábal (${mariaEmail}, +57 300 999 8877, 30 de enero de 1975) ` +
      `y de la Dra. Cañizares, ximena, ${me.email}.`;
    await sql(
      `update patients set notas_terapeuticas = $1, plan_tratamiento = $1, objetivos_terapia = $1 where id = $2`,
      [canary, mj.patientId],
      t,
    );
    const session = await createSession(
      me,
      mj.patientId,
      { notas: canary, temas_importantes: canary, transcripcion: `Paciente: ${canary}`, fecha: '2026-11-02', duracion_minutos: 50 },
      t,
    );
    await sql(
      `update sessions set observaciones = $1, analisis_ia = $1, analisis_ia_paciente = $1, analisis_ia_paciente_publicado = true where id = $2`,
      [canary, session.id],
      t,
    );
    const exercise = await createExercise(me, { titulo: 'Higiene del sueño', descripcion: canary, paciente_ids: [mj.patientId] }, t);
    await api(t)
      .post(`${API}/paciente-ejercicios/pacientes/${mj.patientId}/ejercicios/${exercise.id}/completar`)
      .set(bearer(mj.token))
      .send({ completado: true, notas_paciente: canary })
      .expect(200);
    await createExercise(me, { titulo: 'Respiración', descripcion: canary }, t);
    return { me, mj, maria, session, exercise, canary, emails: [mj.email, mariaEmail, me.email] };
  }

  /** The session's background analysis, run to its end (its state back to null: done). */
  async function analyse(me: Session, sessionId: string) {
    await api(t).post(`${API}/sesiones/${sessionId}/start-background-analysis`).set(bearer(me.token)).expect(202);
    let state: string | null = 'generando';
    await waitFor('the session analysis', async () => {
      state = (await sql(`select analisis_estado from sessions where id = $1`, [sessionId], t))[0].analisis_estado as string | null;
      return state !== 'generando';
    });
    expect(state).toBeNull();
  }

  const chat = (who: Session, body: object) => api(t).post(CHAT).set(bearer(who.token)).send(body);

  it('sends no name, e-mail, phone or date of birth from any assistant, analysis or suggestion: placeholders instead', async () => {
    const { me, mj, session, canary, emails } = await practice();
    peer.onChat((req) => (req.body?.response_format ? jsonReply({ sugerencias: [] }) : undefined));
    const history = [
      { role: 'user', content: canary },
      { role: 'assistant', content: canary },
    ];
    await api(t).post(PATIENT_CHAT).set(bearer(mj.token)).send({ message: canary, history }).expect(200);
    const streamed = await postEventStream(`${t.appUrl}${CHAT}`, me.token, { message: canary, history, patient_id: mj.patientId });
    expect(streamed.events.at(-1)?.event).toBe('done');
    await chat(me, { message: '¿Cómo va María José con el insomnio? ¿Y Oyarzábal?' }).expect(200);
    await api(t).post(`${API}/sesiones/${session.id}/sugerir-ejercicios`).set(bearer(me.token)).expect(200);
    await analyse(me, session.id);

    const chats = peer.chats();
    expect(chats).toHaveLength(6); // patient, per-patient, practice, suggestions, the two analyses
    for (const req of chats) expect(leaks(req, emails)).toEqual([]);
    const [own, perPatient, practiceWide, suggestions, therapistAnalysis] = chats.map(sentText);
    for (const text of [own, perPatient, suggestions, therapistAnalysis]) {
      expect(text).toContain('[PACIENTE] ([PACIENTE]) llamó al [TELEFONO], o al [TELEFONO]; escribe a [EMAIL]');
      expect(text).toContain(
        'nació el [FECHA_NACIMIENTO] ([FECHA_NACIMIENTO]). Habló de [PACIENTE_1] ([EMAIL], [TELEFONO], [FECHA_NACIMIENTO])',
      );
      expect(text).toContain('y de la Dra. [TERAPEUTA], [TERAPEUTA], [EMAIL].');
    }
    // The practice-wide question: each patient numbered, the same number wherever they appear.
    const asked = /¿Cómo va (\[PACIENTE_\d\]) con el insomnio\? ¿Y (\[PACIENTE_\d\])\?/.exec(practiceWide);
    expect(asked).not.toBeNull();
    expect(asked![1]).not.toBe(asked![2]);
    expect(practiceWide).not.toContain('[PACIENTE]');
  });

  it('restores the names in answers: whole, streamed across pieces, inside the suggestions’ JSON, in the stored analyses', async () => {
    const { me, mj, session, exercise } = await practice();
    peer.onChat((req) => {
      if (req.body?.response_format)
        return jsonReply({ sugerencias: [{ ejercicio_id: exercise.id, motivo: 'A [PACIENTE] le cuesta dormir.' }] });
      const question = /¿Cómo va (\[PACIENTE_\d\])/.exec(sentText(req));
      if (question) return { content: `${question[1]} duerme mejor.` };
      if (req.stream) return { content: 'Hoy [PACIENTE] y [TERAPEUTA].', pieces: ['Hoy [PACI', 'ENTE] y [', 'TERAPEUTA', '].'] };
      return { content: '[PACIENTE] avanzó con [TERAPEUTA]; [PACIENTE_7] no estaba en la petición.' };
    });
    const full = 'María José Núñez de la Peña';
    const whole = await chat(me, { message: 'Resume', patient_id: mj.patientId }).expect(200);
    expect(whole.body.response).toBe(`${full} avanzó con Dra. Ximena Cañizares; [PACIENTE_7] no estaba en la petición.`);

    const streamed = await postEventStream(`${t.appUrl}${CHAT}`, me.token, { message: 'Resume', patient_id: mj.patientId });
    const tokens = streamed.events.filter((e) => e.event === 'token').map((e) => JSON.parse(e.data).text as string);
    // An unfinished placeholder waits for the piece that ends it; the rest goes as it comes.
    expect(tokens).toEqual(['Hoy ', `${full} y `, 'Dra. Ximena Cañizares.']);

    expect((await chat(me, { message: '¿Cómo va María José?' }).expect(200)).body.response).toBe(`${full} duerme mejor.`);
    const suggested = await api(t).post(`${API}/sesiones/${session.id}/sugerir-ejercicios`).set(bearer(me.token)).expect(200);
    expect(suggested.body.sugerencias[0].motivo).toBe(`A ${full} le cuesta dormir.`);

    await analyse(me, session.id);
    const [stored] = await sql(`select analisis_ia, analisis_ia_paciente from sessions where id = $1`, [session.id], t);
    expect(stored.analisis_ia).toBe(`${full} avanzó con Dra. Ximena Cañizares; [PACIENTE_7] no estaba en la petición.`);
    expect(stored.analisis_ia_paciente).toBe(stored.analisis_ia);
  });

  it('AI_PSEUDONYMIZE=false sends the names and contacts as they are', async () => {
    await t.restart({ AI_PSEUDONYMIZE: 'false' });
    // The practice's 'Qué se envía a la IA' page reads this to say so.
    expect((await api(t).get(`${API}/config`).expect(200)).body.ia_seudonimizada).toBe(false);
    const { me, mj, emails } = await practice();
    await chat(me, { message: '¿Cómo va María José?', patient_id: mj.patientId }).expect(200);
    const [sent] = peer.chats();
    expect(leaks(sent, emails)).toEqual(expect.arrayContaining(['maria', 'jose', 'nunez', 'oyarzabal', 'ximena', ...emails, ...PHONES]));
    expect(sentText(sent)).not.toMatch(/\[(PACIENTE|TERAPEUTA|EMAIL|TELEFONO)/);
  });
});
