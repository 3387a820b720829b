import { API, sql, therapistSession } from './support/api';
import { signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startCountingProxy } from '../../bench/pg-counting-proxy';
import { startApp, type RunningApp } from './support/processes';

const SESSIONS = 120;

/**
 * The patient area's budget (issue budget, `npm run bench:patient-area` holds the latency): the dashboard and
 * the session list take 3 SQL statements each (authentication, the access check, the answer), however many
 * sessions and exercises the patient has.
 */
describe('the patient area: statements per request', () => {
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  let app: RunningApp;

  beforeAll(async () => {
    const env = testEnv();
    const db = new URL(env.databaseUrl);
    proxy = await startCountingProxy({ host: db.hostname, port: Number(db.port || 5432) });
    const viaProxy = new URL(env.databaseUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    app = await startApp({
      NODE_ENV: 'test',
      DATABASE_URL: viaProxy.href,
      JWT_SECRET: env.jwtSecret,
      GOOGLE_USERINFO_URL: env.googleUrl,
      DATA_DIR: `${env.frontendDist}/../perf-data`,
    });
  }, 90_000);

  afterAll(async () => {
    await app?.stop();
    await proxy?.close();
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
      ['/pacientes/paciente/dashboard', (body) => expect(body).toMatchObject({ total_sesiones: SESSIONS, ejercicios_asignados: 12, sesiones_recientes: expect.any(Array) })],
      ['/sesiones/paciente/mis-sesiones', (body) => expect(body).toHaveLength(SESSIONS)],
    ];
    for (const [route, check] of routes) {
      const get = async () => {
        const res = await fetch(`${app.url}${API}${route}`, { headers: { authorization: `Bearer ${patient.token}` } });
        expect(res.status).toBe(200);
        check(await res.json());
      };
      await get();
      const before = { ...proxy.counter };
      for (let i = 0; i < 10; i++) await get();
      expect([route, (proxy.counter.statements - before.statements) / 10]).toEqual([route, 3]);
      // And the access history's one INSERT (requests one after another: nothing to group them with).
      expect([route, (proxy.counter.recorded - before.recorded) / 10]).toEqual([route, 1]);
    }
  }, 90_000);
});
