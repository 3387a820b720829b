import { createHash } from 'node:crypto';
import { MSG, type CalendarFeedResponse, type CalendarFeedStatus } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { inHours } from './support/agenda';
import { signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { bookAppointments, parseIcs } from './support/ical';

/**
 * The therapist's calendar feed: a secret URL (only its hash kept) serving their appointments as iCalendar, for a
 * calendar outside the practice: initials and modality only, stable UIDs, SEQUENCE from the row's version.
 */

const FEED = `${API}/citas/calendario`;
const host = new URL(testEnv().appUrl).hostname;
const uid = (id: string) => `${id}@${host}`;
/** The feed's path on the app, from the URL the API answered. */
const pathOf = (url: string) => new URL(url).pathname;
/** iCalendar folds lines at 75 octets: unfolded, a canary cannot hide across a fold. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

async function newFeed(therapist: Session): Promise<string> {
  const res = await api().post(FEED).set(bearer(therapist.token)).expect(201);
  const { url } = res.body as CalendarFeedResponse;
  expect(url).toMatch(new RegExp(`^${testEnv().appUrl}/api/v1/calendario/[A-Za-z0-9_-]{43}\\.ics$`));
  return url;
}

async function read(url: string) {
  const res = await api().get(pathOf(url)).expect(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  return { text: res.text, ...parseIcs(res.text) };
}

describe('agenda: the calendar feed', () => {
  let therapist: Session;
  let patient: { id: string; email: string };
  beforeAll(async () => {
    therapist = await therapistSession('Dra. Elena Ruiz');
    patient = await createPatient(therapist, {
      nombre: 'Lucía',
      apellido: 'Fernández',
      telefono_paciente: '+573001112233',
      telefono: '3004445566',
      notas_terapeuticas: 'CANARIO-NOTAS-PACIENTE',
    });
  });
  const book = async (hours: number, extra: object = {}) =>
    (await bookAppointments(testEnv(), therapist, { paciente_id: patient.id, inicio: inHours(hours), ...extra }))[0];

  it('serves the appointments from 30 days back to a year ahead, initials and modality only, cancelled ones as CANCELLED', async () => {
    const status0 = (await api().get(FEED).set(bearer(therapist.token)).expect(200)).body as CalendarFeedStatus;
    expect(status0).toEqual({ activo: false, creado_en: null });

    const here = await book(48, { lugar_o_enlace: 'CANARIO-LUGAR Calle Secreta 5', notas: 'CANARIO-NOTA-CITA' });
    const video = await book(24 * 5, { modalidad: 'videollamada', lugar_o_enlace: 'https://meet.example.com/CANARIO-ENLACE' });
    const recent = await book(-24 * 29);
    const old = await book(-24 * 31);
    const far = await book(24 * 360);
    const tooFar = await book(24 * 370);
    const cancelled = await book(24 * 3);
    await api()
      .post(`${API}/citas/${cancelled.id}/cancelar`)
      .set(bearer(therapist.token))
      .send({ motivo: 'CANARIO-MOTIVO', avisar_paciente: false })
      .expect(200);

    const url = await newFeed(therapist);
    const status = (await api().get(FEED).set(bearer(therapist.token)).expect(200)).body as CalendarFeedStatus;
    expect(status).toEqual({ activo: true, creado_en: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });

    const feed = await read(url);
    expect(feed.method).toBe('PUBLISH');
    const byUid = new Map(feed.events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual([here, video, recent, far, cancelled].map((c) => uid(c.id)).sort());
    expect(byUid.has(uid(old.id))).toBe(false);
    expect(byUid.has(uid(tooFar.id))).toBe(false);
    expect(byUid.get(uid(here.id))).toEqual({
      uid: uid(here.id),
      start: new Date(here.inicio),
      end: new Date(here.fin),
      summary: 'Sesión · L. F.',
      location: 'Presencial',
      description: null,
      status: 'CONFIRMED',
      sequence: 0,
    });
    expect(byUid.get(uid(video.id))).toMatchObject({ summary: 'Sesión · L. F.', location: 'Videollamada', status: 'CONFIRMED' });
    expect(byUid.get(uid(cancelled.id))).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    // Times in UTC.
    expect(unfold(feed.text)).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    // Never a name, a note, a reason, contact data, the place or the call's link.
    const body = unfold(feed.text);
    for (const canary of [
      'CANARIO',
      'Lucía',
      'Fernández',
      patient.email,
      '3001112233',
      '3004445566',
      'meet.example.com',
      'Calle Secreta',
    ]) {
      expect([canary, body.includes(canary)]).toEqual([canary, false]);
    }
  });

  it('keeps UIDs across reads, raises SEQUENCE when an appointment moves or is cancelled', async () => {
    const cita = await book(24 * 7);
    const url = await newFeed(therapist);
    const first = await read(url);
    const second = await read(url);
    expect(second.events.map((e) => e.uid)).toEqual(first.events.map((e) => e.uid));
    expect(first.events.find((e) => e.uid === uid(cita.id))).toMatchObject({ sequence: 0 });

    const moved = await api()
      .patch(`${API}/citas/${cita.id}`)
      .set(bearer(therapist.token))
      .send({ inicio: inHours(24 * 8) })
      .expect(200);
    const after = (await read(url)).events.find((e) => e.uid === uid(cita.id))!;
    expect(after).toMatchObject({ sequence: 1, start: new Date(moved.body.citas[0].inicio), status: 'CONFIRMED' });

    await api().post(`${API}/citas/${cita.id}/cancelar`).set(bearer(therapist.token)).send({ avisar_paciente: false }).expect(200);
    expect((await read(url)).events.find((e) => e.uid === uid(cita.id))).toMatchObject({ sequence: 2, status: 'CANCELLED' });
  });

  it('keeps only the hash of the token; a new URL replaces the old, revoking ends it (404)', async () => {
    const first = await newFeed(therapist);
    const second = await newFeed(therapist);
    const token = pathOf(second)
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');
    const rows = await sql<{ token_hash: string }>(`select token_hash from calendar_feeds where therapist_id = $1`, [therapist.id]);
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);

    const gone = await api().get(pathOf(first)).expect(404);
    expect(gone.body).toEqual({ detail: MSG.agenda.feedNotFound, code: 'NOT_FOUND', request_id: expect.any(String) });
    await read(second);

    await api().delete(FEED).set(bearer(therapist.token)).expect(200, { activo: false, creado_en: null });
    await api().get(pathOf(second)).expect(404);
    expect((await api().get(FEED).set(bearer(therapist.token)).expect(200)).body).toEqual({ activo: false, creado_en: null });
    await api().delete(FEED).set(bearer(therapist.token)).expect(200, { activo: false, creado_en: null });

    // Made-up or malformed tokens, or the URL without its suffix.
    await api()
      .get(`${API}/calendario/${'A'.repeat(43)}.ics`)
      .expect(404);
    await api().get(`${API}/calendario/abc.ics`).expect(404);
    await api().get(`${API}/calendario/${token}`).expect(404);
  });

  it("keeps each therapist's feed to their own appointments", async () => {
    const mine = await book(24 * 9);
    const colleague = await therapistSession('Dr. Pablo Gil');
    const theirPatient = await createPatient(colleague, { nombre: 'Ana', apellido: 'Zamora' });
    const [theirs] = await bookAppointments(testEnv(), colleague, { paciente_id: theirPatient.id, inicio: inHours(24 * 9) });
    const myFeed = await read(await newFeed(therapist));
    const theirFeed = await read(await newFeed(colleague));
    expect(theirFeed.events.map((e) => [e.uid, e.summary])).toEqual([[uid(theirs.id), 'Sesión · A. Z.']]);
    expect(myFeed.events.map((e) => e.uid)).toContain(uid(mine.id));
    expect(myFeed.events.map((e) => e.uid)).not.toContain(uid(theirs.id));
  });

  it('is for therapists: a patient gets 403, no token 401', async () => {
    const me = await signedInPatient(therapist);
    await api().get(FEED).set(bearer(me.token)).expect(403);
    await api().post(FEED).set(bearer(me.token)).expect(403);
    await api().delete(FEED).set(bearer(me.token)).expect(403);
    await api().get(FEED).expect(401);
    await api().post(FEED).expect(401);
    await api().delete(FEED).expect(401);
  });

  it('serves a thousand events in one read', async () => {
    const busy = await therapistSession('Dra. Agenda Llena');
    const someone = await createPatient(busy, { nombre: 'Íñigo', apellido: 'Úbeda' });
    await sql(
      `insert into appointments (id, therapist_id, patient_id, inicio, fin, duracion_minutos, modalidad)
       select gen_random_uuid(), $1, $2, now() - interval '29 days' + n * interval '9 hours', now() - interval '29 days' + n * interval '9 hours' + interval '50 minutes', 50, 'presencial'
       from generate_series(1, 1000) n`,
      [busy.id, someone.id],
    );
    const url = await newFeed(busy);
    const started = Date.now();
    const feed = await read(url);
    const ms = Date.now() - started;
    expect(feed.events).toHaveLength(1000);
    expect(new Set(feed.events.map((e) => e.summary))).toEqual(new Set(['Sesión · Í. Ú.']));
    expect(ms).toBeLessThan(2000);
  });
});
