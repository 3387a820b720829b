import { fillMessage, MSG, type Appointment, type PatientAppointmentsResponse } from '@consulta/shared';
import { api, API, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { appointmentIn, appointmentPayload, CITAS, createAppointments, daysAround, MY_CITAS } from './support/agenda';
import { createDraft, createSession, postSession, sessionPayload, signedInPatient } from './support/clinical';

/** The agenda's core: appointments, series across daylight-saving changes, overlaps, moves, cancellations, the patient's side. */

const auth = (s: Session) => bearer(s.token);
const week = (therapist: Session, desde: string, hasta: string, extra = '') =>
  api().get(`${CITAS}?desde=${desde}&hasta=${hasta}${extra}`).set(auth(therapist));
const count = async (therapist: Session) =>
  Number((await sql<{ n: string }>(`select count(*) as n from appointments where therapist_id = $1`, [therapist.id]))[0].n);

async function practice() {
  const therapist = await therapistSession('Dra. Elena Ruiz');
  const patient = await createPatient(therapist, { nombre: 'Lucía', apellido: 'Fernández' });
  return { therapist, patient };
}

describe('agenda: appointments', () => {
  it('creates an appointment, lists it in its week in the therapist zone, with the notes for the therapist', async () => {
    const { therapist, patient } = await practice();
    const [cita] = await createAppointments(therapist, patient.id, '2027-03-16T10:00:00+01:00', {
      modalidad: 'videollamada',
      lugar_o_enlace: 'https://meet.example.com/abc',
      notas: '  Revisar la tarea de exposición  ',
    });
    expect(cita).toEqual({
      id: expect.any(String),
      paciente_id: patient.id,
      paciente: { nombre: 'Lucía', apellido: 'Fernández' },
      inicio: '2027-03-16T09:00:00.000Z',
      fin: '2027-03-16T09:50:00.000Z',
      duracion_minutos: 50,
      modalidad: 'videollamada',
      lugar_o_enlace: 'https://meet.example.com/abc',
      estado: 'programada',
      serie_id: null,
      sesion_id: null,
      notas: 'Revisar la tarea de exposición',
      cancelada_por: null,
      motivo_cancelacion: null,
      confirmada_en: null,
      recordatorio_enviado_en: null,
    });
    expect((await week(therapist, '2027-03-15', '2027-03-21').expect(200)).body).toEqual([cita]);
    expect((await week(therapist, '2027-03-16', '2027-03-16').expect(200)).body).toHaveLength(1);
    expect((await week(therapist, '2027-03-17', '2027-03-23').expect(200)).body).toEqual([]);
    // Instants work as bounds too.
    expect((await week(therapist, '2027-03-16T09:30:00Z', '2027-03-16T10:00:00Z').expect(200)).body).toHaveLength(1);
    expect((await week(therapist, '2027-03-15', '2027-03-21', `&paciente_id=${patient.id}`).expect(200)).body).toHaveLength(1);
  });

  it('reads days in the therapist zone: a 22:30 appointment in Bogotá belongs to that day there', async () => {
    const { therapist, patient } = await practice();
    await api().put(`${API}/terapeuta/perfil`).set(auth(therapist)).send({ zona_horaria: 'America/Bogota' }).expect(200);
    expect((await api().get(`${API}/terapeuta/perfil`).set(auth(therapist)).expect(200)).body.zona_horaria).toBe('America/Bogota');
    await createAppointments(therapist, patient.id, '2027-03-16T22:30:00-05:00');
    expect((await week(therapist, '2027-03-16', '2027-03-16').expect(200)).body).toHaveLength(1);
    expect((await week(therapist, '2027-03-17', '2027-03-17').expect(200)).body).toHaveLength(0);
    await api()
      .put(`${API}/terapeuta/perfil`)
      .set(auth(therapist))
      .send({ zona_horaria: 'Marte/Olympus' })
      .expect(400)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.timeZone));
    // Blank goes back to the default.
    const reset = await api().put(`${API}/terapeuta/perfil`).set(auth(therapist)).send({ zona_horaria: '' }).expect(200);
    expect(reset.body.zona_horaria).toBe('Europe/Madrid');
  });

  it('refuses bad input with a Spanish 400 and creates nothing', async () => {
    const { therapist, patient } = await practice();
    const refused = async (body: object, detail: string) => {
      const res = await api().post(CITAS).set(auth(therapist)).send(body).expect(400);
      expect(res.body.detail).toContain(detail);
    };
    const base = appointmentPayload(patient.id, '2027-03-16T10:00:00+01:00');
    await refused({ ...base, inicio: '2027-03-16T10:00:00' }, MSG.agenda.startOffset);
    await refused({ ...base, inicio: '16/03/2027 10:00' }, MSG.agenda.startOffset);
    const duration = fillMessage(MSG.agenda.duration, { min: 15, max: 480 });
    await refused({ ...base, duracion_minutos: 10 }, duration);
    await refused({ ...base, duracion_minutos: 481 }, duration);
    await refused({ ...base, duracion_minutos: '50' }, duration);
    await refused({ ...base, modalidad: 'telefono' }, MSG.agenda.mode);
    await refused({ ...base, lugar_o_enlace: 'x'.repeat(501) }, '500');
    await refused({ ...base, notas: 'x'.repeat(2001) }, '2000');
    await refused({ ...base, repetir: { frecuencia: 'diaria', veces: 3 } }, MSG.agenda.frequency);
    await refused({ ...base, repetir: { frecuencia: 'semanal', veces: 1 } }, fillMessage(MSG.agenda.repeatCount, { min: 2, max: 52 }));
    await refused({ ...base, repetir: { frecuencia: 'semanal', veces: 53 } }, fillMessage(MSG.agenda.repeatCount, { min: 2, max: 52 }));
    await refused({ ...base, repetir: { frecuencia: 'semanal', veces: 3, hasta: '2027-05-01' } }, MSG.agenda.repeatOne);
    await refused({ ...base, repetir: { frecuencia: 'semanal' } }, MSG.agenda.repeatOne);
    await refused({ ...base, repetir: { frecuencia: 'semanal', hasta: '2027-03-01' } }, MSG.agenda.untilBeforeStart);
    await refused(
      { ...base, repetir: { frecuencia: 'semanal', hasta: '2028-12-31' } },
      fillMessage(MSG.agenda.tooManyInSeries, { max: 52 }),
    );
    await refused({ ...base, repetir: { frecuencia: 'semanal', hasta: '01/05/2027' } }, MSG.agenda.repeatUntil);
    await refused({ ...base, terapeuta_id: therapist.id }, fillMessage(MSG.validation.notAllowed, { campo: 'terapeuta_id' }));
    expect(await count(therapist)).toBe(0);

    await week(therapist, '2027-01-01', '2027-04-03')
      .expect(400)
      .expect(({ body }) => expect(body.detail).toBe(fillMessage(MSG.agenda.rangeTooLong, { max: 92 })));
    expect((await week(therapist, '2027-01-01', '2027-04-02').expect(200)).body).toEqual([]);
    await week(therapist, '2027-03-21', '2027-03-15').expect(400);
    await week(therapist, 'ayer', '2027-03-15').expect(400);
    await api().get(CITAS).set(auth(therapist)).expect(400);
  });

  it('keeps the wall-clock time of a series across the change to summer time, and builds each frequency', async () => {
    const { therapist, patient } = await practice();
    const weekly = await createAppointments(therapist, patient.id, '2027-03-16T10:00:00+01:00', {
      repetir: { frecuencia: 'semanal', veces: 3 },
    });
    // 28 March 2027 is the last Sunday of March: 10:00 in Madrid is 09:00Z before it and 08:00Z after.
    expect(weekly.map((c) => c.inicio)).toEqual(['2027-03-16T09:00:00.000Z', '2027-03-23T09:00:00.000Z', '2027-03-30T08:00:00.000Z']);
    expect(new Set(weekly.map((c) => c.serie_id)).size).toBe(1);
    expect(weekly[0].serie_id).toEqual(expect.any(String));

    const fortnightly = await createAppointments(therapist, patient.id, '2027-10-19T18:00:00+02:00', {
      repetir: { frecuencia: 'quincenal', hasta: '2027-11-16' },
    });
    // 31 October 2027 ends summer time: 18:00 stays 18:00 (16:00Z, then 17:00Z).
    expect(fortnightly.map((c) => c.inicio)).toEqual(['2027-10-19T16:00:00.000Z', '2027-11-02T17:00:00.000Z', '2027-11-16T17:00:00.000Z']);

    // Monthly: the same weekday of the same week (the 3rd Tuesday); a 5th one becomes the month's last.
    const monthly = await createAppointments(therapist, patient.id, '2027-04-20T12:00:00+02:00', {
      repetir: { frecuencia: 'mensual', veces: 3 },
    });
    expect(monthly.map((c) => c.inicio)).toEqual(['2027-04-20T10:00:00.000Z', '2027-05-18T10:00:00.000Z', '2027-06-15T10:00:00.000Z']);
    const fifth = await createAppointments(therapist, patient.id, '2027-06-29T12:00:00+02:00', {
      repetir: { frecuencia: 'mensual', veces: 2 },
    });
    expect(fifth.map((c) => c.inicio)).toEqual(['2027-06-29T10:00:00.000Z', '2027-07-27T10:00:00.000Z']);

    const max = await createAppointments(therapist, patient.id, '2029-01-01T09:00:00+01:00', {
      repetir: { frecuencia: 'semanal', veces: 52 },
    });
    expect(max).toHaveLength(52);
  });

  it('refuses an overlap naming the appointments in the way, creates nothing of a series then, and lets the therapist insist', async () => {
    const { therapist, patient } = await practice();
    const other = await createPatient(therapist, { nombre: 'Marcos', apellido: 'Gil' });
    const [first] = await createAppointments(therapist, patient.id, '2027-03-23T10:00:00+01:00');
    const before = await count(therapist);
    const res = await api()
      .post(CITAS)
      .set(auth(therapist))
      .send(appointmentPayload(other.id, '2027-03-16T10:30:00+01:00', { repetir: { frecuencia: 'semanal', veces: 4 } }))
      .expect(409);
    expect(res.body).toEqual({
      detail: fillMessage(MSG.agenda.overlap, { lista: 'martes, 23 de marzo de 2027, 10:00 con Lucía Fernández' }),
      code: 'APPOINTMENT_OVERLAP',
      conflictos: [{ id: first.id, inicio: first.inicio, fin: first.fin, paciente: { nombre: 'Lucía', apellido: 'Fernández' } }],
      request_id: expect.any(String),
    });
    expect(await count(therapist)).toBe(before);

    // Back to back is no overlap; a cancelled appointment takes no time.
    await createAppointments(therapist, other.id, '2027-03-23T10:50:00+01:00');
    await api().post(`${CITAS}/${first.id}/cancelar`).set(auth(therapist)).send({ avisar_paciente: false }).expect(200);
    await createAppointments(therapist, other.id, '2027-03-23T10:00:00+01:00', { duracion_minutos: 50 });
    // Insisting books it anyway.
    const insisted = await createAppointments(therapist, patient.id, '2027-03-23T10:15:00+01:00', { permitir_solapamiento: true });
    expect(insisted).toHaveLength(1);
    // Another therapist's agenda is not in the way.
    const { therapist: colleague, patient: theirs } = await practice();
    await createAppointments(colleague, theirs.id, '2027-03-23T10:00:00+01:00');
  });

  it('moves one appointment or it and the later ones of its series, keeping their time of day', async () => {
    const { therapist, patient } = await practice();
    const series = await createAppointments(therapist, patient.id, '2027-03-09T10:00:00+01:00', {
      repetir: { frecuencia: 'semanal', veces: 4 },
    });
    // One: to Wednesday 12:00.
    const moved = await api()
      .patch(`${CITAS}/${series[0].id}`)
      .set(auth(therapist))
      .send({ inicio: '2027-03-10T12:00:00+01:00', duracion_minutos: 60 })
      .expect(200);
    expect(moved.body.citas).toHaveLength(1);
    expect(moved.body.citas[0]).toMatchObject({
      inicio: '2027-03-10T11:00:00.000Z',
      fin: '2027-03-10T12:00:00.000Z',
      duracion_minutos: 60,
    });

    // The second and the later ones: one day later at 17:00, across the change to summer time.
    const later = await api()
      .patch(`${CITAS}/${series[1].id}`)
      .set(auth(therapist))
      .send({ inicio: '2027-03-17T17:00:00+01:00', alcance: 'siguientes', modalidad: 'videollamada' })
      .expect(200);
    expect(later.body.citas.map((c: Appointment) => [c.inicio, c.modalidad])).toEqual([
      ['2027-03-17T16:00:00.000Z', 'videollamada'],
      ['2027-03-24T16:00:00.000Z', 'videollamada'],
      ['2027-03-31T15:00:00.000Z', 'videollamada'],
    ]);

    // A move into another appointment is refused, and changes nothing.
    await api()
      .patch(`${CITAS}/${series[2].id}`)
      .set(auth(therapist))
      .send({ inicio: '2027-03-17T17:30:00+01:00' })
      .expect(409)
      .expect(({ body }) => expect(body.code).toBe('APPOINTMENT_OVERLAP'));
    expect((await week(therapist, '2027-03-24', '2027-03-24').expect(200)).body[0].inicio).toBe('2027-03-24T16:00:00.000Z');

    await api().patch(`${CITAS}/${series[2].id}`).set(auth(therapist)).send({ estado: 'cancelada' }).expect(400);
    await api().patch(`${CITAS}/${series[2].id}`).set(auth(therapist)).send({ alcance: 'todas' }).expect(400);
    await api().patch(`${CITAS}/${series[2].id}`).set(auth(therapist)).send({ inicio: '2027-03-17' }).expect(400);
    const done = await api().patch(`${CITAS}/${series[0].id}`).set(auth(therapist)).send({ estado: 'realizada' }).expect(200);
    expect(done.body.citas[0].estado).toBe('realizada');
  });

  it('cancels one or the rest of a series, says so twice, and restores one', async () => {
    const { therapist, patient } = await practice();
    const series = await createAppointments(therapist, patient.id, '2027-05-04T09:00:00+02:00', {
      repetir: { frecuencia: 'semanal', veces: 4 },
    });
    const rest = await api()
      .post(`${CITAS}/${series[1].id}/cancelar`)
      .set(auth(therapist))
      .send({ motivo: 'Vacaciones', alcance: 'siguientes', avisar_paciente: false })
      .expect(200);
    expect(rest.body.citas.map((c: Appointment) => [c.id, c.estado, c.cancelada_por, c.motivo_cancelacion])).toEqual(
      series.slice(1).map((c) => [c.id, 'cancelada', 'terapeuta', 'Vacaciones']),
    );
    await api()
      .post(`${CITAS}/${series[1].id}/cancelar`)
      .set(auth(therapist))
      .send({})
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.alreadyCancelled));
    await api()
      .patch(`${CITAS}/${series[1].id}`)
      .set(auth(therapist))
      .send({ notas: 'x' })
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.cancelled));
    const restored = await api().patch(`${CITAS}/${series[1].id}`).set(auth(therapist)).send({ estado: 'programada' }).expect(200);
    expect(restored.body.citas[0]).toMatchObject({ estado: 'programada', cancelada_por: null, motivo_cancelacion: null });
    const states = (await week(therapist, '2027-05-01', '2027-06-01').expect(200)).body.map((c: Appointment) => c.estado);
    expect(states).toEqual(['programada', 'programada', 'cancelada', 'cancelada']);
  });

  it('keeps every appointment to its therapist: another therapist gets 404, a patient 403', async () => {
    const { therapist, patient } = await practice();
    const [cita] = await createAppointments(therapist, patient.id, '2027-03-16T10:00:00+01:00', { notas: 'CANARIO-NOTAS-CITA' });
    const { therapist: stranger, patient: strangers } = await practice();
    await api().post(CITAS).set(auth(stranger)).send(appointmentPayload(patient.id, '2027-03-18T10:00:00+01:00')).expect(404);
    await api().patch(`${CITAS}/${cita.id}`).set(auth(stranger)).send({ notas: 'mío' }).expect(404);
    await api().post(`${CITAS}/${cita.id}/cancelar`).set(auth(stranger)).send({}).expect(404);
    await week(stranger, '2027-03-15', '2027-03-21', `&paciente_id=${patient.id}`).expect(404);
    const theirs = await week(stranger, '2027-03-15', '2027-03-21').expect(200);
    expect(JSON.stringify(theirs.body)).not.toContain('CANARIO');
    await api().patch(`${CITAS}/not-a-uuid`).set(auth(therapist)).send({}).expect(404);
    await createAppointments(stranger, strangers.id, '2027-03-16T10:00:00+01:00');

    const patientUser = await signedInPatient(therapist);
    await week(patientUser, '2027-03-15', '2027-03-21').expect(403);
    await api().post(CITAS).set(auth(patientUser)).send(appointmentPayload(patientUser.patientId, '2027-03-18T10:00:00+01:00')).expect(403);
    await api().patch(`${CITAS}/${cita.id}`).set(auth(patientUser)).send({}).expect(403);
    await api().post(`${CITAS}/${cita.id}/cancelar`).set(auth(patientUser)).send({}).expect(403);
    await api().get(MY_CITAS).set(auth(therapist)).expect(403);
    expect((await sql(`select notas from appointments where id = $1`, [cita.id]))[0].notas).toBe('CANARIO-NOTAS-CITA');
  });
});

describe('agenda: the patient', () => {
  it("lists the patient's own appointments without the therapist's notes, confirms and cancels them", async () => {
    const therapist = await therapistSession('Dra. Elena Ruiz');
    const me = await signedInPatient(therapist);
    const someoneElse = await signedInPatient(therapist);
    const soon = await appointmentIn(therapist, me.patientId, 72, { notas: 'CANARIO-NOTA-TERAPEUTA', lugar_o_enlace: 'Sala 3' });
    const tomorrow = await appointmentIn(therapist, me.patientId, 5);
    const past = await appointmentIn(therapist, me.patientId, -24 * 3);
    await appointmentIn(therapist, me.patientId, -24 * 40);
    const theirs = await appointmentIn(therapist, someoneElse.patientId, 96);

    const list = (await api().get(MY_CITAS).set(auth(me)).expect(200)).body as PatientAppointmentsResponse;
    expect(JSON.stringify(list)).not.toContain('CANARIO');
    expect(list.zona_horaria).toBe('Europe/Madrid');
    expect(list.horas_cancelacion).toBe(24);
    expect(list.proximas.map((c) => c.id)).toEqual([tomorrow.id, soon.id]);
    expect(list.pasadas.map((c) => c.id)).toEqual([past.id]);
    expect(list.proximas[1]).toEqual({
      id: soon.id,
      inicio: soon.inicio,
      fin: soon.fin,
      duracion_minutos: 50,
      modalidad: 'presencial',
      lugar_o_enlace: 'Sala 3',
      estado: 'programada',
      cancelada_por: null,
      motivo_cancelacion: null,
      confirmada_en: null,
      terapeuta_nombre: 'Dra. Elena Ruiz',
      puede_cancelar: true,
      puede_confirmar: true,
    });
    expect(list.proximas[0]).toMatchObject({ puede_cancelar: false, puede_confirmar: true });

    const confirmed = await api().post(`${MY_CITAS}/${soon.id}/confirmar`).set(auth(me)).expect(200);
    expect(confirmed.body).toMatchObject({ estado: 'confirmada', confirmada_en: expect.any(String), puede_confirmar: false });
    await api().post(`${MY_CITAS}/${soon.id}/confirmar`).set(auth(me)).expect(200);
    await api().post(`${MY_CITAS}/${past.id}/confirmar`).set(auth(me)).expect(409);

    // Within PATIENT_CANCEL_HOURS: refused, telling them to contact their therapist; nothing changes.
    const late = await api().post(`${MY_CITAS}/${tomorrow.id}/cancelar`).set(auth(me)).send({}).expect(409);
    expect(late.body).toMatchObject({ code: 'TOO_LATE_TO_CANCEL', detail: fillMessage(MSG.agenda.tooLateToCancel, { horas: 24 }) });
    expect((await sql(`select estado from appointments where id = $1`, [tomorrow.id]))[0].estado).toBe('programada');

    const cancelled = await api().post(`${MY_CITAS}/${soon.id}/cancelar`).set(auth(me)).send({ motivo: 'Tengo un examen' }).expect(200);
    expect(cancelled.body).toMatchObject({ estado: 'cancelada', cancelada_por: 'paciente', puede_cancelar: false });
    const around = daysAround(soon.inicio);
    const seen = (await week(therapist, around.desde, around.hasta).expect(200)).body as Appointment[];
    expect(seen.find((c) => c.id === soon.id)).toMatchObject({ cancelada_por: 'paciente', motivo_cancelacion: 'Tengo un examen' });
    await api().post(`${MY_CITAS}/${soon.id}/cancelar`).set(auth(me)).send({}).expect(409);

    // Another patient's appointment does not exist for them.
    await api().post(`${MY_CITAS}/${theirs.id}/confirmar`).set(auth(me)).expect(404);
    await api().post(`${MY_CITAS}/${theirs.id}/cancelar`).set(auth(me)).send({}).expect(404);
    await api()
      .post(`${MY_CITAS}/${soon.id}/cancelar`)
      .set(auth(me))
      .send({ motivo: 'x'.repeat(501) })
      .expect(400);
  });

  it('takes proxima_cita from the agenda: the next appointment not cancelled, in the list, the detail and the dashboard', async () => {
    const therapist = await therapistSession();
    const me = await signedInPatient(therapist);
    const next = (async () => {
      const item = (await api().get(`${API}/pacientes/`).set(auth(therapist)).expect(200)).body.find(
        (p: { id: string }) => p.id === me.patientId,
      );
      const detail = (await api().get(`${API}/pacientes/${me.patientId}`).set(auth(therapist)).expect(200)).body;
      const dashboard = (await api().get(`${API}/pacientes/paciente/dashboard`).set(auth(me)).expect(200)).body;
      return [item.proxima_cita, detail.proxima_cita, dashboard.proxima_cita];
    }) as () => Promise<(string | null)[]>;
    expect(await next()).toEqual([null, null, null]);
    await appointmentIn(therapist, me.patientId, -2);
    const later = await appointmentIn(therapist, me.patientId, 24 * 9);
    const sooner = await appointmentIn(therapist, me.patientId, 24 * 3);
    expect(await next()).toEqual([sooner.inicio, sooner.inicio, sooner.inicio]);
    await api().post(`${CITAS}/${sooner.id}/cancelar`).set(auth(therapist)).send({ avisar_paciente: false }).expect(200);
    expect(await next()).toEqual([later.inicio, later.inicio, later.inicio]);
    // The old field is accepted beside others and ignored; alone, it is told where the next appointment lives now.
    const changed = await api()
      .patch(`${API}/pacientes/${me.patientId}`)
      .set(auth(therapist))
      .send({ proxima_cita: '2030-01-01T10:00:00Z', profesion_ocupacion: 'Arquitecta' })
      .expect(200);
    expect(changed.body).toMatchObject({ profesion_ocupacion: 'Arquitecta', proxima_cita: later.inicio });
    await api()
      .patch(`${API}/pacientes/${me.patientId}`)
      .set(auth(therapist))
      .send({ proxima_cita: '2030-01-01T10:00:00Z' })
      .expect(400)
      .expect(({ body }) => expect(body.detail).toBe(MSG.patientRecord.proximaCitaFromAgenda));
    expect(await next()).toEqual([later.inicio, later.inicio, later.inicio]);
  });
});

describe('agenda: from appointment to session', () => {
  it('a session saved from an appointment, or from a draft opened from it, marks it realizada and links both', async () => {
    const { therapist, patient } = await practice();
    const other = await createPatient(therapist);
    const [direct, viaDraft, cancelled, another] = await createAppointments(therapist, patient.id, '2027-02-01T10:00:00+01:00', {
      repetir: { frecuencia: 'semanal', veces: 4 },
    });
    const session = await createSession(therapist, patient.id, { cita_id: direct.id, duracion_minutos: 50 });
    const [linked] = (await week(therapist, '2027-02-01', '2027-02-01').expect(200)).body as Appointment[];
    expect(linked).toMatchObject({ id: direct.id, estado: 'realizada', sesion_id: session.id });
    // Once: a second session for it is refused, and nothing is saved.
    await postSession(therapist, sessionPayload(patient.id, { cita_id: direct.id }))
      .expect(409)
      .expect(({ body }) => expect(body.detail).toBe(MSG.agenda.sessionLinked));

    const draft = await createDraft(therapist, patient.id, { cita_id: viaDraft.id });
    expect(draft.cita_id).toBe(viaDraft.id);
    const fromDraft = await createSession(therapist, patient.id, { draft_id: draft.id });
    const [second] = (await week(therapist, '2027-02-08', '2027-02-08').expect(200)).body as Appointment[];
    expect(second).toMatchObject({ estado: 'realizada', sesion_id: fromDraft.id });

    // A cancelled appointment, another patient's, or one of another therapist: refused.
    await api().post(`${CITAS}/${cancelled.id}/cancelar`).set(auth(therapist)).send({ avisar_paciente: false }).expect(200);
    await postSession(therapist, sessionPayload(patient.id, { cita_id: cancelled.id })).expect(409);
    await postSession(therapist, sessionPayload(other.id, { cita_id: another.id })).expect(404);
    await api()
      .post('/api/v1/sesiones-asincronas/drafts')
      .set(auth(therapist))
      .send({ paciente_id: other.id, cita_id: another.id })
      .expect(404);
    const { therapist: stranger, patient: theirs } = await practice();
    await postSession(stranger, sessionPayload(theirs.id, { cita_id: another.id })).expect(404);
    const total = await sql<{ n: string }>(`select count(*) as n from sessions where patient_id = $1`, [patient.id]);
    expect(Number(total[0].n)).toBe(2);
    // Deleting the session leaves the appointment, unlinked.
    await api()
      .delete(`${API}/sesiones/${session.id}`)
      .set(auth(therapist))
      .expect((res) => expect(res.status).toBeLessThan(300));
    expect((await week(therapist, '2027-02-01', '2027-02-01').expect(200)).body[0]).toMatchObject({ estado: 'realizada', sesion_id: null });
  });

  it('records every call in the access history as kind cita', async () => {
    const therapist = await therapistSession();
    const me = await signedInPatient(therapist);
    const cita = await appointmentIn(therapist, me.patientId, 24 * 4);
    await api().get(MY_CITAS).set(auth(me)).expect(200);
    await api().post(`${MY_CITAS}/${cita.id}/confirmar`).set(auth(me)).expect(200);
    await week(therapist, '2027-01-01', '2027-01-07', `&paciente_id=${me.patientId}`).expect(200);
    const rows = await sql<{ kind: string; action: string; actor_role: string }>(
      `select kind, action, actor_role from access_history where patient_id = $1 and kind = 'cita' order by id`,
      [me.patientId],
    );
    expect(rows.map((r) => `${r.actor_role}:${r.action}`)).toEqual([
      'terapeuta:creacion',
      'paciente:lectura',
      'paciente:modificacion',
      'terapeuta:lectura',
    ]);
  });
});
