import { API, sql, therapistSession } from './support/api';
import { signedInPatient } from './support/clinical';
import type { RunningApp } from './support/processes';
import { startCountedApp, statementsPerRequest, type CountedApp } from './support/statements';

const MODULES = 4;
const PER_MODULE = 15;

/**
 * The patient-list budget: at most 3 SQL statements per request (authentication, the
 * access check, the list), however many exercises and modules. `npm run bench:exercises` holds the latency budget.
 */
describe('a patient’s exercises: statements per request', () => {
  let counted: CountedApp;
  let app: RunningApp;

  beforeAll(async () => {
    counted = await startCountedApp();
    app = counted.app;
  }, 90_000);

  afterAll(async () => {
    await counted?.stop();
  });

  it('list, progress and the patient’s own list use at most 3 statements', async () => {
    const therapist = await therapistSession();
    const patient = await signedInPatient(therapist);
    await sql(
      `with e as (
         insert into exercises (id, therapist_id, titulo, categoria)
         select gen_random_uuid(), $1, format('Ejercicio %s', n), case when n % 3 = 0 then null else 'Ansiedad' end
         from generate_series(1, $2::int) n returning id, titulo),
       m as (
         insert into modules (id, therapist_id, titulo) select gen_random_uuid(), $1, format('Módulo %s', n) from generate_series(1, $3::int) n
         returning id, substring(titulo from 8)::int as n),
       me as (
         insert into module_exercises (module_id, exercise_id, orden)
         select m.id, e.id, (substring(e.titulo from 11)::int - 1) % $4 + 1
         from e join m on m.n = (substring(e.titulo from 11)::int - 1) / $4 + 1 returning module_id)
       insert into patient_modules (patient_id, module_id) select distinct $5::uuid, module_id from me`,
      [therapist.id, MODULES * PER_MODULE, MODULES, PER_MODULE, patient.patientId],
    );
    const routes: [string, string][] = [
      [therapist.token, `/paciente-ejercicios/pacientes/${patient.patientId}/ejercicios/unified`],
      [therapist.token, `/paciente-ejercicios/pacientes/${patient.patientId}/ejercicios/progreso`],
      [therapist.token, `/paciente-ejercicios/pacientes/${patient.patientId}/modulos/progreso`],
      [patient.token, '/paciente-ejercicios/mis-ejercicios'],
      [patient.token, '/paciente-ejercicios/mis-ejercicios/progreso'],
    ];
    for (const [token, route] of routes) {
      const get = async () => {
        const res = await fetch(`${app.url}${API}${route}`, { headers: { authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { total: number };
        expect(body.total).toBe(MODULES * PER_MODULE);
      };
      const perRequest = await statementsPerRequest(counted.counter, get);
      expect([route, perRequest.statements]).toEqual([route, 3]);
      // And the access history's one INSERT (requests one after another: nothing to group them with).
      expect([route, perRequest.recorded]).toEqual([route, 1]);
    }
  }, 90_000);
});
