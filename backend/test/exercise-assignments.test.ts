import {
  MSG,
  type AssignedModule,
  type AssignedModuleExercise,
  type ExerciseAssignee,
  type ExerciseProgress,
  type ModulesProgress,
  type UnifiedExercises,
} from '@consulta/shared';
import { API, api, sql, therapistSession, type Session } from './support/api';
import { ISO, signedInPatient } from './support/clinical';
import { as, assignExercise, assignModule, completion, createExercise, createModule, unified } from './support/exercises';
import { expectProblem } from './support/storage';

const PE = `${API}/paciente-ejercicios`;
const PM = `${API}/paciente-modulos`;

describe('exercise assignments', () => {
  let therapist: Session;
  beforeAll(async () => {
    therapist = await therapistSession('Dra. Asignaciones');
  });

  it('assigns exercises and modules once each, with the spec messages', async () => {
    const patient = await signedInPatient(therapist);
    const exercise = await createExercise(therapist);
    const module = await createModule(therapist, 'Módulo', [exercise]);
    const link = await assignExercise(therapist, patient.patientId, exercise.id).expect(201);
    expect(link.body).toEqual({ paciente_id: patient.patientId, ejercicio_id: exercise.id, asignado_en: expect.stringMatching(ISO) });
    const twice = await assignExercise(therapist, patient.patientId, exercise.id);
    expectProblem(twice, 400, MSG.exercises.alreadyAssigned, 'ALREADY_ASSIGNED');
    expect(twice.body.detail).toContain('already assigned');
    await assignModule(therapist, patient.patientId, module.id).expect(201);
    expectProblem(
      await assignModule(therapist, patient.patientId, module.id),
      400,
      MSG.exercises.moduleAlreadyAssigned,
      'ALREADY_ASSIGNED',
    );
    expectProblem(
      await api().post(`${PE}/`).set(as(therapist)).send({ paciente_id: patient.patientId }),
      400,
      MSG.exercises.exerciseRequired,
    );
    expectProblem(
      await api().post(`${PM}/`).set(as(therapist)).send({ paciente_id: patient.patientId, modulo_id: '' }),
      400,
      MSG.exercises.moduleRequired,
    );

    const links = (await api().get(`${PE}/`).set(as(therapist)).expect(200)).body;
    expect(links).toEqual(expect.arrayContaining([link.body]));
    const moduleLinks = (await api().get(`${PM}/`).set(as(therapist)).expect(200)).body;
    expect(moduleLinks).toEqual(
      expect.arrayContaining([expect.objectContaining({ paciente_id: patient.patientId, modulo_id: module.id })]),
    );
    const bank = (await api().get(`${API}/ejercicios/${exercise.id}`).set(as(therapist))).body;
    expect(bank).toMatchObject({ pacientes_asignados: 1, modulos_count: 1 });
  });

  it('creates an exercise and assigns it to several patients at once, or to none when one is not the caller’s', async () => {
    const [p1, p2] = [await signedInPatient(therapist), await signedInPatient(therapist)];
    const created = await createExercise(therapist, { titulo: 'Para dos', paciente_ids: [p1.patientId, p2.patientId, p1.patientId] });
    expect(created).toMatchObject({ asignado_a: 2, pacientes_asignados: 2 });
    const other = await therapistSession('Dr. Ajeno');
    const stranger = await signedInPatient(other);
    expectProblem(
      await api()
        .post(`${API}/ejercicios/`)
        .set(as(therapist))
        .send({ titulo: 'Nunca', paciente_ids: [p1.patientId, stranger.patientId] }),
      404,
    );
    expect(await sql(`select 1 from exercises where titulo = 'Nunca' and therapist_id = $1`, [therapist.id])).toHaveLength(0);
    const assignees = (await api().get(`${PE}/ejercicio/${created.id}`).set(as(therapist)).expect(200)).body as ExerciseAssignee[];
    expect(assignees.map((a) => a.paciente_id).sort()).toEqual([p1.patientId, p2.patientId].sort());
    expect(assignees[0]).toMatchObject({
      individual: true,
      modulos: [],
      completado: false,
      fecha_completado: null,
      asignado_en: expect.stringMatching(ISO),
    });
  });

  it('an exercise assigned individually and through a module is one item, completed once', async () => {
    const patient = await signedInPatient(therapist);
    const both = await createExercise(therapist, { titulo: 'Respiración', categoria: 'Ansiedad' });
    const only = await createExercise(therapist, { titulo: 'Caminar' });
    const module = await createModule(therapist, 'Calma', [both, only]);
    await assignModule(therapist, patient.patientId, module.id).expect(201);
    await assignExercise(therapist, patient.patientId, both.id).expect(201);

    let list = await unified(therapist, patient.patientId);
    expect(list.paciente_id).toBe(patient.patientId);
    expect(list.ejercicios).toHaveLength(2);
    const item = list.ejercicios.find((e) => e.id === both.id)!;
    expect(item).toMatchObject({
      source: 'individual',
      individual: true,
      moduleId: module.id,
      moduleName: 'Calma',
      modulos: [{ id: module.id, titulo: 'Calma' }],
      completado: false,
      fecha_completado: null,
      notas_paciente: null,
      retirado: false,
    });
    expect(list.ejercicios.find((e) => e.id === only.id)).toMatchObject({ source: 'module', individual: false, moduleName: 'Calma' });
    expect(list.por_fuente).toEqual({
      individual: { total: 1, completados: 0, pendientes: 1, porcentaje: 0 },
      module: { total: 2, completados: 0, pendientes: 2, porcentaje: 0 },
    });

    const before = Date.now();
    const done = await completion(patient, patient.patientId, both.id, 'completar', {
      completado: true,
      notas_paciente: '  Me calmó  ',
    }).expect(200);
    expect(done.body).toMatchObject({ id: both.id, completado: true, notas_paciente: 'Me calmó' });
    const at = Date.parse(done.body.fecha_completado);
    expect(at).toBeGreaterThanOrEqual(before - 2000);
    expect(at).toBeLessThanOrEqual(Date.now() + 2000);
    list = await unified(therapist, patient.patientId);
    expect(list).toMatchObject({ total: 2, completados: 1, pendientes: 1, porcentaje: 50 });
    expect(list.por_fuente.individual.completados).toBe(1);
    expect(list.por_fuente.module.completados).toBe(1);

    // Completing again keeps the first time; notes change only when sent.
    const again = await completion(patient, patient.patientId, both.id, 'completar', {}).expect(200);
    expect(again.body).toMatchObject({ fecha_completado: done.body.fecha_completado, notas_paciente: 'Me calmó' });
    const renoted = await completion(patient, patient.patientId, both.id, 'completar', { notas_paciente: 'Mejor por la noche' }).expect(
      200,
    );
    expect(renoted.body).toMatchObject({ fecha_completado: done.body.fecha_completado, notas_paciente: 'Mejor por la noche' });

    // Unassigning the individual assignment leaves the item, from its module, still completed.
    const answer = await api().delete(`${PE}/paciente/${patient.patientId}/ejercicio/${both.id}`).set(as(therapist)).expect(200);
    expect(answer.body).toEqual({ paciente_id: patient.patientId, ejercicio_id: both.id, individual: true, modulos: [] });
    list = await unified(therapist, patient.patientId);
    expect(list.ejercicios.find((e) => e.id === both.id)).toMatchObject({ source: 'module', individual: false, completado: true });

    // Unmarking clears the time and the notes; completado: false is the same.
    const unmarked = await completion(patient, patient.patientId, both.id, 'desmarcar').expect(200);
    expect(unmarked.body).toMatchObject({ completado: false, fecha_completado: null, notas_paciente: null });
    await completion(patient, patient.patientId, both.id, 'completar').expect(200);
    expect((await completion(patient, patient.patientId, both.id, 'completar', { completado: false }).expect(200)).body.completado).toBe(
      false,
    );
  });

  it('unassigning an exercise only modules bring takes those whole modules off the patient', async () => {
    const patient = await signedInPatient(therapist);
    const [shared, a, b, solo] = await Promise.all(
      ['Compartido', 'Solo en A', 'Solo en B', 'Individual'].map((titulo) => createExercise(therapist, { titulo })),
    );
    const moduleA = await createModule(therapist, 'A', [shared, a]);
    const moduleB = await createModule(therapist, 'B', [shared, b]);
    const untouched = await createModule(therapist, 'Intacto', [solo]);
    await assignModule(therapist, patient.patientId, moduleA.id).expect(201);
    await assignModule(therapist, patient.patientId, moduleB.id).expect(201);
    await assignModule(therapist, patient.patientId, untouched.id).expect(201);
    await completion(patient, patient.patientId, a.id, 'completar', { notas_paciente: 'hecho' }).expect(200);
    await completion(patient, patient.patientId, solo.id, 'completar').expect(200);
    // An exercise two modules bring names the first assigned; its modules are in assignment order.
    expect((await unified(therapist, patient.patientId)).ejercicios.find((e) => e.id === shared.id)).toMatchObject({
      source: 'module',
      moduleId: moduleA.id,
      moduleName: 'A',
      modulos: [
        { id: moduleA.id, titulo: 'A' },
        { id: moduleB.id, titulo: 'B' },
      ],
    });

    const answer = await api().delete(`${PE}/paciente/${patient.patientId}/ejercicio/${shared.id}`).set(as(therapist)).expect(200);
    expect(answer.body.individual).toBe(false);
    expect(answer.body.modulos.map((m: { titulo: string }) => m.titulo)).toEqual(['A', 'B']);
    const list = await unified(therapist, patient.patientId);
    expect(list.ejercicios.map((e) => e.titulo)).toEqual(['Individual']);
    expect(list).toMatchObject({ total: 1, completados: 1 });
    // The completion of what left is gone: assigning it again starts pending.
    expect(
      await sql(`select 1 from exercise_completions where patient_id = $1 and exercise_id = $2`, [patient.patientId, a.id]),
    ).toHaveLength(0);
    await assignModule(therapist, patient.patientId, moduleA.id).expect(201);
    expect((await unified(therapist, patient.patientId)).ejercicios.find((e) => e.id === a.id)?.completado).toBe(false);

    expectProblem(
      await api().delete(`${PE}/paciente/${patient.patientId}/ejercicio/${b.id}`).set(as(therapist)),
      404,
      MSG.exercises.notAssigned,
    );
  });

  it('unassigns a module by both paths; a missing assignment is 404', async () => {
    const patient = await signedInPatient(therapist);
    const exercise = await createExercise(therapist);
    const [m1, m2] = [await createModule(therapist, 'Uno', [exercise]), await createModule(therapist, 'Dos')];
    await assignModule(therapist, patient.patientId, m1.id).expect(201);
    await assignModule(therapist, patient.patientId, m2.id).expect(201);
    await completion(patient, patient.patientId, exercise.id, 'completar').expect(200);
    const modules = (await api().get(`${PM}/paciente/${patient.patientId}`).set(as(therapist)).expect(200)).body as AssignedModule[];
    expect(modules.map((m) => [m.titulo, m.ejercicios_count, m.completados, m.paciente_id])).toEqual([
      ['Uno', 1, 1, patient.patientId],
      ['Dos', 0, 0, patient.patientId],
    ]);
    const gone = await api().delete(`${PM}/paciente/${patient.patientId}/modulo/${m1.id}`).set(as(therapist)).expect(200);
    expect(gone.body).toMatchObject({ paciente_id: patient.patientId, modulo_id: m1.id });
    await api().delete(`${PM}/${patient.patientId}/${m2.id}`).set(as(therapist)).expect(200);
    expect((await unified(therapist, patient.patientId)).total).toBe(0);
    expect(await sql(`select 1 from exercise_completions where patient_id = $1`, [patient.patientId])).toHaveLength(0);
    expectProblem(await api().delete(`${PM}/${patient.patientId}/${m2.id}`).set(as(therapist)), 404, MSG.exercises.moduleNotAssigned);
    expectProblem(
      await api().delete(`${PM}/paciente/${patient.patientId}/modulo/x`).set(as(therapist)),
      404,
      MSG.exercises.moduleNotAssigned,
    );
  });

  it('progress figures match a hand count', async () => {
    const patient = await signedInPatient(therapist);
    const mk = (titulo: string, categoria?: string) => createExercise(therapist, { titulo, ...(categoria ? { categoria } : {}) });
    // Individual: i1 (Ansiedad), i2 (none), i3 (Mindfulness). Module M1: m1 (Ansiedad), m2 (Trauma), i1 (dual).
    // Module M2: m3 (none), m4 (Mindfulness), m5 (Ansiedad), m6 (Ansiedad), m7 (Ansiedad).
    const [i1, i2, i3, m1, m2, m3, m4, m5, m6, m7] = [
      await mk('i1', 'Ansiedad'),
      await mk('i2'),
      await mk('i3', 'Mindfulness'),
      await mk('m1', 'Ansiedad'),
      await mk('m2', 'Trauma'),
      await mk('m3'),
      await mk('m4', 'Mindfulness'),
      await mk('m5', 'Ansiedad'),
      await mk('m6', 'Ansiedad'),
      await mk('m7', 'Ansiedad'),
    ];
    const M1 = await createModule(therapist, 'M1', [m1, m2, i1]);
    const M2 = await createModule(therapist, 'M2', [m3, m4, m5, m6, m7]);
    for (const e of [i1, i2, i3]) await assignExercise(therapist, patient.patientId, e.id).expect(201);
    await assignModule(therapist, patient.patientId, M1.id).expect(201);
    await assignModule(therapist, patient.patientId, M2.id).expect(201);
    // Completed, oldest first: i1, m2, m3, i2, m4, m5 (6 of 10).
    for (const e of [i1, m2, m3, i2, m4, m5]) {
      await completion(patient, patient.patientId, e.id, 'completar').expect(200);
      await sql(
        `update exercise_completions set completado_en = completado_en - interval '1 minute' * (select count(*) from exercise_completions where patient_id = $1)
                 where patient_id = $1 and exercise_id <> $2`,
        [patient.patientId, e.id],
      );
    }
    const progress = (await api().get(`${PE}/pacientes/${patient.patientId}/ejercicios/progreso`).set(as(therapist)).expect(200))
      .body as ExerciseProgress;
    expect(progress).toMatchObject({ total: 10, completados: 6, pendientes: 4, porcentaje: 60 });
    expect(progress.por_fuente).toEqual({
      individual: { total: 3, completados: 2, pendientes: 1, porcentaje: 66.7 },
      module: { total: 8, completados: 5, pendientes: 3, porcentaje: 62.5 },
    });
    expect(progress.por_modulo).toEqual([
      { moduleId: M1.id, moduleName: 'M1', total: 3, completados: 2, pendientes: 1, porcentaje: 66.7 },
      { moduleId: M2.id, moduleName: 'M2', total: 5, completados: 3, pendientes: 2, porcentaje: 60 },
    ]);
    expect(progress.por_categoria).toEqual([
      { categoria: 'Ansiedad', total: 5, completados: 2, pendientes: 3, porcentaje: 40 },
      { categoria: 'Mindfulness', total: 2, completados: 1, pendientes: 1, porcentaje: 50 },
      { categoria: 'Trauma', total: 1, completados: 1, pendientes: 0, porcentaje: 100 },
      { categoria: 'Sin categoría', total: 2, completados: 2, pendientes: 0, porcentaje: 100 },
    ]);
    expect(progress.recientes.map((e) => e.titulo)).toEqual(['m5', 'm4', 'i2', 'm3', 'm2']);

    const modules = (await api().get(`${PE}/pacientes/${patient.patientId}/modulos/progreso`).set(as(therapist)).expect(200))
      .body as ModulesProgress;
    expect(modules).toMatchObject({ total: 10, completados: 6 });
    expect(modules.modulos.map((m) => [m.titulo, m.ejercicios_count, m.completados])).toEqual([
      ['M1', 3, 2],
      ['M2', 5, 3],
    ]);
    const individual = (await api().get(`${PE}/paciente/${patient.patientId}`).set(as(therapist)).expect(200)).body;
    expect(individual.map((e: { titulo: string }) => e.titulo).sort()).toEqual(['i1', 'i2', 'i3']);
    // The patient reads the same figures through their own calls.
    const mine = (await api().get(`${PE}/mis-ejercicios/progreso`).set(as(patient)).expect(200)).body as ExerciseProgress;
    expect(mine).toEqual(progress);
    const own = (await api().get(`${PE}/pacientes/${patient.patientId}/ejercicios/progreso`).set(as(patient)).expect(200)).body;
    expect(own).toEqual(progress);
    // Nothing assigned: zeros.
    const empty = await signedInPatient(therapist);
    expect((await api().get(`${PE}/mis-ejercicios`).set(as(empty)).expect(200)).body).toMatchObject({
      total: 0,
      completados: 0,
      pendientes: 0,
      porcentaje: 0,
      ejercicios: [],
      recientes: [],
      por_modulo: [],
      por_categoria: [],
    });
  });

  it('the patient’s own calls: list, modules and a module’s exercises in order', async () => {
    const patient = await signedInPatient(therapist);
    const [a, b, c] = [
      await createExercise(therapist, { titulo: 'Primero' }),
      await createExercise(therapist, { titulo: 'Segundo' }),
      await createExercise(therapist, { titulo: 'Suelto' }),
    ];
    const module = await createModule(therapist, 'Semana', [b, a]);
    const unassigned = await createModule(therapist, 'No asignado', [c]);
    await assignModule(therapist, patient.patientId, module.id).expect(201);
    await assignExercise(therapist, patient.patientId, c.id).expect(201);

    const mine = (await api().get(`${PE}/mis-ejercicios`).set(as(patient)).expect(200)).body as UnifiedExercises;
    expect(mine.paciente_id).toBe(patient.patientId);
    expect(mine.ejercicios.map((e) => e.titulo).sort()).toEqual(['Primero', 'Segundo', 'Suelto']);
    const modules = (await api().get(`${API}/modulos/paciente/mis-modulos`).set(as(patient)).expect(200)).body as AssignedModule[];
    expect(modules).toEqual([
      {
        id: module.id,
        titulo: 'Semana',
        descripcion: null,
        asignado_en: expect.stringMatching(ISO),
        paciente_id: patient.patientId,
        ejercicios_count: 2,
        completados: 0,
      },
    ]);
    const inModule = (await api().get(`${PE}/modulos/${module.id}/ejercicios`).set(as(patient)).expect(200))
      .body as AssignedModuleExercise[];
    expect(inModule.map((e) => [e.titulo, e.orden, e.source])).toEqual([
      ['Segundo', 1, 'module'],
      ['Primero', 2, 'module'],
    ]);
    expectProblem(await api().get(`${PE}/modulos/${unassigned.id}/ejercicios`).set(as(patient)), 404, MSG.exercises.moduleNotFound);
    expectProblem(
      await completion(patient, patient.patientId, (await createExercise(therapist)).id, 'completar'),
      404,
      MSG.exercises.notAssigned,
    );
    expectProblem(
      await completion(patient, patient.patientId, a.id, 'completar', { notas_paciente: 'x'.repeat(5001) }),
      400,
      MSG.exercises.notes,
    );
    expectProblem(await completion(patient, patient.patientId, a.id, 'completar', { completado: 'sí' }), 400, MSG.exercises.completado);
    expect((await unified(therapist, patient.patientId)).completados).toBe(0);
    // The therapist cannot call the patient's own routes.
    for (const url of [
      `${PE}/mis-ejercicios`,
      `${PE}/mis-ejercicios/progreso`,
      `${API}/modulos/paciente/mis-modulos`,
      `${PE}/modulos/${module.id}/ejercicios`,
    ]) {
      expectProblem(await api().get(url).set(as(therapist)), 403);
    }
  });

  it('cross-account: another therapist, another patient, a patient on therapist routes', async () => {
    const patient = await signedInPatient(therapist);
    await sql(`update patients set notas_terapeuticas = 'CANARIO-NOTAS-PRIVADAS' where id = $1`, [patient.patientId]);
    const exercise = await createExercise(therapist, { titulo: 'Propio' });
    const module = await createModule(therapist, 'Propio', [exercise]);
    await assignModule(therapist, patient.patientId, module.id).expect(201);

    const other = await therapistSession('Dr. Intruso');
    const otherPatient = await signedInPatient(other);
    const theirExercise = await createExercise(other, { titulo: 'Ajeno' });
    const theirModule = await createModule(other, 'Ajeno');
    // Another therapist reaches nothing of mine, and cannot mix theirs with mine.
    for (const res of [
      await api().get(`${PE}/pacientes/${patient.patientId}/ejercicios/unified`).set(as(other)),
      await api().get(`${PE}/pacientes/${patient.patientId}/ejercicios/progreso`).set(as(other)),
      await api().get(`${PE}/pacientes/${patient.patientId}/modulos/progreso`).set(as(other)),
      await api().get(`${PE}/paciente/${patient.patientId}`).set(as(other)),
      await api().get(`${PM}/paciente/${patient.patientId}`).set(as(other)),
      await api().get(`${PE}/ejercicio/${exercise.id}`).set(as(other)),
      await assignExercise(other, patient.patientId, theirExercise.id),
      await assignExercise(other, otherPatient.patientId, exercise.id),
      await assignModule(other, patient.patientId, theirModule.id),
      await assignModule(other, otherPatient.patientId, module.id),
      await assignExercise(therapist, otherPatient.patientId, exercise.id),
      await assignExercise(therapist, patient.patientId, theirExercise.id),
      await api().delete(`${PE}/paciente/${patient.patientId}/ejercicio/${exercise.id}`).set(as(other)),
      await api().delete(`${PM}/paciente/${patient.patientId}/modulo/${module.id}`).set(as(other)),
      await api().delete(`${PM}/${patient.patientId}/${module.id}`).set(as(other)),
    ]) {
      expectProblem(res, 404);
    }
    expect((await api().get(`${PE}/`).set(as(other)).expect(200)).body).toEqual([]);
    expect((await api().get(`${PM}/`).set(as(other)).expect(200)).body).toEqual([]);
    expect((await unified(therapist, patient.patientId)).total).toBe(1);

    // Another patient cannot read or complete this patient's exercises; nor can the therapist complete them.
    const sibling = await signedInPatient(therapist);
    expectProblem(await api().get(`${PE}/pacientes/${patient.patientId}/ejercicios/unified`).set(as(sibling)), 404);
    expectProblem(await completion(sibling, patient.patientId, exercise.id, 'completar'), 404);
    expectProblem(await completion(sibling, patient.patientId, exercise.id, 'desmarcar'), 404);
    expectProblem(await completion(therapist, patient.patientId, exercise.id, 'completar'), 403);
    expectProblem(await api().get(`${PE}/modulos/${module.id}/ejercicios`).set(as(sibling)), 404);
    // A patient on therapist routes.
    for (const [method, url] of [
      ['get', `${PE}/`],
      ['get', `${PE}/paciente/${patient.patientId}`],
      ['get', `${PE}/ejercicio/${exercise.id}`],
      ['post', `${PE}/`],
      ['delete', `${PE}/paciente/${patient.patientId}/ejercicio/${exercise.id}`],
      ['get', `${PM}/`],
      ['get', `${PM}/paciente/${patient.patientId}`],
      ['post', `${PM}/`],
      ['delete', `${PM}/paciente/${patient.patientId}/modulo/${module.id}`],
      ['delete', `${PM}/${patient.patientId}/${module.id}`],
    ] as const) {
      expectProblem(
        await api()[method](url).set(as(patient)).send({ paciente_id: patient.patientId, ejercicio_id: exercise.id, modulo_id: module.id }),
        403,
      );
    }
    expect((await unified(therapist, patient.patientId)).total).toBe(1);

    // Privacy: nothing the patient reads carries the therapist's notes.
    for (const url of [
      `${PE}/mis-ejercicios`,
      `${PE}/mis-ejercicios/progreso`,
      `${API}/modulos/paciente/mis-modulos`,
      `${PE}/modulos/${module.id}/ejercicios`,
      `${PE}/pacientes/${patient.patientId}/modulos/progreso`,
    ]) {
      const res = await api().get(url).set(as(patient)).expect(200);
      expect(res.text).not.toContain('CANARIO');
    }
  });
});
