import {
  DEFAULT_CRISIS_LINES,
  fillMessage,
  QUESTIONNAIRES,
  type PatientListItem,
  type PatientQuestionnairesResponse,
  type QuestionnaireAssignment,
  type QuestionnaireResult,
  QUESTIONNAIRE_MSG,
} from '@consulta/shared';
import { api, API, bearer, sql, therapistSession, type Session } from './support/api';
import { MISSING_ID, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { mailsTo, waitForMail } from './support/mailbox';

/** Questionnaires: assigning, answering when due, scoring, the safety alert and its mail, results, privacy. */

const Q = `${API}/cuestionarios`;
const MINE = `${API}/pacientes/perfil/cuestionarios`;
const auth = (s: Session) => bearer(s.token);
const PHQ9_ITEM9 = QUESTIONNAIRES.phq9.items[8].texto;

async function practice(name = 'Dra. Marta Gil') {
  const therapist = await therapistSession(name);
  const patient = await signedInPatient(therapist, undefined, { nombre: 'Lucía', apellido: 'Navarro' });
  return { therapist, patient };
}

const assign = (therapist: Session, body: object) => api().post(`${Q}/asignaciones`).set(auth(therapist)).send(body);
async function assigned(therapist: Session, pacienteId: string, codigo = 'phq9', frecuencia_dias = 0): Promise<QuestionnaireAssignment> {
  return (await assign(therapist, { paciente_id: pacienteId, codigo, frecuencia_dias }).expect(201)).body;
}
const answer = (patient: Session, assignmentId: string, respuestas: unknown) =>
  api().post(`${MINE}/${assignmentId}/respuestas`).set(auth(patient)).send({ respuestas });
const resultCount = async (patientId: string) =>
  Number((await sql<{ n: string }>(`select count(*) as n from questionnaire_results where patient_id = $1`, [patientId]))[0].n);
const mine = async (patient: Session): Promise<PatientQuestionnairesResponse> =>
  (await api().get(MINE).set(auth(patient)).expect(200)).body;
const listItem = async (therapist: Session, patientId: string): Promise<PatientListItem> =>
  ((await api().get(`${API}/pacientes/`).set(auth(therapist)).expect(200)).body as PatientListItem[]).find((p) => p.id === patientId)!;

describe('questionnaires: the catalogue', () => {
  it('lists PHQ-9 and GAD-7 with their items, options and bands, to the therapist and to a patient', async () => {
    const { therapist, patient } = await practice();
    for (const who of [therapist, patient]) {
      const { body } = await api().get(Q).set(auth(who)).expect(200);
      expect(body.map((q: { codigo: string }) => q.codigo)).toEqual(['phq9', 'gad7']);
      expect(body[0]).toEqual(QUESTIONNAIRES.phq9);
      expect(body[0].items).toHaveLength(9);
      expect(body[1].items).toHaveLength(7);
      expect(body[1].bandas.map((b: { gravedad: string }) => b.gravedad)).toEqual(['minima', 'leve', 'moderada', 'grave']);
    }
    await api().get(Q).expect(401);
  });
});

describe('questionnaires: assigning', () => {
  it('assigns a scale due today, lists it, stops it (results kept), and mails the patient once for the day', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'gad7', 14);
    expect(created).toEqual({
      id: expect.any(String),
      paciente_id: patient.patientId,
      codigo: 'gad7',
      frecuencia_dias: 14,
      hasta: null,
      proxima_fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      activa: true,
      creada_en: expect.any(String),
      detenida_en: null,
      respuestas_recibidas: 0,
    });
    const mail = await waitForMail(testEnv().mailbox, patient.email);
    expect(mail.subject).toBe('Tienes un cuestionario pendiente');
    expect(mail.text).toContain('Dra. Marta Gil te pide que respondas GAD-7');
    expect(mail.text).toContain('/dashboard/paciente');

    const listed = await api().get(`${Q}/asignaciones?paciente_id=${patient.patientId}`).set(auth(therapist)).expect(200);
    expect(listed.body).toEqual([created]);
    await answer(patient, created.id, [1, 1, 1, 1, 1, 1, 1]).expect(201);

    const stopped = await api().delete(`${Q}/asignaciones/${created.id}`).set(auth(therapist)).expect(200);
    expect(stopped.body).toMatchObject({ activa: false, detenida_en: expect.any(String), respuestas_recibidas: 1 });
    await api().delete(`${Q}/asignaciones/${created.id}`).set(auth(therapist)).expect(200);
    expect(await resultCount(patient.patientId)).toBe(1);
    expect((await mine(patient)).pendientes).toEqual([]);

    // Another assignment sweeps again: the first one's day was mailed already, so no second mail for it.
    await assigned(therapist, patient.patientId, 'phq9');
    await waitForMail(testEnv().mailbox, patient.email, { count: 2 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await mailsTo(testEnv().mailbox, patient.email)).map((m) => m.text.includes('GAD-7'))).toEqual([true, false]);
  });

  it('refuses bad input with a Spanish 400 and creates nothing', async () => {
    const { therapist, patient } = await practice();
    const refused = async (body: object, detail: string) =>
      expect(
        (await assign(therapist, { paciente_id: patient.patientId, codigo: 'phq9', frecuencia_dias: 7, ...body }).expect(400)).body.detail,
      ).toContain(detail);
    await refused({ codigo: 'beck' }, QUESTIONNAIRE_MSG.code);
    await refused({ frecuencia_dias: 10 }, QUESTIONNAIRE_MSG.frequency);
    await refused({ frecuencia_dias: '7' }, QUESTIONNAIRE_MSG.frequency);
    await refused({ hasta: '31/12/2027' }, QUESTIONNAIRE_MSG.until);
    await refused({ hasta: '2020-01-01' }, QUESTIONNAIRE_MSG.until);
    await refused({ extra: true }, 'extra');
    const rows = await sql(`select 1 from questionnaire_assignments where patient_id = $1`, [patient.patientId]);
    expect(rows).toHaveLength(0);
  });

  it('another therapist reaches none of it (404), a patient none of the therapist routes (403)', async () => {
    const { therapist, patient } = await practice();
    const other = await therapistSession('Dr. Otro');
    const created = await assigned(therapist, patient.patientId);
    await answer(patient, created.id, [0, 0, 0, 0, 0, 0, 0, 0, 2]).expect(201);
    const [result] = (await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(therapist)).expect(200))
      .body as QuestionnaireResult[];

    await assign(other, { paciente_id: patient.patientId, codigo: 'phq9', frecuencia_dias: 0 }).expect(404);
    await api().get(`${Q}/asignaciones?paciente_id=${patient.patientId}`).set(auth(other)).expect(404);
    await api().delete(`${Q}/asignaciones/${created.id}`).set(auth(other)).expect(404);
    await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(other)).expect(404);
    await api().post(`${Q}/resultados/${result.id}/revisar`).set(auth(other)).expect(404);
    await api().post(`${Q}/resultados/${MISSING_ID}/revisar`).set(auth(therapist)).expect(404);
    await api().get(`${Q}/resultados/not-an-id`).set(auth(therapist)).expect(404);

    for (const call of [
      api().post(`${Q}/asignaciones`).send({ paciente_id: patient.patientId, codigo: 'phq9', frecuencia_dias: 0 }),
      api().get(`${Q}/asignaciones?paciente_id=${patient.patientId}`),
      api().delete(`${Q}/asignaciones/${created.id}`),
      api().get(`${Q}/resultados/${patient.patientId}`),
      api().post(`${Q}/resultados/${result.id}/revisar`),
    ]) {
      await call.set(auth(patient)).expect(403);
    }
    await api().get(MINE).set(auth(therapist)).expect(403);

    // Another patient's assignment does not exist for this one.
    const stranger = await signedInPatient(other);
    await answer(stranger, created.id, [0, 0, 0, 0, 0, 0, 0, 0, 0]).expect(404);
    expect((await mine(stranger)).resultados).toEqual([]);
    expect((await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(therapist)).expect(200)).body).toHaveLength(1);
    expect(result.revisada).toBe(false);
  });
});

describe('questionnaires: answering', () => {
  it('scores, says the band, and takes a one-time scale once (409 after); the therapist reads every answer', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'phq9');
    expect((await mine(patient)).pendientes).toEqual([
      { asignacion_id: created.id, codigo: 'phq9', nombre: 'PHQ-9', fecha: created.proxima_fecha },
    ]);
    const res = await answer(patient, created.id, [2, 2, 2, 2, 2, 1, 1, 0, 0]).expect(201);
    expect(res.body).toEqual({ puntuacion: 12, gravedad: 'moderada', alerta: false, lineas_crisis: [] });

    const again = await answer(patient, created.id, [0, 0, 0, 0, 0, 0, 0, 0, 0]).expect(409);
    expect(again.body.detail).toBe(QUESTIONNAIRE_MSG.answered);
    expect(await resultCount(patient.patientId)).toBe(1);

    const own = await mine(patient);
    expect(own.pendientes).toEqual([]);
    expect(own.resultados).toEqual([
      { id: expect.any(String), codigo: 'phq9', fecha: expect.any(String), puntuacion: 12, gravedad: 'moderada' },
    ]);
    expect(JSON.stringify(own)).not.toContain('respuestas');

    const { body: results } = await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(therapist)).expect(200);
    expect(results).toEqual([
      {
        id: own.resultados[0].id,
        asignacion_id: created.id,
        codigo: 'phq9',
        fecha: own.resultados[0].fecha,
        puntuacion: 12,
        gravedad: 'moderada',
        respuestas: [2, 2, 2, 2, 2, 1, 1, 0, 0],
        alerta: false,
        revisada: false,
        revisada_en: null,
      },
    ]);
  });

  it('a periodic scale falls due again a period later: before that 409 with the day; stopped, 409', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'gad7', 7);
    await answer(patient, created.id, [0, 1, 0, 1, 0, 1, 0]).expect(201);
    const [{ proxima }] = await sql<{ proxima: string }>(
      `select to_char(proxima_fecha, 'YYYY-MM-DD') as proxima, to_char(proxima_fecha - 7, 'YYYY-MM-DD') as antes from questionnaire_assignments where id = $1`,
      [created.id],
    );
    expect(proxima > created.proxima_fecha!).toBe(true);
    const early = await answer(patient, created.id, [0, 0, 0, 0, 0, 0, 0]).expect(409);
    expect(early.body.detail).toMatch(/^Este cuestionario todavía no te toca: podrás responderlo el \w+, \d+ de \w+ de \d{4}$/);
    expect((await mine(patient)).pendientes).toEqual([]);

    // The week has passed.
    await sql(`update questionnaire_assignments set proxima_fecha = proxima_fecha - 7 where id = $1`, [created.id]);
    expect((await mine(patient)).pendientes).toHaveLength(1);
    await answer(patient, created.id, [3, 3, 3, 3, 3, 0, 0]).expect(201);
    expect(await resultCount(patient.patientId)).toBe(2);

    await sql(`update questionnaire_assignments set proxima_fecha = proxima_fecha - 7 where id = $1`, [created.id]);
    await api().delete(`${Q}/asignaciones/${created.id}`).set(auth(therapist)).expect(200);
    const stopped = await answer(patient, created.id, [0, 0, 0, 0, 0, 0, 0]).expect(409);
    expect(stopped.body.detail).toBe(QUESTIONNAIRE_MSG.stopped);
    expect(await resultCount(patient.patientId)).toBe(2);
  });

  it('refuses answers that do not fit the scale with a 400 naming what is wrong, and stores nothing', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'phq9');
    const refused = async (respuestas: unknown, detail: string) =>
      expect((await answer(patient, created.id, respuestas).expect(400)).body.detail).toBe(detail);
    const count = fillMessage(QUESTIONNAIRE_MSG.answerCount, { n: 9, nombre: 'PHQ-9' });
    await refused([0, 0, 0], count);
    await refused([0, 0, 0, 0, 0, 0, 0, 0, 0, 0], count);
    await refused('000000000', count);
    await refused([0, 0, 4, 0, 0, 0, 0, 0, 0], fillMessage(QUESTIONNAIRE_MSG.answerValue, { numero: 3, min: 0, max: 3 }));
    await refused([0, 0, 0, 0, 0, 0, 0, 0, 1.5], fillMessage(QUESTIONNAIRE_MSG.answerValue, { numero: 9, min: 0, max: 3 }));
    await refused([0, 0, 0, 0, 0, '1', 0, 0, 0], fillMessage(QUESTIONNAIRE_MSG.answerValue, { numero: 6, min: 0, max: 3 }));
    await answer(patient, MISSING_ID, [0, 0, 0, 0, 0, 0, 0, 0, 0]).expect(404);
    await answer(patient, 'nope', [0, 0, 0, 0, 0, 0, 0, 0, 0]).expect(404);
    expect(await resultCount(patient.patientId)).toBe(0);
    expect((await mine(patient)).pendientes).toHaveLength(1);
  });

  it('two answers at once to a one-time scale: one is taken, the other is a 409', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'gad7');
    const statuses = await Promise.all([1, 2, 3].map(() => answer(patient, created.id, [1, 0, 1, 0, 1, 0, 1]).then((r) => r.status)));
    expect(statuses.sort()).toEqual([201, 409, 409]);
    expect(await resultCount(patient.patientId)).toBe(1);
  });
});

describe('questionnaires: the safety alert', () => {
  it('item 9 above 0: the crisis lines at once, the therapist mailed without the answers, the list flagged until reviewed', async () => {
    const { therapist, patient } = await practice('Dra. Alba Ríos');
    const created = await assigned(therapist, patient.patientId, 'phq9');
    expect((await listItem(therapist, patient.patientId)).alerta_seguridad).toBe(false);

    const res = await answer(patient, created.id, [1, 0, 0, 0, 0, 0, 0, 0, 1]).expect(201);
    expect(res.body).toEqual({ puntuacion: 2, gravedad: 'minima', alerta: true, lineas_crisis: DEFAULT_CRISIS_LINES });
    expect(res.body.lineas_crisis.map((l: { numero: string }) => l.numero)).toEqual(['024', '112']);

    const therapistEmail = (await sql<{ email: string }>(`select email from users where id = $1`, [therapist.id]))[0].email;
    const mail = await waitForMail(testEnv().mailbox, therapistEmail);
    expect(mail.subject).toBe('Atención: respuesta de Lucía Navarro');
    expect(mail.text).toContain('Lucía Navarro acaba de responder un cuestionario y una de sus respuestas necesita tu atención.');
    expect(mail.text).toContain(`/dashboard/terapeuta/pacientes/${patient.patientId}`);
    for (const secret of [PHQ9_ITEM9, 'PHQ-9', 'puntuación', 'Mínima', '"respuestas"']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }

    expect((await listItem(therapist, patient.patientId)).alerta_seguridad).toBe(true);
    const [result] = (await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(therapist)).expect(200))
      .body as QuestionnaireResult[];
    expect(result).toMatchObject({ alerta: true, revisada: false });
    const reviewed = await api().post(`${Q}/resultados/${result.id}/revisar`).set(auth(therapist)).expect(200);
    expect(reviewed.body).toMatchObject({ id: result.id, alerta: true, revisada: true, revisada_en: expect.any(String) });
    expect((await listItem(therapist, patient.patientId)).alerta_seguridad).toBe(false);

    // GAD-7 has no alert item; a PHQ-9 with 0 on item 9 raises none, whatever its total.
    const gad = await assigned(therapist, patient.patientId, 'gad7');
    expect((await answer(patient, gad.id, [3, 3, 3, 3, 3, 3, 3]).expect(201)).body).toMatchObject({
      puntuacion: 21,
      gravedad: 'grave',
      alerta: false,
    });
    const phq = await assigned(therapist, patient.patientId, 'phq9');
    expect((await answer(patient, phq.id, [3, 3, 3, 3, 3, 3, 3, 3, 0]).expect(201)).body).toMatchObject({
      puntuacion: 24,
      gravedad: 'grave',
      alerta: false,
      lineas_crisis: [],
    });
    expect((await listItem(therapist, patient.patientId)).alerta_seguridad).toBe(false);
    expect((await mailsTo(testEnv().mailbox, therapistEmail)).filter((m) => m.subject.startsWith('Atención'))).toHaveLength(1);
  });

  it('every route leaves its access history entry of kind cuestionario', async () => {
    const { therapist, patient } = await practice();
    const created = await assigned(therapist, patient.patientId, 'gad7');
    await answer(patient, created.id, [0, 0, 0, 0, 0, 0, 0]).expect(201);
    await api().get(`${Q}/resultados/${patient.patientId}`).set(auth(therapist)).expect(200);
    const rows = await sql<{ action: string; actor_role: string }>(
      `select action, actor_role from access_history where patient_id = $1 and kind = 'cuestionario' order by id`,
      [patient.patientId],
    );
    expect(rows).toEqual([
      { action: 'creacion', actor_role: 'terapeuta' },
      { action: 'creacion', actor_role: 'paciente' },
      { action: 'lectura', actor_role: 'terapeuta' },
    ]);
  });
});
