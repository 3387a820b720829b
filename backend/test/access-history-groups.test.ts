import { ACCESS_GROUP_MAX_ENTRIES, MSG, type AccessHistoryGroup, type AccessHistoryItem } from '@consulta/shared';
import { API, api, bearer, sql, therapistSession, type Session } from './support/api';
import { MISSING_ID, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { runCli } from './support/processes';
import { expectProblem } from './support/storage';

/**
 * The access history grouped (GET /pacientes/historial-accesos/{id}/agrupado): one visit (consecutive entries of the
 * same person, role, address and browser, each at most 10 minutes after the one before, whatever they read or did) is
 * one group with a count and every entry's time, kind, action and result; pages count groups; nothing leaves the
 * plain list or the operator's export.
 */

const UA = 'Navegador de prueba/1.0';
const grouped = (who: Session, patientId: string, query = '') =>
  api().get(`${API}/pacientes/historial-accesos/${patientId}/agrupado${query}`).set(bearer(who.token)).set('user-agent', UA);
const plain = (who: Session, patientId: string, query = '') =>
  api().get(`${API}/pacientes/historial-accesos/${patientId}${query}`).set(bearer(who.token)).set('user-agent', UA);
const q = (params: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))).toString()}`;

interface Entry {
  /** Minutes after the base time. */
  at: number;
  actor: Session;
  role?: 'terapeuta' | 'paciente';
  kind?: string;
  action?: string;
  status?: number;
  ip?: string;
  agent?: string;
}

/** Later than anything the requests of the test record, so the inserted entries are the newest. */
const BASE = Date.parse('2099-03-02T09:00:00.000Z');
const iso = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

/** Entries as the writer leaves them (inserted here with chosen times: the table takes inserts only). */
async function insert(patientId: string, entries: Entry[]) {
  for (const e of entries) {
    const status = e.status ?? 200;
    await sql(
      `insert into access_history (occurred_at, patient_id, actor_id, actor_role, kind, action, method, path, status, success, ip, user_agent)
       values ($1, $2, $3, $4, $5, $6, 'GET', $7, $8, $9, $10, $11)`,
      [
        iso(e.at),
        patientId,
        e.actor.id,
        e.role ?? 'terapeuta',
        e.kind ?? 'sesion',
        e.action ?? 'lectura',
        `${API}/sesiones/paciente/${patientId}`,
        status,
        status < 300,
        e.ip ?? '10.0.0.1',
        e.agent ?? UA,
      ],
    );
  }
}

/** A group as the test reads it: kind:action, count, oldest and newest minute. */
const shape = (g: AccessHistoryGroup) => [
  `${g.tipo}:${g.accion}`,
  g.veces,
  (Date.parse(g.desde) - BASE) / 60_000,
  (Date.parse(g.fecha) - BASE) / 60_000,
];

describe('access history grouped', () => {
  let me: Session;
  beforeAll(async () => {
    me = await therapistSession('Dra. Agrupadora');
  });

  it('groups one visit: the same person, address and browser up to 10 minutes apart, whatever was read or done', async () => {
    const patient = await signedInPatient(me);
    const id = patient.patientId;
    const before = ((await plain(me, id).expect(200)).body as AccessHistoryItem[]).length;
    await insert(id, [
      // Three reads, the last exactly 10 minutes after the one before: one visit.
      { at: 0, actor: me },
      { at: 2, actor: me },
      { at: 12, actor: me },
      // 10 minutes and a second later: a new visit, which goes on through another action, kind and result.
      { at: 22 + 1 / 60, actor: me },
      { at: 23, actor: me },
      { at: 24, actor: me, action: 'modificacion' },
      { at: 25, actor: me, kind: 'ficha' },
      { at: 26, actor: me, status: 404 },
      // Another address, browser or person: each its own visit.
      { at: 27, actor: me, ip: '10.0.0.2' },
      { at: 28, actor: me, agent: 'Otro navegador/2.0' },
      { at: 29, actor: patient, role: 'paciente' },
      // The same as the visit at 22–26, but after other people's entries: not joined to it.
      { at: 30, actor: me },
    ]);
    const res = await grouped(me, id, q({ filter: { tipo: 'sesion' } })).expect(200);
    const groups = res.body as AccessHistoryGroup[];
    // With the kind filter the 'ficha' entry at 25 is not there.
    expect(groups.map(shape)).toEqual([
      ['sesion:lectura', 1, 30, 30],
      ['sesion:lectura', 1, 29, 29],
      ['sesion:lectura', 1, 28, 28],
      ['sesion:lectura', 1, 27, 27],
      ['sesion:lectura', 4, 22 + 1 / 60, 26],
      ['sesion:lectura', 3, 0, 12],
    ]);
    expect(res.headers['content-range']).toBe('historial-accesos 0-5/6');
    const three = groups[5];
    expect(three).toMatchObject({
      usuario_nombre: 'Dra. Agrupadora',
      usuario_rol: 'terapeuta',
      ip: '10.0.0.1',
      agente: UA,
      exito: true,
      estado_http: 200,
    });
    // Every entry stays readable inside its group, newest first; the group is named by its oldest entry.
    expect(three.entradas.map((e) => e.fecha)).toEqual([iso(12), iso(2), iso(0)]);
    expect(three.id).toBe(three.entradas[2].id);
    expect(groups[3]).toMatchObject({ ip: '10.0.0.2' });
    expect(groups[1]).toMatchObject({ usuario_rol: 'paciente' });

    // Without the filter the visit at 22–26 holds the 'ficha' read too; a failure inside it marks the visit.
    const all = (await grouped(me, id).expect(200)).body as AccessHistoryGroup[];
    expect(all.slice(0, 6).map(shape)).toEqual([
      ['sesion:lectura', 1, 30, 30],
      ['sesion:lectura', 1, 29, 29],
      ['sesion:lectura', 1, 28, 28],
      ['sesion:lectura', 1, 27, 27],
      ['sesion:lectura', 5, 22 + 1 / 60, 26],
      ['sesion:lectura', 3, 0, 12],
    ]);
    const visit = all[4];
    expect(visit).toMatchObject({ exito: false, estado_http: 404 });
    expect(visit.entradas.map((e) => [(Date.parse(e.fecha) - BASE) / 60_000, `${e.tipo}:${e.accion}`, e.exito, e.estado_http])).toEqual([
      [26, 'sesion:lectura', false, 404],
      [25, 'ficha:lectura', true, 200],
      [24, 'sesion:modificacion', true, 200],
      [23, 'sesion:lectura', true, 200],
      [22 + 1 / 60, 'sesion:lectura', true, 200],
    ]);

    // Grouping hides nothing: the groups hold exactly the plain list's entries.
    const entries = (await plain(me, id, q({ range: [0, 999] })).expect(200)).body as AccessHistoryItem[];
    expect(entries).toHaveLength(before + 12);
    const inGroups = ((await grouped(me, id, q({ range: [0, 999] })).expect(200)).body as AccessHistoryGroup[]).flatMap((g) =>
      g.entradas.map((e) => e.id),
    );
    expect(inGroups.sort()).toEqual(entries.map((e) => e.id).sort());
  });

  it('groups the requests a therapist really makes: the record and a tab read in turn are one visit', async () => {
    const patient = await signedInPatient(me);
    const id = patient.patientId;
    for (let i = 0; i < 3; i++) {
      await api().get(`${API}/pacientes/${id}`).set(bearer(me.token)).set('user-agent', UA).expect(200);
      await api().get(`${API}/sesiones/paciente/${id}`).set(bearer(me.token)).set('user-agent', UA).expect(200);
    }
    const [newest] = (await grouped(me, id).expect(200)).body as AccessHistoryGroup[];
    expect(newest).toMatchObject({ tipo: 'sesion', accion: 'lectura', usuario_nombre: 'Dra. Agrupadora', agente: UA, exito: true });
    expect(newest.veces).toBeGreaterThanOrEqual(6);
    expect(newest.entradas.slice(0, 6).map((e) => e.tipo)).toEqual(['sesion', 'ficha', 'sesion', 'ficha', 'sesion', 'ficha']);
  });

  it('pages by groups, cuts a long run into groups of 100 from its oldest end, and counts past the end', async () => {
    const patient = await signedInPatient(me);
    const id = patient.patientId;
    // 150 reads a second apart, then, 27 minutes later, a modification (another visit).
    await insert(id, [
      ...Array.from({ length: 150 }, (_, i) => ({ at: i / 60, actor: me })),
      { at: 30, actor: me, action: 'modificacion' },
    ]);
    const filter = { tipo: 'sesion' };
    const first = await grouped(me, id, q({ filter, range: [0, 1] })).expect(200);
    expect((first.body as AccessHistoryGroup[]).map((g) => [g.accion, g.veces])).toEqual([
      ['modificacion', 1],
      ['lectura', 150 - ACCESS_GROUP_MAX_ENTRIES],
    ]);
    expect(first.headers['content-range']).toBe('historial-accesos 0-1/3');
    const second = await grouped(me, id, q({ filter, range: [2, 3] })).expect(200);
    const [oldest] = second.body as AccessHistoryGroup[];
    expect(oldest.veces).toBe(ACCESS_GROUP_MAX_ENTRIES);
    expect(oldest.desde).toBe(iso(0));
    expect(oldest.entradas).toHaveLength(ACCESS_GROUP_MAX_ENTRIES);
    expect(second.headers['content-range']).toBe('historial-accesos 2-2/3');
    const past = await grouped(me, id, q({ filter, range: [10, 19] })).expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['content-range']).toBe('historial-accesos */3');

    // The operator's export still has every entry, one line each.
    const csv = runCli(['access-history:export', '--patient', id, '--format', 'csv'], {
      DATABASE_URL: testEnv().databaseUrl,
      JWT_SECRET: testEnv().jwtSecret,
      NODE_ENV: 'test',
    });
    expect(csv.status).toBe(0);
    const [{ n }] = await sql<{ n: string }>('select count(*) as n from access_history where patient_id = $1', [id]);
    expect(csv.stdout.trim().split('\n')).toHaveLength(Number(n) + 1);
    expect(Number(n)).toBeGreaterThanOrEqual(151);
  });

  it('refuses a bad filter or range with a Spanish detail', async () => {
    const patient = await signedInPatient(me);
    expectProblem(await grouped(me, patient.patientId, q({ filter: { tipo: 'otra' } })), 400, MSG.accessHistory.kindFilter);
    expectProblem(await grouped(me, patient.patientId, q({ filter: { actor: 'x' } })), 400);
    expectProblem(await grouped(me, patient.patientId, q({ range: [3, 1] })), 400, MSG.list.range);
  });

  it('is the owner’s only: another therapist and a missing or malformed id get 404, a patient 403, no token 401', async () => {
    const patient = await signedInPatient(me);
    await api().get(`${API}/pacientes/${patient.patientId}`).set(bearer(me.token)).expect(200);
    const other = await therapistSession('Otro Curioso');
    expectProblem(await grouped(other, patient.patientId), 404, MSG.patients.notFound);
    expectProblem(await grouped(me, MISSING_ID), 404, MSG.patients.notFound);
    expectProblem(await grouped(me, 'no-es-un-id'), 404, MSG.patients.notFound);
    expectProblem(await grouped(patient, patient.patientId), 403);
    await api().get(`${API}/pacientes/historial-accesos/${patient.patientId}/agrupado`).expect(401);
    // Reading it is not itself an entry.
    const count = async () => (await sql('select id from access_history where patient_id = $1', [patient.patientId])).length;
    const before = await count();
    await grouped(me, patient.patientId).expect(200);
    expect(await count()).toBe(before);
  });
});
