import { API, api, bearer, sql, therapistSession, type Session } from './support/api';
import { signedInPatient } from './support/clinical';
import { expectProblem } from './support/storage';

/**
 * POST /paciente-ejercicios/mis-ejercicios/visto: the patient's look at 'Ejercicios Sugeridos' is kept on the server
 * (any device sees the same 'Nuevo'); each look answers the one before.
 */
const look = (who: Session) => api().post(`${API}/paciente-ejercicios/mis-ejercicios/visto`).set(bearer(who.token));

describe('exercises seen', () => {
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Dra. Novedades');
  });

  it('answers null on the first look, then the time of the look before; each patient their own', async () => {
    const patient = await signedInPatient(me);
    const other = await signedInPatient(me);
    expect((await look(patient).expect(200)).body).toEqual({ visto_antes: null });
    const [{ at }] = await sql<{ at: Date }>('select ejercicios_vistos_en as at from patients where id = $1', [patient.patientId]);
    expect(at).toBeInstanceOf(Date);
    const second = (await look(patient).expect(200)).body as { visto_antes: string };
    expect(Math.abs(Date.parse(second.visto_antes) - at.getTime())).toBeLessThanOrEqual(1);
    expect(Date.parse((await look(patient).expect(200)).body.visto_antes)).toBeGreaterThanOrEqual(Date.parse(second.visto_antes));
    expect((await look(other).expect(200)).body).toEqual({ visto_antes: null });
  });

  it('is the patient’s only: a therapist 403, no token 401', async () => {
    expectProblem(await look(me), 403);
    await api().post(`${API}/paciente-ejercicios/mis-ejercicios/visto`).expect(401);
  });
});
