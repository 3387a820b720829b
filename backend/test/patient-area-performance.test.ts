import { API, sql, therapistSession } from './support/api';
import { signedInPatient } from './support/clinical';
import type { RunningApp } from './support/processes';
import { startCountedApp, statementsPerRequest, type CountedApp } from './support/statements';

const SESSIONS = 120;

/**
 * The patient area's budget (issue budget, `npm run bench:patient-area` holds the latency): the dashboard and
 * the session list take 3 SQL statements each (authentication, the access check, the answer), however many
 * sessions and exercises the patient has.
 */
describe('the patient area: statements per request', () => {
  let counted: CountedApp;
  let app: RunningApp;

  beforeAll(async () => {
    counted = await startCountedApp();
    app = counted.app;
  }, 90_000);

  afterAll(async () => {
    await counted?.stop();
  });

  it('dashboard and session list: 3 statements each', async () => {
    const therapist = await therapistSession();
    const patient = await signedInPatient(therapist);
    await sql(
      `insert into sessions (id, patient_id, therapist_id, numero_sesion, fecha, duracion_minutos, tipo_sesion, notas, transcripcion)
       select gen_random_uuid(), $1, $2, n, timestamptz '2025-01-06 15:00:00+00' + n * interval '7 days', 50, 'psicoterapia', 'Notas', 'Hablante 1: hola'
       from generate_series(1, $3::int) n`,
      [patient.patientId, therapist.id, SESSIONS],
    );
    await sql(
      `with e as (insert into exercises (id, therapist_id, titulo) select gen_random_uuid(), $1, format('Ejercicio %s', n) from generate_series(1, 12) n returning id)
       insert into patient_exercises (patient_id, exercise_id) select $2, id from e`,
      [therapist.id, patient.patientId],
    );
    const routes: [string, (body: unknown) => void][] = [
      [
        '/pacientes/paciente/dashboard',
        (body) => expect(body).toMatchObject({ total_sesiones: SESSIONS, ejercicios_asignados: 12, sesiones_recientes: expect.any(Array) }),
      ],
      ['/sesiones/paciente/mis-sesiones', (body) => expect(body).toHaveLength(SESSIONS)],
    ];
    for (const [route, check] of routes) {
      const get = async () => {
        const res = await fetch(`${app.url}${API}${route}`, { headers: { authorization: `Bearer ${patient.token}` } });
        expect(res.status).toBe(200);
        check(await res.json());
      };
      const perRequest = await statementsPerRequest(counted.counter, get);
      expect([route, perRequest.statements]).toEqual([route, 3]);
      // And the access history's one INSERT (requests one after another: nothing to group them with).
      expect([route, perRequest.recorded]).toEqual([route, 1]);
    }
  }, 90_000);
});
