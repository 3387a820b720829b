import { MSG, fillMessage, type SessionSearchResult } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type AppTarget, type Session } from './support/api';
import { startAiApp, type AiApp } from './support/ai-app';
import { MISSING_ID, createSession, createSessionType, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startOpenAiPeer, type OpenAiPeer } from './support/openai-peer';
import { runCli } from './support/processes';
import { expectProblem, waitFor } from './support/storage';

/**
 * The search across a practice's sessions (GET /busqueda/sesiones; docs/decisions/search.md): Spanish as people
 * type it, every field, the transcript turn's time, only the caller's own patients, one access-history entry per
 * search, and the index kept current by every write. The same answers in the embedded mode: search-modes.test.ts.
 */

const SEARCH = `${API}/busqueda/sesiones`;
type Query = Record<string, string | number>;
const search = (who: Session, query: Query, target: Pick<AppTarget, 'appUrl'> = testEnv()) =>
  api(target).get(SEARCH).query(query).set(bearer(who.token));

/** The results of a search that must succeed. */
async function found(who: Session, query: Query, target?: Pick<AppTarget, 'appUrl'>): Promise<SessionSearchResult[]> {
  const res = await search(who, query, target);
  if (res.status !== 200) throw new Error(`${JSON.stringify(query)} answered ${res.status}: ${res.text}`);
  return res.body as SessionSearchResult[];
}
/** Where each result matched, as `numero:campo`. */
const where = (results: SessionSearchResult[]) => results.map((r) => `${r.numero_sesion}:${r.campo}`);

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T10:00:00.000Z`;

describe('session search', () => {
  let me: Session;
  let lucia: string;
  let mateo: string;
  beforeAll(async () => {
    me = await therapistSession('Dra. Búsqueda');
    lucia = (await createPatient(me, { nombre: 'Lucía', apellido: 'Fernández' })).id;
    mateo = (await createPatient(me, { nombre: 'Mateo', apellido: 'Ruiz' })).id;
  });

  describe('Spanish as people type it', () => {
    beforeAll(async () => {
      await createSession(me, lucia, {
        numero_sesion: 1,
        fecha: day(2),
        notas: 'Trabajamos la respiración diafragmática. Refiere ansiedad ante los exámenes y miedo a quedarse en blanco.',
      });
      await createSession(me, lucia, {
        numero_sesion: 2,
        fecha: day(3),
        notas: 'Llega preocupada por su madre. Ataque de pánico en el metro el martes.',
      });
      await createSession(me, lucia, {
        numero_sesion: 3,
        fecha: day(4),
        notas: 'Sin pánico esta semana, aunque tuvo un pequeño ataque de tos. Oye voces cuando está agotada.',
      });
    });

    it('finds a word with or without its accents, in any case', async () => {
      for (const q of ['respiracion', 'respiración', 'RESPIRACIÓN', 'Respiracio\u0301n']) {
        const results = await found(me, { q });
        expect({ q, where: where(results) }).toEqual({ q, where: ['1:notas'] });
      }
      const [hit] = await found(me, { q: 'respiracion' });
      expect(hit).toEqual({
        sesion_id: expect.any(String),
        paciente_id: lucia,
        paciente_nombre: 'Lucía Fernández',
        numero_sesion: 1,
        fecha: day(2),
        campo: 'notas',
        fragmento: 'Trabajamos la respiración diafragmática. Refiere ansiedad ante los exámenes y miedo a quedarse en blanco.',
        inicio_segundos: null,
      });
    });

    it('finds the other forms of a word: plural, feminine, masculine', async () => {
      expect(where(await found(me, { q: 'respiraciones' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'ansiedades' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'miedos' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'preocupados' }))).toEqual(['2:notas']);
      expect(where(await found(me, { q: 'voz' }))).toEqual(['3:notas']);
      expect(where(await found(me, { q: 'madres' }))).toEqual(['2:notas']);
    });

    it('requires every word, anywhere in the passage; a quoted phrase exactly as written', async () => {
      expect(where(await found(me, { q: 'ansiedad exámenes' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'ansiedad madre' }))).toEqual([]);
      // Both sessions have 'ataque' and 'pánico'; only one has them as the phrase.
      expect(where(await found(me, { q: 'pánico ataque' })).sort()).toEqual(['2:notas', '3:notas']);
      expect(where(await found(me, { q: '"ataque de pánico"' }))).toEqual(['2:notas']);
      expect(where(await found(me, { q: '«ataque de panico» metro' }))).toEqual(['2:notas']);
      expect(where(await found(me, { q: '"pánico ataque"' }))).toEqual([]);
    });

    it('cuts the fragment at words around the first match, with … where the text goes on', async () => {
      const long =
        'Al principio de la sesión repasamos la semana con calma y sin prisa, hablamos del trabajo, de la familia y de los ' +
        'planes del verano que viene. Más tarde aparece el recuerdo de la tormenta de su infancia, que todavía le quita el ' +
        'sueño algunas noches, y lo trabajamos con una técnica de anclaje en el presente que practicaremos la próxima vez.';
      await createSession(me, mateo, { numero_sesion: 1, fecha: day(5), notas: long });
      const [hit] = await found(me, { q: 'tormentas' });
      expect(hit.fragmento.startsWith('…')).toBe(true);
      expect(hit.fragmento.endsWith('…')).toBe(true);
      expect(hit.fragmento).toContain('tormenta de su infancia');
      expect(hit.fragmento.length).toBeLessThanOrEqual(162);
      // Whole words: what it shows is in the note as it is, from a word's start to a word's end.
      const inner = hit.fragmento.slice(1, -1);
      const at = long.indexOf(inner);
      expect(at).toBeGreaterThan(0);
      expect([long[at - 1], long[at + inner.length]]).toEqual([' ', ' ']);
    });
  });

  describe('every field', () => {
    let custom: string;
    beforeAll(async () => {
      const patient = (await createPatient(me, { nombre: 'Campos', apellido: 'Todos' })).id;
      await createSession(me, patient, {
        numero_sesion: 1,
        fecha: day(10),
        notas: 'Notas con alfombra.',
        temas_importantes: 'Tema de la bicicleta',
        observaciones: 'Observación de la cometa',
        transcripcion: 'Terapeuta: Háblame del dromedario.\nPaciente: Soñé con un dromedario.',
        analisis_ia: 'Análisis del terapeuta: escafandra.',
        analisis_ia_paciente: 'Para el paciente: farolas encendidas.',
      });
      await createSession(me, patient, {
        numero_sesion: 2,
        fecha: day(11),
        tipo_sesion: 'psicodelica',
        notas: null,
        intencion: 'Soltar el girasol del pasado',
        tipo_medicina: 'Psilocibina',
        observaciones: 'Integración tranquila',
      });
      const type = await createSessionType(me, { nombre: 'Constelación' });
      custom = type.id;
      await createSession(me, patient, {
        numero_sesion: 3,
        fecha: day(12),
        tipo_sesion: null,
        tipo_sesion_id: custom,
        notas: null,
        campos_datos: {
          Motivo: 'Duelo por el hipopótamo',
          Reflexión: 'Un iglú de silencio',
          Intensidad: 7.5,
          Modalidad: 'En línea',
          Consentimiento: true,
        },
      });
    });

    it.each([
      ['alfombra', '1:notas'],
      ['bicicletas', '1:temas_importantes'],
      ['cometas', '1:observaciones'],
      ['dromedarios', '1:transcripcion'],
      ['escafandras', '1:analisis_ia'],
      ['farola', '1:analisis_ia_paciente'],
      ['girasoles', '2:intencion'],
      ['psilocibina', '2:tipo_medicina'],
      ['hipopotamo', '3:Motivo'],
      ['iglu', '3:Reflexión'],
      ['linea', '3:Modalidad'],
    ])('%s is found in %s', async (q, expected) => {
      expect(where(await found(me, { q }))).toEqual([expected]);
    });

    it('leaves numbers and checkboxes of custom fields out (they are not text)', async () => {
      expect(where(await found(me, { q: '7' }))).toEqual([]);
      expect(where(await found(me, { q: 'true' }))).toEqual([]);
    });

    it('gives one result per session and field, each with its best passage', async () => {
      // The transcript says 'dromedario' twice, in one passage: one result.
      const results = await found(me, { q: 'dromedario' });
      expect(results).toHaveLength(1);
      expect(results[0].fragmento).toBe('Terapeuta: Háblame del dromedario. Paciente: Soñé con un dromedario.');
    });
  });

  describe('the transcript', () => {
    let patient: string;
    beforeAll(async () => {
      patient = (await createPatient(me, { nombre: 'Turnos', apellido: 'Con Tiempos' })).id;
    });

    it('answers the start of the turn the match is in, when the session keeps its turns', async () => {
      // Exactly n words.
      const filler = (n: number) => Array.from({ length: n }, (_, i) => ['palabra', 'de', 'relleno'][i % 3]).join(' ');
      const segments = [
        { speaker_label: 'Terapeuta', start_time: 0.5, end_time: 4, text: 'Buenas tardes, ¿cómo llegas hoy?' },
        { speaker_label: 'Paciente', start_time: 4.2, end_time: 20, text: `Cansada. ${filler(40)}` },
        { speaker_label: 'Terapeuta', start_time: 20.5, end_time: 60, text: filler(50) },
        // 6 + 42 + 51 words make the first passage; the next turn would pass 100: it starts the second.
        { speaker_label: 'Paciente', start_time: 61.25, end_time: 70, text: 'Anoche soñé otra vez con el murciélago del desván.' },
        { speaker_label: 'Terapeuta', start_time: 70.5, end_time: 75, text: '¿Qué sentiste al ver el murciélago?' },
        // One turn longer than a passage: cut in pieces, each keeping the turn's start.
        { speaker_label: 'Paciente', start_time: 80, end_time: 200, text: `${filler(150)} y al final apareció la lechuza blanca.` },
      ];
      const session = await createSession(me, patient, { numero_sesion: 1, fecha: day(15), transcripcion_segmentos: segments });
      expect(session.transcripcion).toContain('Paciente: Anoche soñé otra vez con el murciélago del desván.');

      const [bat] = await found(me, { q: 'murcielagos' });
      expect(bat).toMatchObject({ campo: 'transcripcion', inicio_segundos: 61.25 });
      expect(bat.fragmento).toContain('Paciente: Anoche soñé otra vez con el murciélago');
      expect((await found(me, { q: '"al ver el murciélago"' }))[0]).toMatchObject({ inicio_segundos: 70.5 });
      expect((await found(me, { q: 'lechuza' }))[0]).toMatchObject({ inicio_segundos: 80 });
      expect((await found(me, { q: 'cansada' }))[0]).toMatchObject({ inicio_segundos: 4.2 });
      // The first match decides: 'tardes' is in the first turn, 'cansada' in the second.
      expect((await found(me, { q: 'cansada tardes' }))[0]).toMatchObject({ inicio_segundos: 0.5 });
    });

    it('answers no time for a transcript kept as text alone, nor outside the transcript', async () => {
      await createSession(me, patient, {
        numero_sesion: 2,
        fecha: day(16),
        notas: 'Hablamos de la salamandra.',
        transcripcion: 'Hablante 1: ¿Y la salamandra?\nHablante 2: Sigue en el jardín.',
      });
      const results = await found(me, { q: 'salamandra' });
      expect(results.map((r) => [r.campo, r.inicio_segundos]).sort()).toEqual([
        ['notas', null],
        ['transcripcion', null],
      ]);
    });
  });

  describe('order and limit', () => {
    let patient: string;
    beforeAll(async () => {
      patient = (await createPatient(me, { nombre: 'Orden', apellido: 'Y Límite' })).id;
      // Session 1 (oldest) says 'zarzamora' three times; the others once each, newer and newer.
      await createSession(me, patient, { numero_sesion: 1, fecha: day(20), notas: 'Zarzamora, zarzamora y más zarzamoras.' });
      for (let n = 2; n <= 6; n++)
        await createSession(me, patient, { numero_sesion: n, fecha: day(20 + n), notas: `Una zarzamora (${n}).` });
    });

    it('ranks the passage that matches best first, then the newest sessions', async () => {
      expect(where(await found(me, { q: 'zarzamora' }))).toEqual(['1:notas', '6:notas', '5:notas', '4:notas', '3:notas', '2:notas']);
    });

    it('answers at most `limit` results (20 by default)', async () => {
      expect(where(await found(me, { q: 'zarzamora', limit: 2 }))).toEqual(['1:notas', '6:notas']);
      expect(await found(me, { q: 'zarzamora', limit: 50 })).toHaveLength(6);
      for (let n = 7; n <= 28; n++) await createSession(me, patient, { numero_sesion: n, fecha: day(1), notas: 'Otra zarzamora.' });
      expect(await found(me, { q: 'zarzamora' })).toHaveLength(20);
      expect(await found(me, { q: 'zarzamora', limit: 50 })).toHaveLength(28);
    });

    it('finds matches of every time: the newest days, years back, and sessions dated ahead', async () => {
      const patient = (await createPatient(me, { nombre: 'Muchos', apellido: 'Años' })).id;
      const dates = ['2099-01-15T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2024-07-01T10:00:00.000Z', '2019-01-10T10:00:00.000Z'];
      for (const [i, fecha] of dates.entries()) {
        await createSession(me, patient, { numero_sesion: i + 1, fecha, notas: `El armadillo de ${fecha.slice(0, 4)}.` });
      }
      const results = await found(me, { q: 'armadillo', limit: 50 });
      expect(results.map((r) => r.fecha)).toEqual(dates);
      expect(results.map((r) => r.fragmento)).toEqual(dates.map((d) => `El armadillo de ${d.slice(0, 4)}.`));
    });

    it('narrows to one patient with paciente_id', async () => {
      await createSession(me, lucia, { numero_sesion: 40, fecha: day(1), notas: 'También una zarzamora.' });
      const all = await found(me, { q: 'zarzamora', limit: 50 });
      expect(new Set(all.map((r) => r.paciente_id))).toEqual(new Set([patient, lucia]));
      const one = await found(me, { q: 'zarzamora', limit: 50, paciente_id: lucia });
      expect(one.map((r) => [r.paciente_id, r.numero_sesion])).toEqual([[lucia, 40]]);
    });
  });

  describe('kept current', () => {
    it('answers what a session says now: created, changed, moved in time, deleted', async () => {
      const patient = (await createPatient(me, { nombre: 'Al', apellido: 'Día' })).id;
      const session = await createSession(me, patient, { numero_sesion: 1, fecha: day(1), notas: 'Hablamos de la tortuga.' });
      expect(where(await found(me, { q: 'tortuga' }))).toEqual(['1:notas']);

      await api().patch(`${API}/sesiones/${session.id}`).set(bearer(me.token)).send({ notas: 'Hablamos de la jirafa.' }).expect(200);
      expect(where(await found(me, { q: 'tortuga' }))).toEqual([]);
      expect(where(await found(me, { q: 'jirafas' }))).toEqual(['1:notas']);

      await api()
        .put(`${API}/sesiones/${session.id}`)
        .set(bearer(me.token))
        .send({
          fecha: day(9),
          transcripcion_segmentos: [{ speaker_label: 'Paciente', start_time: 12, end_time: 15, text: 'La jirafa otra vez.' }],
        })
        .expect(200);
      const moved = await found(me, { q: 'jirafa' });
      expect(moved.map((r) => [r.campo, r.fecha, r.inicio_segundos]).sort()).toEqual([
        ['notas', day(9), null],
        ['transcripcion', day(9), 12],
      ]);

      await api().delete(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
      expect(await found(me, { q: 'jirafa' })).toEqual([]);
      expect(await sql('select 1 from session_search_passages where session_id = $1', [session.id])).toEqual([]);
      expect(await sql('select 1 from session_search_state where session_id = $1', [session.id])).toEqual([]);
    });

    it('a session written without the app (a restore, a bulk load) is indexed by the sweep: search:reindex', async () => {
      const patient = (await createPatient(me, { nombre: 'Sin', apellido: 'Índice' })).id;
      await sql(
        `insert into sessions (id, patient_id, therapist_id, numero_sesion, fecha, tipo_sesion, num_voces, notas, campos_datos)
         values (gen_random_uuid(), $1, $2, 1, now(), 'psicoterapia', 2, 'Cargada sin pasar por la app: ornitorrinco.', '{}')`,
        [patient, me.id],
      );
      expect(await found(me, { q: 'ornitorrinco' })).toEqual([]);
      const env = { DATABASE_URL: testEnv().databaseUrl, JWT_SECRET: testEnv().jwtSecret, NODE_ENV: 'test' };
      const swept = runCli(['search:reindex'], env);
      expect(swept.stderr).toBe('');
      expect(swept.stdout).toMatch(/^Indexed [1-9]\d* sessions for search in \d+\.\d s\.\n$/);
      expect(where(await found(me, { q: 'ornitorrinco' }))).toEqual(['1:notas']);
      // Nothing left to do the second time; --all rebuilds every session.
      expect(runCli(['search:reindex'], env).stdout).toMatch(/^Indexed 0 sessions/);
      const all = runCli(['search:reindex', '--all'], env);
      const total = Number((await sql<{ n: string }>('select count(*) as n from sessions'))[0].n);
      expect(all.stdout).toContain(`Indexed ${total} sessions`);
      expect(where(await found(me, { q: 'ornitorrinco' }))).toEqual(['1:notas']);
    });
  });

  describe('who may search what', () => {
    let other: Session;
    let theirs: string;
    beforeAll(async () => {
      other = await therapistSession('Dr. Ajeno');
      theirs = (await createPatient(other, { nombre: 'Paciente', apellido: 'Ajeno' })).id;
      // Canary words only in the other therapist's sessions, in every field.
      await createSession(other, theirs, {
        notas: 'quetzal en las notas, con respiración',
        temas_importantes: 'quetzal',
        observaciones: 'quetzal',
        transcripcion: 'Paciente: quetzal',
        analisis_ia: 'quetzal',
        analisis_ia_paciente: 'quetzal',
      });
    });

    it("never finds another therapist's sessions", async () => {
      expect(await found(me, { q: 'quetzal' })).toEqual([]);
      expect(where(await found(me, { q: 'respiracion' }))).toEqual(['1:notas']);
      expect((await found(me, { q: 'respiracion' }))[0].paciente_id).toBe(lucia);
      // Theirs find theirs.
      expect((await found(other, { q: 'quetzal' })).map((r) => r.campo).sort()).toEqual([
        'analisis_ia',
        'analisis_ia_paciente',
        'notas',
        'observaciones',
        'temas_importantes',
        'transcripcion',
      ]);
    });

    it("answers 404 for another therapist's patient or one that does not exist", async () => {
      expectProblem(await search(me, { q: 'quetzal', paciente_id: theirs }), 404, MSG.patients.notFound, 'NOT_FOUND');
      expectProblem(await search(me, { q: 'quetzal', paciente_id: MISSING_ID }), 404, MSG.patients.notFound, 'NOT_FOUND');
    });

    it('refuses a patient (403), even for their own sessions', async () => {
      const patient = await signedInPatient(me);
      await createSession(me, patient.patientId, { notas: 'Canario del paciente: pelícano.' });
      expectProblem(await search(patient, { q: 'pelicano' }), 403);
      expectProblem(await search(patient, { q: 'pelicano', paciente_id: patient.patientId }), 403);
      await api().get(SEARCH).query({ q: 'pelicano' }).expect(401);
    });
  });

  describe('bad input', () => {
    it.each<[string, Query | string, string]>([
      ['no q', {}, MSG.search.queryRequired],
      ['an empty q', { q: '' }, MSG.search.queryRequired],
      ['a blank q', { q: '   ' }, MSG.search.queryRequired],
      ['q of 201 characters', { q: 'a'.repeat(201) }, fillMessage(MSG.search.queryTooLong, { max: 200 })],
      ['q without words', { q: '¿? … "" -' }, MSG.search.noWords],
      ['q in another alphabet only', { q: 'жизнь' }, MSG.search.noWords],
      ['limit 0', { q: 'miedo', limit: 0 }, fillMessage(MSG.search.limit, { max: 50 })],
      ['limit 51', { q: 'miedo', limit: 51 }, fillMessage(MSG.search.limit, { max: 50 })],
      ['limit 1.5', { q: 'miedo', limit: '1.5' }, fillMessage(MSG.search.limit, { max: 50 })],
      ['limit abc', { q: 'miedo', limit: 'abc' }, fillMessage(MSG.search.limit, { max: 50 })],
      ['limit -1', { q: 'miedo', limit: '-1' }, fillMessage(MSG.search.limit, { max: 50 })],
      ['a malformed paciente_id', { q: 'miedo', paciente_id: 'no-es-un-id' }, MSG.search.patientId],
      ['q twice', 'q=miedo&q=madre', MSG.search.queryRequired],
      ['an unknown parameter', { q: 'miedo', orden: 'fecha' }, fillMessage(MSG.validation.notAllowed, { campo: 'orden' })],
    ])('%s → 400', async (_label, query, detail) => {
      expectProblem(await search(me, query as Query), 400, detail, 'VALIDATION');
    });

    it('takes 200 characters, and words the parser of the database might split ("1e5a")', async () => {
      expect(await found(me, { q: `${'a'.repeat(195)} 1e5a` })).toEqual([]);
      const patient = (await createPatient(me, { nombre: 'Números', apellido: 'Raros' })).id;
      await createSession(me, patient, { notas: 'Código 3e0a del informe, covid19 y la dosis 2,5 mg.' });
      expect(where(await found(me, { q: '3e0a' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'covid 19' }))).toEqual(['1:notas']);
      expect(where(await found(me, { q: 'covid19' }))).toEqual(['1:notas']);
    });
  });

  describe('access history', () => {
    const entries = (actor: string) =>
      sql<{ patient_id: string | null; kind: string; action: string; path: string; status: number }>(
        `select patient_id::text, kind, action, path, status from access_history where actor_id = $1 and kind = 'busqueda' order by id`,
        [actor],
      );

    it('records one entry per search: without a patient for the practice, the patient when one is named', async () => {
      const before = (await entries(me.id)).length;
      // Matches in several patients' sessions: still one entry, and the words searched for are not kept.
      expect(new Set((await found(me, { q: 'zarzamora', limit: 50 })).map((r) => r.paciente_id)).size).toBe(2);
      await found(me, { q: 'respiracion', paciente_id: lucia });
      expectProblem(await search(me, { q: 'respiracion', paciente_id: MISSING_ID }), 404);
      expect((await entries(me.id)).slice(before)).toEqual([
        { patient_id: null, kind: 'busqueda', action: 'lectura', path: SEARCH, status: 200 },
        { patient_id: lucia, kind: 'busqueda', action: 'lectura', path: SEARCH, status: 200 },
        { patient_id: null, kind: 'busqueda', action: 'lectura', path: SEARCH, status: 404 },
      ]);
      // The patient's own history shows the search that named them, as the therapist reads it.
      const history = await api().get(`${API}/pacientes/historial-accesos/${lucia}`).set(bearer(me.token)).expect(200);
      expect(history.body[0]).toMatchObject({ tipo: 'busqueda', accion: 'lectura', exito: true });
    });
  });
});

describe('session search: the background analysis is searchable at once', () => {
  let peer: OpenAiPeer;
  let t: AiApp;
  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await startAiApp('search', peer.url);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('finds the analyses the job wrote', async () => {
    const me = await therapistSession('Terapeuta del Análisis', t);
    const patient = await createPatient(me, {}, t);
    const session = await createSession(me, patient.id, { transcripcion: 'Hablante 1: Hola.' }, t);
    peer.onChat((req) => ({
      content: String(req.body?.messages?.[0]?.content ?? '').includes('para el paciente')
        ? 'Para ti: un colibrí en calma.'
        : 'Un colibrí inquieto.',
    }));
    await api(t).post(`${API}/sesiones/${session.id}/start-background-analysis`).set(bearer(me.token)).expect(202);
    await waitFor('the background analysis', async () => {
      const res = await api(t).get(`${API}/sesiones/${session.id}`).set(bearer(me.token)).expect(200);
      return res.body.analisis_estado === null;
    });
    expect((await found(me, { q: 'colibries' }, t)).map((r) => r.campo).sort()).toEqual(['analisis_ia', 'analisis_ia_paciente']);
  });
});
