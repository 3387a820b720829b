import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@consulta/shared';
import request from 'supertest';
import { API, patientPayload } from './support/api';
import { linkIn, waitFor, waitForMail } from './support/mailbox';
import { runCli, runMainToExit, startApp, type RunningApp } from './support/processes';

const THERAPIST = 'ana.martinez@demo.consulta.es';

/** Embedded mode: no DATABASE_URL, no Redis; PGlite under DATA_DIR, demo data and sign-in, data kept across starts. */
describe('embedded mode (PGlite)', () => {
  let dataDir: string;
  let app: RunningApp | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'consulta-embedded-'));
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const boot = () => startApp({ NODE_ENV: 'development', DATA_DIR: dataDir, FRONTEND_DIST: path.join(dataDir, 'no-frontend') });

  it('migrates, seeds the demo practice, signs in, and keeps the data across restarts', async () => {
    app = await boot();
    expect(app.output()).toContain('Seeded the demo practice');
    expect(app.output()).toContain(`${app.url.replace('127.0.0.1', 'localhost')}/login`);
    expect(app.output()).toContain(DEMO_PASSWORD);
    const http = () => request(app!.url);

    expect((await http().get(`${API}/config`).expect(200)).body).toEqual({
      google_client_id: null,
      demo_login: true,
      ia_configurada: false,
    });
    const users = (await http().get(`${API}/auth/demo-users`).expect(200)).body as { email: string; role: string }[];
    expect(users[0]).toEqual({ email: THERAPIST, name: 'Dra. Ana Martínez', role: 'terapeuta' });
    expect(users.filter((u) => u.role === 'paciente').length).toBeGreaterThanOrEqual(4);

    const login = await http().post(`${API}/auth/demo-login`).send({ email: THERAPIST }).expect(200);
    const auth = { authorization: `Bearer ${login.body.access_token}` };
    const patients = (await http().get(`${API}/pacientes/`).set(auth).expect(200)).body as { email: string }[];
    expect(patients.length).toBe(users.length - 1);
    // The demo therapist has a profile and custom session types (numeric and jsonb through PGlite too).
    const profile = (await http().get(`${API}/terapeuta/perfil`).set(auth).expect(200)).body;
    expect(profile).toMatchObject({ name: 'Dra. Ana Martínez', especialidad: expect.any(String) });
    expect(profile.estudios.length).toBeGreaterThan(0);
    const types = await http().get(`${API}/tipos-sesion/`).query({ activo: 'true' }).set(auth).expect(200);
    expect(types.body.length).toBeGreaterThanOrEqual(2);
    expect(types.text).toContain('"valor":35.50');
    // The exercise bank, its modules and a patient's unified list (JSON built by the database, through PGlite too).
    expect((await http().get(`${API}/ejercicios/`).set(auth).expect(200)).body).toHaveLength(10);
    const modules = (await http().get(`${API}/modulos/`).set(auth).expect(200)).body as { ejercicios_count: number }[];
    expect(modules.map((m) => m.ejercicios_count).sort()).toEqual([3, 4]);
    const lucia = (patients as { id: string; email: string }[]).find((p) => p.email.startsWith('lucia.fernandez'))!;
    const unified = (await http().get(`${API}/paciente-ejercicios/pacientes/${lucia.id}/ejercicios/unified`).set(auth).expect(200)).body;
    expect(unified).toMatchObject({ total: 6, completados: 3, porcentaje: 50 });
    expect(unified.ejercicios.find((e: { titulo: string }) => e.titulo.startsWith('Respiración'))).toMatchObject({
      individual: true,
      moduleName: 'Manejo de la ansiedad',
      completado: true,
    });

    // 'Sesiones en Procesamiento' of Lucía: a draft in each state the list keeps (through PGlite too), one with the
    // preview of its transcript; the one shown transcribing has no job behind it.
    const demoDrafts = async () =>
      (await http().get(`${API}/sesiones-asincronas/drafts/paciente/${lucia.id}`).set(auth).expect(200)).body as {
        titulo: string;
        estado: string;
        transcripcion_preview: string | null;
      }[];
    expect((await demoDrafts()).map((d) => d.estado)).toEqual(['borrador', 'transcribiendo', 'cancelado', 'fallido']);
    expect((await demoDrafts()).find((d) => d.estado === 'cancelado')!.transcripcion_preview).toMatch(
      /^Terapeuta: Hola, Lucía\. ¿Cómo ha ido la semana en el trabajo\?\nPaciente: Regular\..*…$/s,
    );

    const patientEmail = users.find((u) => u.role === 'paciente')!.email;
    const patientLogin = await http()
      .post(`${API}/auth/login/patient`)
      .send({ email: patientEmail, contrasenia: DEMO_PASSWORD })
      .expect(200);
    expect(patientLogin.body.must_change_password).toBe(false);
    // Every demo patient sees sessions, a published analysis and a next appointment in their own area (through PGlite).
    for (const { email } of users.filter((u) => u.role === 'paciente')) {
      const token = (await http().post(`${API}/auth/login/patient`).send({ email, contrasenia: DEMO_PASSWORD }).expect(200)).body
        .access_token;
      const own = { authorization: `Bearer ${token}` };
      const dashboard = (await http().get(`${API}/pacientes/paciente/dashboard`).set(own).expect(200)).body;
      expect([email, dashboard.total_sesiones > 0, dashboard.sesiones_recientes.length > 0, typeof dashboard.proxima_cita]).toEqual([
        email,
        true,
        true,
        'string',
      ]);
      const sessions = (await http().get(`${API}/sesiones/paciente/mis-sesiones`).set(own).expect(200)).body as {
        id: string;
        tiene_analisis_ia_paciente: boolean;
      }[];
      const analysed = sessions.find((x) => x.tiene_analisis_ia_paciente);
      expect([email, Boolean(analysed)]).toEqual([email, true]);
      expect((await http().get(`${API}/sesiones/paciente/sesion/${analysed!.id}`).set(own).expect(200)).body.analisis_ia_paciente).toEqual(
        expect.any(String),
      );
      expect((await http().get(`${API}/pacientes/perfil`).set(own).expect(200)).body).toMatchObject({
        terapeuta_asignado: 'Dra. Ana Martínez',
      });
    }
    await http().post(`${API}/auth/demo-login`).send({ email: 'someone@example.com' }).expect(404);

    // Without SMTP_URL mail is written to DATA_DIR/outbox as .eml files, which the log names; the link (its token
    // in the query) is in the file, never in the log.
    await http().post(`${API}/auth/forgot-password`).send({ email: patientEmail }).expect(200);
    const mail = await waitForMail(path.join(dataDir, 'outbox'), patientEmail);
    expect(mail.subject).toBe('Restablece tu contraseña de Consulta');
    const link = linkIn(mail, `${app.url.replace('127.0.0.1', 'localhost')}/reset-password?token=`);
    await waitFor(() => app!.output().includes(`Correo para ${patientEmail} guardado en ${path.join(dataDir, 'outbox')}`));
    expect(app.output()).not.toContain(link.searchParams.get('token')!);
    await http()
      .get(`${API}/auth/verify-reset-token`)
      .query({ token: link.searchParams.get('token') })
      .expect(200);

    const created = await http()
      .post(`${API}/pacientes/`)
      .set(auth)
      .send(patientPayload({ email: 'persiste@example.com' }))
      .expect(201);

    // One process at a time on an embedded database.
    const second = runMainToExit({ DATA_DIR: dataDir, PORT: '0' });
    expect(second.status).toBe(1);
    expect(second.output).toContain('is in use by another Consulta process');
    const cliWhileRunning = runCli(['create-therapist', '--email', 'otra@example.com', '--name', 'Otra'], { DATA_DIR: dataDir });
    expect(cliWhileRunning.status).toBe(1);
    expect(cliWhileRunning.stderr).toContain('is in use by another Consulta process');
    expect([0, null]).toContain(await app.stop()); // null: ended by SIGTERM after the graceful shutdown

    const cli = runCli(['create-therapist', '--email', 'segunda@example.com', '--name', 'Dra. Segunda'], { DATA_DIR: dataDir });
    expect(cli.stdout).toContain('Created therapist segunda@example.com');

    app = await boot();
    expect(app.output()).not.toContain('Seeded the demo practice');
    const after = (await http().get(`${API}/pacientes/`).set(auth).expect(200)).body as { id: string }[];
    expect(after.map((p) => p.id)).toContain(created.body.id);
    expect(after.length).toBe(patients.length + 1);
    // No start resumes the demo's transcribing draft: no job ever claimed it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await demoDrafts()).map((d) => d.estado)).toEqual(['borrador', 'transcribiendo', 'cancelado', 'fallido']);
    expect(app.output()).not.toMatch(/transcription: attempt|Draft [0-9a-f-]+: transcription/);
  }, 180_000);
});
