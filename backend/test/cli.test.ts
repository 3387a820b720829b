import { API, api, createPatient, sql, therapistSession, uniqueEmail } from './support/api';
import { testEnv } from './support/env';
import { runCli } from './support/processes';

const cli = (...args: string[]) => runCli(args, { DATABASE_URL: testEnv().databaseUrl, JWT_SECRET: testEnv().jwtSecret, NODE_ENV: 'test' });

describe('operator CLI: create-therapist', () => {
  it('creates a therapist who can then sign in with Google, and is idempotent', async () => {
    const email = uniqueEmail('Terapeuta.CLI').replace('terapeuta.cli', 'Terapeuta.CLI');
    const first = cli('create-therapist', '--email', email, '--name', 'Dra. Ana Martínez');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`Created therapist ${email.toLowerCase()}`);

    const again = cli('create-therapist', '--email', email.toLowerCase(), '--name', 'Dra. Ana Martínez');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already exists');

    const renamed = cli('create-therapist', '--email', email, '--name', 'Dra. Ana Martínez López');
    expect(renamed.status).toBe(0);
    expect(renamed.stdout).toContain('name updated to "Dra. Ana Martínez López"');

    const rows = await sql('select name, role from users where email = $1', [email.toLowerCase()]);
    expect(rows).toEqual([{ name: 'Dra. Ana Martínez López', role: 'terapeuta' }]);
    const login = await api()
      .post(`${API}/auth/google-login`)
      .send({ token: `valid:${email.toLowerCase()}`, role: 'terapeuta' })
      .expect(200);
    expect(login.body.must_change_password).toBe(false);
  });

  it('refuses an e-mail that belongs to a patient, and bad input, with a non-zero exit', async () => {
    const therapist = await therapistSession();
    const patient = await createPatient(therapist);
    const refused = cli('create-therapist', '--email', patient.email, '--name', 'Alguien');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('belongs to a patient account');
    expect((await sql('select role from users where email = $1', [patient.email]))[0].role).toBe('paciente');

    const invalid = cli('create-therapist', '--email', 'not-an-email', '--name', 'X');
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('Invalid e-mail');

    const missing = cli('create-therapist', '--email', uniqueEmail());
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain("required option '--name <name>' not specified");
  });

  it('reports that the database is up to date', () => {
    const result = cli('migrate');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('The database is up to date.');
  });

  it('search:reindex analyses the index once it is built (a bulk fill left the planner without statistics)', async () => {
    const analysed = async () =>
      Number((await sql(`select analyze_count from pg_stat_user_tables where relname = 'session_search_passages'`))[0].analyze_count);
    const before = await analysed();
    const result = cli('search:reindex');
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Indexed \d+ sessions for search in [\d.]+ s\.$/m);
    expect(await analysed()).toBeGreaterThan(before);
  });

  it('confirms the migrations match the entities', () => {
    const result = cli('schema:check');
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('The migrations match the entities.');
    expect(result.status).toBe(0);
  });
});
