import { EXERCISE_LIMITS, MSG, type Exercise, type ModuleDetail, type ModuleExercise } from '@consulta/shared';
import { API, api, sql, therapistSession, type Session } from './support/api';
import { ISO, MISSING_ID, signedInPatient } from './support/clinical';
import { as, assignExercise, assignModule, completion, createExercise, createModule, unified } from './support/exercises';
import { expectProblem, filesPath, localTarget, uploadExercise, uploadVideo, waitUntilDeleted, storedRow } from './support/storage';

const E = `${API}/ejercicios/`;
const M = `${API}/modulos/`;
const ME = `${API}/modulo-ejercicios/`;

describe('exercise bank', () => {
  let therapist: Session;
  beforeAll(async () => {
    therapist = await therapistSession('Dra. Banco');
  });

  it('creates, reads, lists, updates and deletes an exercise', async () => {
    const created = await createExercise(therapist, {
      titulo: '  Diario de gratitud  ',
      descripcion: 'Tres cosas buenas del día.',
      categoria: 'autoestima',
    });
    expect(created).toEqual({
      id: expect.any(String),
      titulo: 'Diario de gratitud',
      descripcion: 'Tres cosas buenas del día.',
      categoria: 'Autoestima',
      archivo_url: [],
      archivo_ids: [],
      archivo_id: null,
      archivo_nombre: null,
      fecha_creacion: expect.stringMatching(ISO),
      fecha_actualizacion: expect.stringMatching(ISO),
      pacientes_asignados: 0,
      modulos_count: 0,
      asignado_a: 0,
    });
    const { asignado_a: _, ...exercise } = created;
    expect((await api().get(`${E}${created.id}`).set(as(therapist)).expect(200)).body).toEqual(exercise);
    const second = await createExercise(therapist, { titulo: 'Registro de pensamientos', categoria: 'regulacion EMOCIONAL' });
    expect(second.categoria).toBe('Regulación emocional');
    const list = (await api().get(E).set(as(therapist)).expect(200)).body as Exercise[];
    expect(list.map((e) => e.titulo).slice(0, 2)).toEqual(['Registro de pensamientos', 'Diario de gratitud']);

    const updated = await api().put(`${E}${created.id}`).set(as(therapist)).send({ titulo: 'Diario', categoria: null }).expect(200);
    expect(updated.body).toMatchObject({ titulo: 'Diario', descripcion: 'Tres cosas buenas del día.', categoria: null });
    const cleared = await api()
      .put(`${E}${created.id}`)
      .set(as(therapist))
      .send({ titulo: 'Diario', descripcion: '', categoria: 'Sin categoría' })
      .expect(200);
    expect(cleared.body).toMatchObject({ descripcion: null, categoria: null });

    expect((await api().delete(`${E}${created.id}`).set(as(therapist)).expect(200)).body).toEqual({ id: created.id, retirado: false });
    expectProblem(await api().get(`${E}${created.id}`).set(as(therapist)), 404, MSG.exercises.notFound);
    expect(await sql(`select 1 from exercises where id = $1`, [created.id])).toHaveLength(0);
  });

  it('answers the spec messages for bad input and loses nothing', async () => {
    expectProblem(await api().post(E).set(as(therapist)).send({ titulo: '   ' }), 400, MSG.exercises.titleRequired);
    expectProblem(await api().post(E).set(as(therapist)).send({}), 400, MSG.exercises.titleRequired);
    expectProblem(await api().post(E).set(as(therapist)).send({ titulo: 'x', categoria: 'Yoga' }), 400, MSG.exercises.categoryInvalid);
    expectProblem(await api().post(E).set(as(therapist)).send({ titulo: 'x', archivo_url: 'uno' }), 400, MSG.exercises.files);
    expectProblem(await api().post(E).set(as(therapist)).send({ titulo: 'x', paciente_ids: 'p' }), 400, MSG.exercises.patientIds);
    expectProblem(
      await api()
        .post(E)
        .set(as(therapist))
        .send({ titulo: 'x'.repeat(EXERCISE_LIMITS.titleMax + 1) }),
      400,
    );
    const keys = Array.from({ length: EXERCISE_LIMITS.filesMax + 1 }, (_, i) => `files/${therapist.id}/ejercicios/f${i}.pdf`);
    expectProblem(await api().post(E).set(as(therapist)).send({ titulo: 'x', archivo_url: keys }), 400, MSG.exercises.tooManyFiles);
    const kept = await createExercise(therapist, { titulo: 'Se conserva', descripcion: 'Intacto' });
    expectProblem(await api().put(`${E}${kept.id}`).set(as(therapist)).send({ titulo: '' }), 400, MSG.exercises.titleRequired);
    expectProblem(
      await api().put(`${E}${kept.id}`).set(as(therapist)).send({ titulo: 'Otro', categoria: 'Yoga' }),
      400,
      MSG.exercises.categoryInvalid,
    );
    expect((await api().get(`${E}${kept.id}`).set(as(therapist)).expect(200)).body).toMatchObject({
      titulo: 'Se conserva',
      descripcion: 'Intacto',
    });
    expectProblem(await api().post(M).set(as(therapist)).send({ titulo: '' }), 400, MSG.exercises.moduleTitleRequired);
    expectProblem(await api().get(`${E}no-es-un-id`).set(as(therapist)), 404, MSG.exercises.notFound);
  });

  it('takes several uploaded files, checks each, and releases the ones it drops', async () => {
    const t = localTarget();
    const guide = await uploadExercise(t, therapist, Buffer.from('%PDF-1.4 guía'), 'Guía de respiración.pdf');
    const audio = await uploadExercise(t, therapist, Buffer.from('ID3 audio'), 'Audio guiado.pdf');
    const created = await createExercise(therapist, {
      titulo: 'Con archivos',
      archivo_url: [guide],
      archivo_ids: [guide, audio],
      archivo_nombre: 'ignorado',
    });
    expect(created).toMatchObject({
      archivo_url: [guide, audio],
      archivo_ids: [guide, audio],
      archivo_id: guide,
      archivo_nombre: 'Guía de respiración.pdf',
    });

    // A session video is not exercise material; someone else's file does not exist; an unknown key neither.
    const patient = await signedInPatient(therapist);
    const video = await uploadVideo(t, therapist, patient.patientId);
    expectProblem(
      await api()
        .post(E)
        .set(as(therapist))
        .send({ titulo: 'x', archivo_url: [video] }),
      400,
      MSG.exercises.notExerciseFile,
    );
    const other = await therapistSession('Dr. Ajeno');
    const foreign = await uploadExercise(t, other, Buffer.from('ajeno'));
    expectProblem(
      await api()
        .post(E)
        .set(as(therapist))
        .send({ titulo: 'x', archivo_url: [foreign] }),
      404,
    );
    expectProblem(
      await api()
        .post(E)
        .set(as(therapist))
        .send({ titulo: 'x', archivo_id: `files/${therapist.id}/ejercicios/nada.pdf` }),
      404,
    );

    // Dropping a file releases it (deleted once nothing refers to it); keeping the list untouched keeps both.
    await api().put(`${E}${created.id}`).set(as(therapist)).send({ titulo: 'Con archivos', descripcion: 'x' }).expect(200);
    expect(await storedRow(t, audio)).toBeDefined();
    const updated = await api()
      .put(`${E}${created.id}`)
      .set(as(therapist))
      .send({ titulo: 'Con archivos', archivo_url: [guide] })
      .expect(200);
    expect(updated.body.archivo_url).toEqual([guide]);
    await waitUntilDeleted(t, audio);
    expect(await t.exists(guide)).toBe(true);

    // Deleting the exercise (nobody completed it) deletes its files.
    await api().delete(`${E}${created.id}`).set(as(therapist)).expect(200);
    await waitUntilDeleted(t, guide);
  });

  it('a patient reads the files of the exercises on their list, and only those', async () => {
    const t = localTarget();
    const read = (who: Session, key: string) =>
      api()
        .get(`${API}/aws-s3/files/${filesPath(key)}`)
        .set(as(who));
    const [viaModule, individual, unassigned] = [
      await uploadExercise(t, therapist, Buffer.from('modulo'), 'Del módulo.pdf'),
      await uploadExercise(t, therapist, Buffer.from('individual'), 'Individual.pdf'),
      await uploadExercise(t, therapist, Buffer.from('ajeno'), 'Sin asignar.pdf'),
    ];
    const inModule = await createExercise(therapist, { titulo: 'En módulo', archivo_url: [viaModule] });
    const own = await createExercise(therapist, { titulo: 'Individual', archivo_url: [individual] });
    await createExercise(therapist, { titulo: 'Sin asignar', archivo_url: [unassigned] });
    const module = await createModule(therapist, 'Con material', [inModule]);
    const patient = await signedInPatient(therapist);
    const sibling = await signedInPatient(therapist);
    await assignModule(therapist, patient.patientId, module.id).expect(201);
    await assignExercise(therapist, patient.patientId, own.id).expect(201);
    expect((await read(patient, viaModule).expect(200)).body.filename).toBe('Del módulo.pdf');
    expect((await read(patient, individual).expect(200)).body.filename).toBe('Individual.pdf');
    expectProblem(await read(patient, unassigned), 404);
    expectProblem(await read(sibling, viaModule), 404);
    // Completed, then retired: still readable as history. Unassigned: not any more.
    await completion(patient, patient.patientId, inModule.id, 'completar').expect(200);
    await api().delete(`${E}${inModule.id}`).set(as(therapist)).expect(200);
    await read(patient, viaModule).expect(200);
    await api().delete(`${API}/paciente-ejercicios/paciente/${patient.patientId}/ejercicio/${own.id}`).set(as(therapist)).expect(200);
    expectProblem(await read(patient, individual), 404);
  });

  it('builds modules: order, duplicates, removal and the whole order', async () => {
    const [a, b, c] = [
      await createExercise(therapist, { titulo: 'A' }),
      await createExercise(therapist, { titulo: 'B' }),
      await createExercise(therapist, { titulo: 'C' }),
    ];
    const module = await createModule(therapist, 'Semana 1', [a, b]);
    expect(module).toMatchObject({ titulo: 'Semana 1', descripcion: null, ejercicios_count: 0, pacientes_asignados: 0 });
    const first = await api().post(ME).set(as(therapist)).send({ modulo_id: module.id, ejercicio_id: c.id, orden: 1 }).expect(201);
    expect(first.body).toEqual({ modulo_id: module.id, ejercicio_id: c.id, orden: 1 });
    const order = async () =>
      ((await api().get(`${ME}modulo/${module.id}`).set(as(therapist)).expect(200)).body as ModuleExercise[]).map((e) => [
        e.titulo,
        e.orden,
      ]);
    expect(await order()).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);

    const twice = await api().post(ME).set(as(therapist)).send({ modulo_id: module.id, ejercicio_id: a.id });
    expectProblem(twice, 400, MSG.exercises.alreadyInModule, 'ALREADY_ASSIGNED');
    expect(twice.body.detail).toContain('already assigned');
    expectProblem(await api().post(ME).set(as(therapist)).send({ ejercicio_id: a.id }), 400, MSG.exercises.moduleRequired);
    expectProblem(await api().post(ME).set(as(therapist)).send({ modulo_id: module.id }), 400, MSG.exercises.exerciseRequired);
    expectProblem(
      await api().post(ME).set(as(therapist)).send({ modulo_id: module.id, ejercicio_id: b.id, orden: 0 }),
      400,
      MSG.exercises.orden,
    );

    await api().delete(`${ME}modulo/${module.id}/ejercicio/${c.id}`).set(as(therapist)).expect(200);
    expect(await order()).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expectProblem(await api().delete(`${ME}modulo/${module.id}/ejercicio/${c.id}`).set(as(therapist)), 404, MSG.exercises.notInModule);

    const reordered = await api()
      .put(`${ME}modulo/${module.id}/orden`)
      .set(as(therapist))
      .send({ ejercicio_ids: [b.id, a.id] })
      .expect(200);
    expect(reordered.body.map((e: ModuleExercise) => [e.titulo, e.orden])).toEqual([
      ['B', 1],
      ['A', 2],
    ]);
    for (const bad of [[a.id], [a.id, a.id], [a.id, c.id], 'x']) {
      expectProblem(
        await api().put(`${ME}modulo/${module.id}/orden`).set(as(therapist)).send({ ejercicio_ids: bad }),
        400,
        MSG.exercises.order,
      );
    }
    expect(await order()).toEqual([
      ['B', 1],
      ['A', 2],
    ]);

    const detail = (await api().get(`${M}${module.id}`).set(as(therapist)).expect(200)).body as ModuleDetail;
    expect(detail).toMatchObject({ titulo: 'Semana 1', ejercicios_count: 2 });
    expect(detail.ejercicios.map((e) => e.titulo)).toEqual(['B', 'A']);
    expect((await api().get(`${E}${a.id}`).set(as(therapist))).body.modulos_count).toBe(1);
    const links = (await api().get(ME).set(as(therapist)).expect(200)).body;
    expect(links).toEqual(expect.arrayContaining([{ modulo_id: module.id, ejercicio_id: b.id, orden: 1 }]));

    const edited = await api()
      .put(`${M}${module.id}`)
      .set(as(therapist))
      .send({ titulo: 'Semana uno', descripcion: 'Primeros pasos' })
      .expect(200);
    expect(edited.body).toMatchObject({ titulo: 'Semana uno', descripcion: 'Primeros pasos', ejercicios_count: 2 });
    expect(((await api().get(M).set(as(therapist)).expect(200)).body as { id: string }[]).some((m) => m.id === module.id)).toBe(true);
    await api().delete(`${M}${module.id}`).set(as(therapist)).expect(200);
    expectProblem(await api().get(`${M}${module.id}`).set(as(therapist)), 404, MSG.exercises.moduleNotFound);
    // The exercises stay in the bank.
    await api().get(`${E}${a.id}`).set(as(therapist)).expect(200);
  });

  it('deleting an exercise someone completed retires it: history stays, the bank and modules lose it', async () => {
    const done = await createExercise(therapist, { titulo: 'Completado por Ana' });
    const pending = await createExercise(therapist, { titulo: 'Pendiente' });
    const module = await createModule(therapist, 'Con historial', [done, pending]);
    const ana = await signedInPatient(therapist);
    const ben = await signedInPatient(therapist);
    await assignModule(therapist, ana.patientId, module.id).expect(201);
    await assignModule(therapist, ben.patientId, module.id).expect(201);
    await completion(ana, ana.patientId, done.id, 'completar', { notas_paciente: 'Me ayudó' }).expect(200);

    expect((await api().delete(`${E}${done.id}`).set(as(therapist)).expect(200)).body).toEqual({ id: done.id, retirado: true });
    expectProblem(await api().get(`${E}${done.id}`).set(as(therapist)), 404);
    expect(((await api().get(E).set(as(therapist))).body as Exercise[]).some((e) => e.id === done.id)).toBe(false);
    expect(((await api().get(`${ME}modulo/${module.id}`).set(as(therapist))).body as Exercise[]).map((e) => e.titulo)).toEqual([
      'Pendiente',
    ]);

    const anaList = await unified(therapist, ana.patientId);
    const kept = anaList.ejercicios.find((e) => e.id === done.id);
    expect(kept).toMatchObject({ completado: true, notas_paciente: 'Me ayudó', retirado: true, individual: true, modulos: [] });
    expect(anaList).toMatchObject({ total: 2, completados: 1 });
    expect((await unified(therapist, ben.patientId)).ejercicios.map((e) => e.titulo)).toEqual(['Pendiente']);
    // History is read-only.
    expectProblem(await completion(ana, ana.patientId, done.id, 'desmarcar'), 409, MSG.exercises.retired);
    expectProblem(await completion(ana, ana.patientId, done.id, 'completar'), 409, MSG.exercises.retired);
  });

  it('deleting a module or taking an exercise out keeps completed work as individual items', async () => {
    const [a, b, c] = [
      await createExercise(therapist, { titulo: 'Uno' }),
      await createExercise(therapist, { titulo: 'Dos' }),
      await createExercise(therapist, { titulo: 'Tres' }),
    ];
    const module = await createModule(therapist, 'Temporal', [a, b, c]);
    const patient = await signedInPatient(therapist);
    await assignModule(therapist, patient.patientId, module.id).expect(201);
    await completion(patient, patient.patientId, a.id, 'completar').expect(200);
    await completion(patient, patient.patientId, c.id, 'completar').expect(200);

    await api().delete(`${ME}modulo/${module.id}/ejercicio/${c.id}`).set(as(therapist)).expect(200);
    let list = await unified(therapist, patient.patientId);
    expect(list.ejercicios.map((e) => [e.titulo, e.source, e.completado]).sort()).toEqual([
      ['Dos', 'module', false],
      ['Tres', 'individual', true],
      ['Uno', 'module', true],
    ]);
    await api().delete(`${M}${module.id}`).set(as(therapist)).expect(200);
    list = await unified(therapist, patient.patientId);
    expect(list.ejercicios.map((e) => [e.titulo, e.source, e.completado]).sort()).toEqual([
      ['Tres', 'individual', true],
      ['Uno', 'individual', true],
    ]);
    expect(list).toMatchObject({ total: 2, completados: 2, porcentaje: 100 });
  });

  it('reaches only the caller’s own bank; patients reach none of it', async () => {
    const other = await therapistSession('Dr. Otro');
    const mine = await createExercise(therapist, { titulo: 'Mío' });
    const module = await createModule(therapist, 'Mío');
    const theirs = await createExercise(other, { titulo: 'Suyo' });
    for (const [method, url, body] of [
      ['get', `${E}${mine.id}`, undefined],
      ['put', `${E}${mine.id}`, { titulo: 'Robado' }],
      ['delete', `${E}${mine.id}`, undefined],
      ['get', `${M}${module.id}`, undefined],
      ['put', `${M}${module.id}`, { titulo: 'Robado' }],
      ['delete', `${M}${module.id}`, undefined],
      ['get', `${ME}modulo/${module.id}`, undefined],
      ['post', ME, { modulo_id: module.id, ejercicio_id: theirs.id }],
      ['put', `${ME}modulo/${module.id}/orden`, { ejercicio_ids: [] }],
      ['delete', `${ME}modulo/${module.id}/ejercicio/${mine.id}`, undefined],
    ] as const) {
      const res = await api()
        [method](url)
        .set(as(other))
        .send(body as object);
      expect([url, res.status]).toEqual([url, 404]);
    }
    // Their own module cannot take my exercise.
    const theirModule = await createModule(other, 'Suyo');
    expectProblem(
      await api().post(ME).set(as(other)).send({ modulo_id: theirModule.id, ejercicio_id: mine.id }),
      404,
      MSG.exercises.notFound,
    );
    expect(((await api().get(E).set(as(other))).body as Exercise[]).map((e) => e.titulo)).toEqual(['Suyo']);
    expect((await api().get(`${E}${mine.id}`).set(as(therapist)).expect(200)).body.titulo).toBe('Mío');
    expectProblem(await api().get(`${E}${MISSING_ID}`).set(as(therapist)), 404);

    const patient = await signedInPatient(therapist);
    for (const url of [E, `${E}${mine.id}`, M, `${M}${module.id}`, ME, `${ME}modulo/${module.id}`]) {
      expectProblem(await api().get(url).set(as(patient)), 403);
    }
    expectProblem(await api().post(E).set(as(patient)).send({ titulo: 'x' }), 403);
    expect((await api().get(E)).status).toBe(401);
  });
});
