import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@consulta/shared';
import request from 'supertest';
import { API, patientPayload } from './support/api';
import { entriesOpenToOthers } from './support/file-modes';
import { linkIn, waitFor, waitForMail } from './support/mailbox';
import { scrape, type Samples } from './support/metrics';
import { runCli, runMainToExit, startApp, type RunningApp } from './support/processes';

const THERAPIST = 'ana.martinez@demo.consulta.es';
const OPS = { user: 'operaciones', password: 'una-clave-de-operador-larga' };

/**
 * Embedded mode: no DATABASE_URL, no Redis; PGlite under DATA_DIR, demo data and sign-in, data kept across starts.
 * Everything runs with the usual umask (022): what the app and the CLI write under DATA_DIR must be owner-only anyway.
 */
describe('embedded mode (PGlite)', () => {
  let dataDir: string;
  let app: RunningApp | undefined;
  let umask: number;

  beforeAll(() => {
    umask = process.umask(0o022);
    // DATA_DIR is made by the app: a folder inside a fresh owner-only one.
    dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'consulta-embedded-')), 'data');
  });
  afterAll(async () => {
    await app?.stop();
    process.umask(umask);
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  const boot = (env: Record<string, string> = {}) =>
    startApp({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      FRONTEND_DIST: path.join(dataDir, 'no-frontend'),
      OPS_USER: OPS.user,
      OPS_PASSWORD: OPS.password,
      ...env,
    });

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
      ia_seudonimizada: true,
      moneda: 'EUR',
      pais: 'ES',
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

    // What the app and the CLI wrote (PGlite's cluster and WAL, the demo's stored files and their temporaries, the
    // outbox mail with its reset link, the JWT secret, the lock) is the owner's only, and the start said nothing.
    const written = entriesOpenToOthers(dataDir);
    expect(written.open).toEqual([]);
    expect(written.checked).toBeGreaterThan(500);
    expect(['pgdata', 'storage', 'outbox', 'jwt-secret'].every((name) => existsSync(path.join(dataDir, name)))).toBe(true);
    expect(app.output()).not.toContain('open to other users');
    console.log(`embedded DATA_DIR after a start and the CLI with umask 022: ${written.checked} files and folders, all owner-only`);

    // A folder left open (an older installation, a careless copy): the next start says so, naming what and the fix.
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    // Its own backups every 1.8 s, to see the last one in the metrics.
    app = await boot({ BACKUP_EVERY_HOURS: '0.0005' });
    expect(app.output()).toMatch(/are open to other users of this machine \(group or world permissions: \., jwt-secret\)/);
    expect(app.output()).toContain(`chmod -R go= '${dataDir}'`);
    expect(app.output()).not.toContain('Seeded the demo practice');
    const after = (await http().get(`${API}/pacientes/`).set(auth).expect(200)).body as { id: string }[];
    expect(after.map((p) => p.id)).toContain(created.body.id);
    expect(after.length).toBe(patients.length + 1);
    // No start resumes the demo's transcribing draft: no job ever claimed it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await demoDrafts()).map((d) => d.estado)).toEqual(['borrador', 'transcribiendo', 'cancelado', 'fallido']);
    expect(app.output()).not.toMatch(/transcription: attempt|Draft [0-9a-f-]+: transcription/);

    // The metrics of the embedded mode: its in-process jobs (the search sweep every start queues) and its last backup.
    const backupTime = 'consulta_backup_last_success_timestamp_seconds';
    const searchSweeps = 'consulta_job_attempts_total{queue="search-sweep",result="completed"}';
    let samples: Samples = await scrape(app.url, OPS);
    for (const deadline = Date.now() + 15_000; !((samples.get(backupTime) ?? 0) > 0 && (samples.get(searchSweeps) ?? 0) >= 1);) {
      if (Date.now() > deadline)
        throw new Error(`No backup time or search sweep within 15 s: ${samples.get(backupTime)}, ${samples.get(searchSweeps)}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      samples = await scrape(app.url, OPS);
    }
    const backups = readdirSync(path.join(dataDir, 'backups')).map((name) => statSync(path.join(dataDir, 'backups', name)).mtimeMs / 1000);
    expect(backups).toContainEqual(samples.get(backupTime));
    expect(samples.get(backupTime)).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(samples.get('consulta_job_queue_jobs{queue="mail",state="failed"}')).toBe(0);

    // After the second start, its backups included, nothing new is open: only what was opened by hand.
    await app.stop();
    app = undefined;
    expect(entriesOpenToOthers(dataDir).open.sort()).toEqual(['. 755', 'jwt-secret 644']);
  }, 180_000);
});
