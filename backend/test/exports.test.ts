import { randomBytes } from 'node:crypto';
import { EXPORT_TTL_DAYS, MSG, UPLOAD_PATHS, type PatientExport } from '@consulta/shared';
import { readZip, jsonEntry } from './support/archive';
import { API, api, bearer, sql, therapistSession, type Session } from './support/api';
import { DRAFTS, signedInPatient } from './support/clinical';
import {
  DRIVERS,
  absolute,
  bytesOf,
  downloadBytes,
  expectProblem,
  sha256,
  storedRow,
  uploadExercise,
  uploadFile,
  uploadVideo,
  videoBytesOf,
  waitFor,
  waitUntilDeleted,
  withStorageTargets,
  type StorageTarget,
} from './support/storage';

/**
 * A patient's data export (issue 17; docs/decisions/patient-area-and-exports.md "Export and erasure"): the archive holds what was created
 * (documents and files, byte for byte), on both storage drivers; only who asked downloads it; a newer archive
 * replaces the older; and deleting a patient leaves no row and no object of theirs behind. The patient's export
 * holding no therapist-only canary is checked with every other patient route, in patient-privacy.test.ts.
 */
const targets = withStorageTargets('exports');
/** Letters only: it goes into surnames. */
const tag = [...randomBytes(8)].map((b) => String.fromCharCode(65 + (b % 26))).join('');

type Exported = { id: string; archive: Map<string, Buffer>; filename: string };

async function exportOf(t: StorageTarget, who: Session, route: string): Promise<Exported> {
  const started = await api(t).post(`${API}${route}`).set(bearer(who.token)).expect(202);
  expect(started.body).toMatchObject({ estado: 'pendiente', progreso: 0, alcance: route.includes('perfil') ? 'paciente' : 'terapeuta' });
  const id = (started.body as PatientExport).id;
  let row: PatientExport | undefined;
  await waitFor(
    `export ${id} ready`,
    async () => {
      const list = (await api(t).get(`${API}${route}`).set(bearer(who.token)).expect(200)).body as PatientExport[];
      row = list.find((e) => e.id === id);
      if (row?.estado === 'error') throw new Error(`The export failed: ${row.mensaje_error}`);
      return row?.estado === 'listo';
    },
    30_000,
  );
  expect(row).toMatchObject({ progreso: 100, mensaje_error: null });
  expect(Date.parse(row!.caduca_en!) - Date.parse(row!.completado_en!)).toBeCloseTo(EXPORT_TTL_DAYS * 86_400_000, -4);
  const link = await api(t).get(`${API}/exportaciones/${id}/descarga`).set(bearer(who.token)).expect(200);
  expect(link.body.filename).toBe(row!.nombre_archivo);
  const zip = await downloadBytes(t, absolute(t, link.body.download_url as string));
  expect(zip.body.length).toBe(row!.tamano_bytes);
  return { id, archive: await readZip(zip.body), filename: link.body.filename as string };
}

describe.each(DRIVERS)('patient data export (%s driver)', (driver) => {
  const t = (): StorageTarget => targets[driver];

  it("the therapist's archive holds the whole record: documents as created and every file byte for byte", async () => {
    const me = await therapistSession('Dra. Exportación', t());
    const patient = await signedInPatient(me, t(), { nombre: 'Elena', apellido: `Export${tag}` });
    const id = patient.patientId;
    await api(t())
      .patch(`${API}/pacientes/${id}`)
      .set(bearer(me.token))
      .send({ notas_terapeuticas: 'Notas del terapeuta', plan_tratamiento: 'Plan de 12 semanas' })
      .expect(200);
    const videoBytes = videoBytesOf(300_000);
    const video = await uploadVideo(t(), me, id, videoBytes, 'Primera sesión.mp4');
    const first = (
      await api(t())
        .post(`${API}/sesiones/`)
        .set(bearer(me.token))
        .send({
          paciente_id: id,
          tipo_sesion: 'psicoterapia',
          notas: 'Notas de la primera',
          video_url: video,
          transcripcion: 'Terapeuta: ¿Cómo fue la semana?\nPaciente: Mejor.',
          analisis_ia: 'Análisis del terapeuta',
          analisis_ia_paciente: 'Resumen para el paciente',
        })
        .expect(201)
    ).body;
    await api(t())
      .post(`${API}/sesiones/`)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Notas de la segunda' })
      .expect(201);
    const draftBytes = videoBytesOf(5000);
    const draftVideo = await uploadVideo(t(), me, id, draftBytes, 'Borrador.mp4');
    await api(t())
      .post(DRAFTS)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Notas del borrador', archivo_video_info: { file_key: draftVideo } })
      .expect(201);
    const guideBytes = bytesOf(2048);
    const guide = await uploadExercise(t(), me, guideBytes, 'Guía de respiración.pdf');
    const exercise = (
      await api(t())
        .post(`${API}/ejercicios/`)
        .set(bearer(me.token))
        .send({ titulo: 'Respiración 4-7-8', categoria: 'Ansiedad', archivo_url: [guide] })
        .expect(201)
    ).body;
    await api(t())
      .post(`${API}/paciente-ejercicios/`)
      .set(bearer(me.token))
      .send({ paciente_id: id, ejercicio_id: exercise.id })
      .expect(201);
    // The patient completes it with a note and adds a photo.
    await api(t())
      .post(`${API}/paciente-ejercicios/pacientes/${id}/ejercicios/${exercise.id}/completar`)
      .set(bearer(patient.token))
      .send({ completado: true, notas_paciente: 'Me calmó' })
      .expect(200);
    const photoBytes = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytesOf(64)]);
    const photo = await uploadFile(t(), patient, {
      custom_path: UPLOAD_PATHS.profilePhoto(id),
      file_name: 'yo.png',
      content_type: 'image/png',
      bytes: photoBytes,
    });
    await api(t()).patch(`${API}/pacientes/perfil`).set(bearer(patient.token)).send({ foto_perfil: photo }).expect(200);
    await answeredQuestionnaire(t(), me, patient, [1, 1, 1, 1, 0, 0, 0]);

    const { archive, filename } = await exportOf(t(), me, `/pacientes/exportaciones/${id}`);
    expect(filename).toMatch(new RegExp(`^Consulta - Elena Export${tag} - \\d{4}-\\d{2}-\\d{2}\\.zip$`));
    expect(archive.get('LEEME.txt')!.toString()).toContain('historial-accesos.json');
    expect(jsonEntry(archive, 'cuestionarios.json')).toMatchObject({
      asignaciones: [{ codigo: 'gad7', respuestas_recibidas: 1 }],
      resultados: [{ codigo: 'gad7', puntuacion: 4, gravedad: 'minima', respuestas: [1, 1, 1, 1, 0, 0, 0], alerta: false }],
    });
    expect(jsonEntry(archive, 'paciente.json')).toMatchObject({
      id,
      notas_terapeuticas: 'Notas del terapeuta',
      plan_tratamiento: 'Plan de 12 semanas',
    });
    const day = (first.fecha as string).slice(0, 10);
    expect(jsonEntry(archive, `sesiones/${day}-sesion-1/sesion.json`)).toMatchObject({
      id: first.id,
      notas: 'Notas de la primera',
      analisis_ia: 'Análisis del terapeuta',
      analisis_ia_paciente: 'Resumen para el paciente',
      video_url: video,
    });
    expect(archive.get(`sesiones/${day}-sesion-1/transcripcion.txt`)!.toString()).toBe('Terapeuta: ¿Cómo fue la semana?\nPaciente: Mejor.');
    expect(jsonEntry(archive, `sesiones/${day}-sesion-2/sesion.json`)).toMatchObject({ notas: 'Notas de la segunda', transcripcion: null });
    expect(archive.has(`sesiones/${day}-sesion-2/transcripcion.txt`)).toBe(false);
    expect(jsonEntry(archive, 'borradores/borrador-1.json')).toMatchObject({ notas: 'Notas del borrador' });
    expect(jsonEntry(archive, 'ejercicios.json')).toMatchObject({
      total: 1,
      completados: 1,
      ejercicios: [expect.objectContaining({ id: exercise.id, completado: true, notas_paciente: 'Me calmó' })],
    });
    expect(jsonEntry(archive, 'modulos.json')).toMatchObject({ total: 1, modulos: [] });
    const consents = jsonEntry<{ registros: { tipo: string }[] }>(archive, 'consentimientos.json');
    expect(consents.registros.map((r) => r.tipo)).toEqual(expect.arrayContaining(['grabacion', 'ia']));
    const history = jsonEntry<{ tipo: string; accion: string; ip: string | null }[]>(archive, 'historial-accesos.json');
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tipo: 'exportacion', accion: 'creacion' }),
        expect.objectContaining({ tipo: 'sesion', accion: 'creacion' }),
      ]),
    );

    // Every file, in its folder, byte for byte; the index says where each came from.
    const files = jsonEntry<{ ruta: string; origen: string; referencia: string; tamano_bytes: number }[]>(archive, 'archivos.json');
    const expected = [
      { origen: 'sesion', referencia: first.id, bytes: videoBytes, folder: 'archivos/sesiones/' },
      { origen: 'borrador', bytes: draftBytes, folder: 'archivos/borradores/' },
      { origen: 'perfil', referencia: id, bytes: photoBytes, folder: 'archivos/perfil/' },
      { origen: 'ejercicio', referencia: exercise.id, bytes: guideBytes, folder: 'archivos/ejercicios/' },
    ];
    expect(files).toHaveLength(expected.length);
    for (const e of expected) {
      const file = files.find((f) => f.origen === e.origen)!;
      expect(file.ruta.startsWith(e.folder)).toBe(true);
      if (e.referencia) expect(file.referencia).toBe(e.referencia);
      expect(file.tamano_bytes).toBe(e.bytes.length);
      expect(sha256(archive.get(file.ruta)!)).toBe(sha256(e.bytes));
    }
    expect(files.find((f) => f.origen === 'sesion')!.ruta).toBe(`archivos/sesiones/${day}-sesion-1 - Primera sesión.mp4`);
  }, 120_000);

  it("the patient's archive is their own area's: no drafts, no draft video, no addresses in their access history", async () => {
    const me = await therapistSession('Dr. Exportación Propia', t());
    const patient = await signedInPatient(me, t());
    const id = patient.patientId;
    const video = await uploadVideo(t(), me, id, videoBytesOf(4096), 'Sesión.mp4');
    await api(t())
      .post(`${API}/sesiones/`)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Privadas', video_url: video, transcripcion: 'Hola' })
      .expect(201);
    const draftVideo = await uploadVideo(t(), me, id, videoBytesOf(4096), 'Borrador.mp4');
    await api(t())
      .post(DRAFTS)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: draftVideo } })
      .expect(201);

    await answeredQuestionnaire(t(), me, patient, [2, 2, 2, 0, 0, 0, 0]);

    const { archive, filename } = await exportOf(t(), patient, '/pacientes/perfil/exportaciones');
    expect(filename).toMatch(/^Mis datos en Consulta - \d{4}-\d{2}-\d{2}\.zip$/);
    // Their scores, not their answers one by one nor the therapist's review.
    expect(jsonEntry(archive, 'cuestionarios.json')).toEqual([
      { id: expect.any(String), codigo: 'gad7', fecha: expect.any(String), puntuacion: 6, gravedad: 'leve' },
    ]);
    const paths = [...archive.keys()];
    expect(paths.some((p) => p.startsWith('borradores/') || p.startsWith('archivos/borradores/'))).toBe(false);
    expect(paths).toContain('perfil.json');
    expect(paths).not.toContain('paciente.json');
    expect(jsonEntry(archive, 'perfil.json')).not.toHaveProperty('avatar_url');
    const [session] = paths.filter((p) => p.endsWith('/sesion.json')).map((p) => jsonEntry<Record<string, unknown>>(archive, p));
    expect(session).toMatchObject({ transcripcion: 'Hola', tiene_video: true });
    expect(session).not.toHaveProperty('notas');
    const files = jsonEntry<{ origen: string }[]>(archive, 'archivos.json');
    expect(files.map((f) => f.origen)).toEqual(['sesion']);
    const history = jsonEntry<Record<string, unknown>[]>(archive, 'historial-accesos.json');
    expect(history.length).toBeGreaterThan(0);
    for (const entry of history)
      expect(Object.keys(entry).sort()).toEqual(['accion', 'exito', 'fecha', 'tipo', 'usuario_nombre', 'usuario_rol']);
  }, 120_000);

  it('only who asked downloads it; one at a time; a newer archive replaces the older, whose object is deleted', async () => {
    const me = await therapistSession('Dra. Una a la Vez', t());
    const stranger = await therapistSession('Dr. Ajeno', t());
    const patient = await signedInPatient(me, t());
    const id = patient.patientId;
    const route = `/pacientes/exportaciones/${id}`;

    // Another therapist's patient does not exist for them; a patient cannot use the therapist's routes.
    expectProblem(await api(t()).post(`${API}${route}`).set(bearer(stranger.token)), 404, MSG.patients.notFound);
    expectProblem(await api(t()).get(`${API}${route}`).set(bearer(stranger.token)), 404, MSG.patients.notFound);
    expectProblem(await api(t()).post(`${API}${route}`).set(bearer(patient.token)), 403);
    expectProblem(await api(t()).post(`${API}/pacientes/perfil/exportaciones`).set(bearer(me.token)), 403);
    expectProblem(await api(t()).get(`${API}/exportaciones/not-an-id/descarga`).set(bearer(me.token)), 404, MSG.exports.notFound);

    const older = await exportOf(t(), me, route);
    const olderKey = (await sql<{ key: string }>(`select archivo_key as key from patient_exports where id = $1`, [older.id], t()))[0].key;
    expect(await storedRow(t(), olderKey)).toMatchObject({ kind: 'export' });
    // The generic file deletion does not know it (the export routes are its only way in).
    expectProblem(
      await api(t()).delete(`${API}/aws-s3/delete-file`).set(bearer(me.token)).send({ file_key: olderKey }),
      404,
      MSG.storage.notFound,
      'NOT_FOUND',
    );
    // Neither the stranger, nor the patient, nor anyone but who asked downloads it.
    expectProblem(await api(t()).get(`${API}/exportaciones/${older.id}/descarga`).set(bearer(stranger.token)), 404, MSG.exports.notFound);
    expectProblem(await api(t()).get(`${API}/exportaciones/${older.id}/descarga`).set(bearer(patient.token)), 404, MSG.exports.notFound);
    expect((await api(t()).get(`${API}/pacientes/perfil/exportaciones`).set(bearer(patient.token)).expect(200)).body).toEqual([]);

    // While one is being made, another is refused and the unfinished one cannot be downloaded.
    const [running] = await sql<{ id: string }>(
      `insert into patient_exports (id, patient_id, solicitante_id, alcance, estado, progreso) values (gen_random_uuid(), $1, $2, 'terapeuta', 'generando', 40) returning id::text as id`,
      [id, me.id],
      t(),
    );
    expectProblem(await api(t()).post(`${API}${route}`).set(bearer(me.token)), 409, MSG.exports.busy, 'EXPORT_BUSY');
    expectProblem(
      await api(t()).get(`${API}/exportaciones/${running.id}/descarga`).set(bearer(me.token)),
      409,
      MSG.exports.notReady,
      'EXPORT_NOT_READY',
    );
    await sql(`delete from patient_exports where id = $1`, [running.id], t());

    // A newer archive replaces the older: expired (410), its object deleted.
    const newer = await exportOf(t(), me, route);
    const list = (await api(t()).get(`${API}${route}`).set(bearer(me.token)).expect(200)).body as PatientExport[];
    expect(list.map((e) => [e.id, e.estado])).toEqual([
      [newer.id, 'listo'],
      [older.id, 'caducado'],
    ]);
    expectProblem(
      await api(t()).get(`${API}/exportaciones/${older.id}/descarga`).set(bearer(me.token)),
      410,
      MSG.exports.expired,
      'EXPORT_EXPIRED',
    );
    await waitUntilDeleted(t(), olderKey);
  }, 120_000);

  it('an archive is reached only through the export routes, by who asked: every generic storage call and every record treat it as not there', async () => {
    const me = await therapistSession('Dra. Archivos Ajenos', t());
    const patient = await signedInPatient(me, t());
    const id = patient.patientId;
    const own = await exportOf(t(), patient, '/pacientes/perfil/exportaciones');
    const theirs = await exportOf(t(), me, `/pacientes/exportaciones/${id}`);
    const keyOf = async (exportId: string) =>
      (await sql<{ key: string }>(`select archivo_key as key from patient_exports where id = $1`, [exportId], t()))[0].key;
    const archives = [await keyOf(own.id), await keyOf(theirs.id)];
    // Both live in the practice's space, where the therapist's own uploads are.
    for (const key of archives) expect(key.startsWith(`files/${me.id}/exportaciones/${id}/`)).toBe(true);
    const historyBefore = await sql(`select 1 from access_history where patient_id = $1 and kind = 'archivo'`, [id], t());

    const storage = `${API}/aws-s3`;
    const listed = [];
    for (const prefix of ['', 'exportaciones/', `exportaciones/${id}/`]) {
      listed.push(
        ...((
          await api(t())
            .get(`${storage}/bucket-contents?prefix=${encodeURIComponent(prefix)}`)
            .set(bearer(me.token))
            .expect(200)
        ).body.files as { file_key: string }[]),
      );
    }
    expect(listed.map((f) => f.file_key).filter((k) => archives.includes(k))).toEqual([]);
    const notFound = (res: { status: number }) => expectProblem(res as never, 404, MSG.storage.notFound, 'NOT_FOUND');
    for (const key of archives) {
      const rest = key
        .replace(/^files\//, '')
        .split('/')
        .map(encodeURIComponent)
        .join('/');
      for (const who of [me, patient]) {
        notFound(await api(t()).post(`${storage}/download-url`).set(bearer(who.token)).send({ file_key: key }));
        notFound(await api(t()).get(`${storage}/files/${rest}`).set(bearer(who.token)));
      }
      notFound(await api(t()).delete(`${storage}/delete-file`).set(bearer(me.token)).send({ file_key: key }));
      const ref = { file_key: key, upload_id: 'any' };
      notFound(await api(t()).post(`${storage}/list-parts`).set(bearer(me.token)).send(ref));
      notFound(
        await api(t())
          .post(`${storage}/presigned-part-url`)
          .set(bearer(me.token))
          .send({ ...ref, part_number: 1 }),
      );
      notFound(
        await api(t())
          .post(`${storage}/complete-multipart-upload`)
          .set(bearer(me.token))
          .send({ ...ref, parts: [{ PartNumber: 1, ETag: '"x"' }] }),
      );
      notFound(await api(t()).post(`${storage}/abort-multipart-upload`).set(bearer(me.token)).send(ref));
      // The therapist-only calls stay closed to the patient, whatever the key.
      expectProblem(await api(t()).delete(`${storage}/delete-file`).set(bearer(patient.token)).send({ file_key: key }), 403);
      // No record takes it: a session, a draft, an exercise, the patient's photo.
      notFound(
        await api(t())
          .post(`${API}/sesiones/`)
          .set(bearer(me.token))
          .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Notas', video_url: key }),
      );
      notFound(
        await api(t())
          .post(DRAFTS)
          .set(bearer(me.token))
          .send({ paciente_id: id, tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key } }),
      );
      notFound(
        await api(t())
          .post(`${API}/ejercicios/`)
          .set(bearer(me.token))
          .send({ titulo: 'Con archivo ajeno', archivo_url: [key] }),
      );
      notFound(await api(t()).patch(`${API}/pacientes/perfil`).set(bearer(patient.token)).send({ foto_perfil: key }));
      expect(await t().exists(key)).toBe(true);
    }
    expectProblem(await api(t()).get(`${storage}/bucket-contents`).set(bearer(patient.token)), 403);
    // Nothing was read, so nothing went into the access history; the archives still download through their routes.
    expect(await sql(`select 1 from access_history where patient_id = $1 and kind = 'archivo'`, [id], t())).toHaveLength(
      historyBefore.length,
    );
    await api(t()).get(`${API}/exportaciones/${own.id}/descarga`).set(bearer(patient.token)).expect(200);
    await api(t()).get(`${API}/exportaciones/${theirs.id}/descarga`).set(bearer(me.token)).expect(200);
  }, 120_000);

  it('a file changed after its record took it fails the export with its reason, and no archive is kept', async () => {
    const me = await therapistSession('Dra. Archivo Cambiado', t());
    const patient = await signedInPatient(me, t());
    const id = patient.patientId;
    const bytes = videoBytesOf(4096);
    const video = await uploadVideo(t(), me, id, bytes, 'Sesión.mp4');
    await api(t())
      .post(`${API}/sesiones/`)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: 'Notas', video_url: video })
      .expect(201);
    // Other bytes of the same length at the key (a store that ignored the signed conditions, or a write around the app).
    await t().putRaw(video, bytesOf(bytes.length));

    const route = `/pacientes/exportaciones/${id}`;
    const started = (await api(t()).post(`${API}${route}`).set(bearer(me.token)).expect(202)).body as PatientExport;
    let row: PatientExport | undefined;
    await waitFor(
      'the export to end',
      async () => {
        row = ((await api(t()).get(`${API}${route}`).set(bearer(me.token)).expect(200)).body as PatientExport[]).find(
          (e) => e.id === started.id,
        );
        return row?.estado === 'error' || row?.estado === 'listo';
      },
      30_000,
    );
    expect(row).toMatchObject({ estado: 'error', mensaje_error: MSG.exports.fileChanged });
    expectProblem(
      await api(t()).get(`${API}/exportaciones/${started.id}/descarga`).set(bearer(me.token)),
      409,
      MSG.exports.notReady,
      'EXPORT_NOT_READY',
    );
    expect(
      await sql(`select key from stored_files where kind = 'export' and key like $1`, [`files/${me.id}/exportaciones/${id}/%`], t()),
    ).toEqual([]);
  }, 60_000);

  it('deleting a patient erases them: no row anywhere holds their ids or texts, and none of their objects stays', async () => {
    const me = await therapistSession('Dra. Borrado', t());
    const canary = `Borrado${tag}${driver === 'local' ? 'Local' : 'Ese'}`;
    const patient = await signedInPatient(me, t(), { nombre: 'Olvido', apellido: canary });
    const id = patient.patientId;
    await api(t())
      .patch(`${API}/pacientes/${id}`)
      .set(bearer(me.token))
      .send({ notas_terapeuticas: `${canary} notas` })
      .expect(200);
    const video = await uploadVideo(t(), me, id);
    const session = (
      await api(t())
        .post(`${API}/sesiones/`)
        .set(bearer(me.token))
        .send({
          paciente_id: id,
          tipo_sesion: 'psicoterapia',
          notas: `${canary} sesión`,
          video_url: video,
          transcripcion: `${canary} transcripción`,
        })
        .expect(201)
    ).body;
    const draftVideo = await uploadVideo(t(), me, id);
    await api(t())
      .post(DRAFTS)
      .set(bearer(me.token))
      .send({ paciente_id: id, tipo_sesion: 'psicoterapia', notas: `${canary} borrador`, archivo_video_info: { file_key: draftVideo } })
      .expect(201);
    const guide = await uploadExercise(t(), me);
    const exercise = (
      await api(t())
        .post(`${API}/ejercicios/`)
        .set(bearer(me.token))
        .send({ titulo: 'Diario de gratitud', archivo_url: [guide] })
        .expect(201)
    ).body;
    await api(t())
      .post(`${API}/paciente-ejercicios/`)
      .set(bearer(me.token))
      .send({ paciente_id: id, ejercicio_id: exercise.id })
      .expect(201);
    await api(t())
      .post(`${API}/paciente-ejercicios/pacientes/${id}/ejercicios/${exercise.id}/completar`)
      .set(bearer(patient.token))
      .send({ completado: true, notas_paciente: `${canary} nota` })
      .expect(200);
    const photo = await uploadFile(t(), patient, {
      custom_path: UPLOAD_PATHS.profilePhoto(id),
      file_name: 'yo.png',
      content_type: 'image/png',
      bytes: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytesOf(64)]),
    });
    await api(t()).patch(`${API}/pacientes/perfil`).set(bearer(patient.token)).send({ foto_perfil: photo }).expect(200);
    await api(t())
      .post(`${API}/pacientes/consentimientos/${id}/grabacion/revocar`)
      .set(bearer(me.token))
      .send({ forma: 'verbal', nota: `${canary} consentimiento` })
      .expect(200);
    await answeredQuestionnaire(t(), me, patient, [0, 0, 0, 0, 0, 0, 0]);
    await exportOf(t(), me, `/pacientes/exportaciones/${id}`);
    await exportOf(t(), patient, '/pacientes/perfil/exportaciones');
    const archives = (await sql<{ key: string }>(`select archivo_key as key from patient_exports where patient_id = $1`, [id], t())).map(
      (r) => r.key,
    );
    expect(archives).toHaveLength(2);
    const theirs = [video, draftVideo, photo, ...archives];
    for (const key of theirs) expect(await t().exists(key)).toBe(true);
    const traces = () => rowsHolding(t(), [id, patient.id, session.id as string, canary, patient.email]);
    expect((await traces()).length).toBeGreaterThan(5); // the check finds what is there

    await api(t()).delete(`${API}/pacientes/${id}`).set(bearer(me.token)).expect(200);
    for (const key of theirs) await waitUntilDeleted(t(), key);
    // What stays is the operators' record that the therapist deleted a patient: the request's path, with its opaque id.
    const deletion = (row: string) =>
      row.startsWith('access_history: ') && row.includes(`,eliminacion,DELETE,/api/v1/pacientes/${id},200,`);
    expect((await traces()).filter((row) => !deletion(row))).toEqual([]);
    // The exercise and its file are the therapist's bank's: they stay.
    expect(await t().exists(guide)).toBe(true);
  }, 120_000);
});

/** A GAD-7 assigned to the patient and answered by them. */
async function answeredQuestionnaire(
  t: StorageTarget,
  therapist: Session,
  patient: Session & { patientId: string },
  respuestas: number[],
): Promise<void> {
  const assigned = await api(t)
    .post(`${API}/cuestionarios/asignaciones`)
    .set(bearer(therapist.token))
    .send({ paciente_id: patient.patientId, codigo: 'gad7', frecuencia_dias: 0 })
    .expect(201);
  await api(t)
    .post(`${API}/pacientes/perfil/cuestionarios/${assigned.body.id}/respuestas`)
    .set(bearer(patient.token))
    .send({ respuestas })
    .expect(201);
}

/** Every row of every table of the app whose text holds one of `needles`, as `table: row` (the migrations' own table aside). */
async function rowsHolding(t: StorageTarget, needles: string[]): Promise<string[]> {
  const tables = await sql<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'mikro_orm_migrations'`,
    [],
    t,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = await sql<{ row: string }>(
      `select x::text as row from "${name}" x where ${needles.map((_, i) => `strpos(x::text, $${i + 1}) > 0`).join(' or ')}`,
      needles,
      t,
    );
    found.push(...rows.map((r) => `${name}: ${r.row.slice(0, 200)}`));
  }
  return found;
}
