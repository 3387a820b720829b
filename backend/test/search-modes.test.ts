import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SessionSearchResult } from '@consulta/shared';
import request from 'supertest';
import { API } from './support/api';
import { freshDatabase, type FreshDatabase } from './support/databases';
import { testEnv } from './support/env';
import { startApp, type RunningApp } from './support/processes';
import { waitFor } from './support/storage';

/**
 * The session search answers alike in both modes (docs/decisions/search.md): the demo practice seeded in an
 * embedded installation (PGlite) and in a server one (PostgreSQL), the same sessions added to both through the
 * API, the same queries, the same answers (ids aside), in the same order. And the demo is searchable once started.
 */

const THERAPIST = 'ana.martinez@demo.consulta.es';
const work = mkdtempSync(path.join(os.tmpdir(), 'consulta-search-modes-'));

interface Mode {
  app: RunningApp;
  auth: { authorization: string };
  /** Patient id by e-mail. */
  patients: Map<string, string>;
}

async function signIn(app: RunningApp): Promise<Mode> {
  const login = await request(app.url).post(`${API}/auth/demo-login`).send({ email: THERAPIST }).expect(200);
  const auth = { authorization: `Bearer ${login.body.access_token as string}` };
  const list = (await request(app.url).get(`${API}/pacientes/`).set(auth).expect(200)).body as { id: string; email: string }[];
  return { app, auth, patients: new Map(list.map((p) => [p.email, p.id])) };
}

const search = async (mode: Mode, query: Record<string, string | number>): Promise<SessionSearchResult[]> =>
  (await request(mode.app.url).get(`${API}/busqueda/sesiones`).query(query).set(mode.auth).expect(200)).body as SessionSearchResult[];

/** An answer without its ids (each installation has its own): the patient's e-mail stands for theirs. */
const comparable = (mode: Mode, results: SessionSearchResult[]) => {
  const emails = new Map([...mode.patients].map(([email, id]) => [id, email]));
  return results.map(({ sesion_id: _id, paciente_id, ...rest }) => ({ paciente: emails.get(paciente_id), ...rest }));
};

const LUCIA = 'lucia.fernandez@demo.consulta.es';

/** Sessions added alike to both installations: a transcript with its turns, notes, a long text cut in passages. */
const ADDED = (n: number) => ({
  tipo_sesion: 'psicoterapia',
  numero_sesion: 100 + n,
  fecha: `2026-02-${String(n + 1).padStart(2, '0')}T17:00:00.000Z`,
  notas: `Sesión añadida ${n}: hablamos de la respiración y de los miedos${n % 2 ? ' al avión' : ''}. ${'Texto de relleno para cortar en pasajes. '.repeat(n * 4)}Al final, el colibrí.`,
  transcripcion_segmentos: [
    { speaker_label: 'Terapeuta', start_time: 1.5, end_time: 5, text: '¿Cómo va la respiración diafragmática?' },
    {
      speaker_label: 'Paciente',
      start_time: 5.5 + n,
      end_time: 20,
      text: `Mejor; ${n % 2 ? 'el ataque de pánico no volvió' : 'sin pánico'}.`,
    },
  ],
});

const QUERIES: Record<string, string | number>[] = [
  { q: 'respiracion' },
  { q: 'respiración diafragmática' },
  { q: 'ansiedades' },
  { q: 'miedos avión' },
  { q: '"ataque de pánico"' },
  { q: 'pánico' },
  { q: 'colibrí', limit: 3 },
  { q: 'reunion' },
  { q: 'sueño' },
  { q: 'culpa delegar' },
  { q: 'trabajo', limit: 50 },
  { q: 'de', limit: 50 },
];

describe('session search in both modes', () => {
  let db: FreshDatabase;
  let embedded: Mode;
  let server: Mode;

  beforeAll(async () => {
    db = await freshDatabase(`consulta_test_search_modes_${process.pid}_${Date.now()}`);
    const [pglite, postgres] = await Promise.all([
      startApp({ NODE_ENV: 'development', DATA_DIR: path.join(work, 'embedded'), FRONTEND_DIST: path.join(work, 'no-frontend') }),
      startApp({
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        JWT_SECRET: testEnv().jwtSecret,
        DATA_DIR: path.join(work, 'server'),
        DEMO_LOGIN: 'true',
        FRONTEND_DIST: path.join(work, 'no-frontend'),
      }),
    ]);
    embedded = await signIn(pglite);
    server = await signIn(postgres);
  }, 180_000);
  afterAll(async () => {
    await embedded?.app.stop();
    await server?.app.stop();
    await db?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('the seeded demo is indexed at start: "respiracion" finds the first session of Lucía, its transcript at 18.32 s', async () => {
    for (const mode of [embedded, server]) {
      await waitFor('the demo indexed', async () => (await search(mode, { q: 'respiracion' })).length > 0);
      const results = await search(mode, { q: 'respiracion', paciente_id: mode.patients.get(LUCIA)! });
      expect(results.find((r) => r.campo === 'transcripcion')).toMatchObject({
        paciente_nombre: 'Lucía Fernández Ruiz',
        numero_sesion: 1,
        inicio_segundos: 18.32,
        fragmento: expect.stringContaining('Vamos a probar un ejercicio de respiración'),
      });
      expect(results.map((r) => r.campo).sort()).toEqual(['analisis_ia', 'analisis_ia_paciente', 'transcripcion']);
    }
  });

  it('answers the same queries alike, in the same order', async () => {
    for (const mode of [embedded, server]) {
      for (let n = 1; n <= 6; n++) {
        await request(mode.app.url)
          .post(`${API}/sesiones/`)
          .set(mode.auth)
          .send({ paciente_id: mode.patients.get(LUCIA), ...ADDED(n) })
          .expect(201);
      }
    }
    let compared = 0;
    for (const query of [...QUERIES, { q: 'respiracion', paciente_id: LUCIA }]) {
      const ask = (mode: Mode) => search(mode, query.paciente_id ? { ...query, paciente_id: mode.patients.get(LUCIA)! } : query);
      const [a, b] = await Promise.all([ask(embedded), ask(server)]);
      expect({ query, answer: comparable(embedded, a) }).toEqual({ query, answer: comparable(server, b) });
      compared += a.length;
    }
    expect(compared).toBeGreaterThan(60);
  });
});
