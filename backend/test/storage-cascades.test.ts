import { randomBytes } from 'node:crypto';
import { MSG } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { DRAFTS, createDraft, createSession, postSession, putDraft, sessionPayload } from './support/clinical';
import { testEnv } from './support/env';
import { entriesOpenToOthers } from './support/file-modes';
import {
  DRIVERS,
  bytesOf,
  expectProblem,
  initiate,
  partUrl,
  post,
  presign,
  putPart,
  runCliAsync,
  storedRow,
  uploadExercise,
  uploadVideo,
  waitUntilDeleted,
  withStorageTargets,
  type StorageTarget,
} from './support/storage';

/**
 * What happens to files when what refers to them goes (docs/decisions/storage-and-backup.md "Deleting cascades to files, by a
 * job"): a session, a draft (unless preserve_video=true), a patient, a replaced video; a file another record
 * still refers to stays; the sweep (`storage:sweep`, the CLI of the hourly job) removes, by one age rule (24 h),
 * uploads that nothing refers to, unfinished ones, stored objects no row names and the leftovers of uploads a crash
 * cut short, and says what it freed. Deletions are asynchronous: the tests poll the store and stored_files until the
 * object and its row are gone (10 s at most).
 */
const targets = withStorageTargets('cascades');

const SESSIONS = `${API}/sesiones`;

describe.each(DRIVERS)('storage cascades (%s driver)', (driver) => {
  const t = (): StorageTarget => targets[driver];
  const therapist = (): Promise<Session> => therapistSession('Terapeuta de Archivos', t());
  const patientOf = async (who: Session) => (await createPatient(who, {}, t())).id;
  const deleteDraft = (who: Session, id: string, query = '') => api(t()).delete(`${DRAFTS}/${id}${query}`).set(bearer(who.token));
  const stays = async (key: string) => {
    expect(await t().exists(key)).toBe(true);
    expect(await storedRow(t(), key)).toBeDefined();
  };

  it('deleting a session deletes its video', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const video = await uploadVideo(t(), me, patientId);
    const session = await createSession(me, patientId, { video_url: video }, t());
    await api(t()).delete(`${SESSIONS}/${session.id}`).set(bearer(me.token)).expect(200);
    await waitUntilDeleted(t(), video);
    expectProblem(await api(t()).get(`${SESSIONS}/${session.id}/download-video`).set(bearer(me.token)), 404, MSG.sessions.notFound);
  });

  it('replacing or clearing a video deletes the one let go; the new one stays', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const [first, second] = [await uploadVideo(t(), me, patientId), await uploadVideo(t(), me, patientId)];
    const session = await createSession(me, patientId, { video_url: first }, t());
    await api(t()).put(`${SESSIONS}/${session.id}`).set(bearer(me.token)).send({ video_url: second }).expect(200);
    await waitUntilDeleted(t(), first);
    await stays(second);
    await api(t()).patch(`${SESSIONS}/${session.id}`).set(bearer(me.token)).send({ video_url: null }).expect(200);
    await waitUntilDeleted(t(), second);

    // A draft's replaced video too.
    const [draftFirst, draftSecond] = [await uploadVideo(t(), me, patientId), await uploadVideo(t(), me, patientId)];
    const draft = await createDraft(me, patientId, { archivo_video_info: { file_key: draftFirst } }, t());
    await putDraft(me, draft.id, { archivo_video_info: { file_key: draftSecond } }, t()).expect(200);
    await waitUntilDeleted(t(), draftFirst);
    await stays(draftSecond);
  });

  it('deleting a draft deletes its video, unless preserve_video=true', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const kept = await uploadVideo(t(), me, patientId);
    const dropped = await uploadVideo(t(), me, patientId);
    const keeping = await createDraft(me, patientId, { archivo_video_info: { file_key: kept } }, t());
    const dropping = await createDraft(me, patientId, { archivo_video_info: { file_key: dropped } }, t());
    await deleteDraft(me, keeping.id, '?preserve_video=true').expect(200);
    await deleteDraft(me, dropping.id).expect(200);
    // The second deletion's job has run by now: the first would have too, had it queued one.
    await waitUntilDeleted(t(), dropped);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stays(kept);
  });

  it('a video another record still refers to stays: the session made from a draft, a draft sharing a session video', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const video = await uploadVideo(t(), me, patientId);
    const draft = await createDraft(me, patientId, { archivo_video_info: { file_key: video } }, t());
    // The session made from the draft completes the draft in its transaction (it keeps no video) and keeps the video.
    const session = await postSession(me, sessionPayload(patientId, { draft_id: draft.id, video_url: video }), t()).expect(201);
    expect((await api(t()).get(`${DRAFTS}/${draft.id}`).set(bearer(me.token)).expect(200)).body).toMatchObject({
      estado: 'completado',
      archivo_video_info: {},
    });
    // A draft that names the same video, deleted without preserve_video.
    const sharing = await createDraft(me, patientId, { archivo_video_info: { file_key: video } }, t());
    await deleteDraft(me, sharing.id).expect(200);
    // A sentinel deleted after them: once it is gone, the jobs queued before it have run.
    const sentinel = await uploadVideo(t(), me, patientId);
    const sentinelDraft = await createDraft(me, patientId, { archivo_video_info: { file_key: sentinel } }, t());
    await deleteDraft(me, sentinelDraft.id).expect(200);
    await waitUntilDeleted(t(), sentinel);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stays(video);
    const link = await api(t()).get(`${SESSIONS}/${session.body.id}/download-video`).set(bearer(me.token)).expect(200);
    expect(link.body.filename).toBe('Sesión grabada.mp4');
  });

  it('deleting a patient deletes the videos of all their sessions and drafts, and nothing else', async () => {
    const me = await therapist();
    const leaving = await patientOf(me);
    const staying = await patientOf(me);
    const videos = [await uploadVideo(t(), me, leaving), await uploadVideo(t(), me, leaving), await uploadVideo(t(), me, leaving)];
    await createSession(me, leaving, { video_url: videos[0] }, t());
    await createSession(me, leaving, { video_url: videos[1] }, t());
    await createDraft(me, leaving, { archivo_video_info: { file_key: videos[2] } }, t());
    const otherVideo = await uploadVideo(t(), me, staying);
    await createSession(me, staying, { video_url: otherVideo }, t());
    const exercise = await uploadExercise(t(), me);

    await api(t()).delete(`${API}/pacientes/${leaving}`).set(bearer(me.token)).expect(200);
    for (const key of videos) await waitUntilDeleted(t(), key);
    await stays(otherVideo);
    await stays(exercise);
  });

  it('the sweep deletes uploads older than 24 h that nothing refers to, aborts unfinished ones, removes unrecorded objects and crash leftovers, and says what it freed; fresh, referenced and foreign ones stay', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const oldOrphan = await uploadExercise(t(), me);
    const oldNeverSent = (
      await presign(t(), me, { custom_path: 'ejercicios', file_name: 'nunca.pdf', content_type: 'application/pdf', file_size: 10 })
    ).file_key;
    const freshOrphan = await uploadExercise(t(), me);
    const oldUsed = await uploadVideo(t(), me, patientId);
    await createSession(me, patientId, { video_url: oldUsed }, t());
    const oldDraftVideo = await uploadVideo(t(), me, patientId);
    await createDraft(me, patientId, { archivo_video_info: { file_key: oldDraftVideo } }, t());
    const oldUpload = await initiate(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'abandonada.mp4',
      content_type: 'video/mp4',
    });
    await putPart(t(), await partUrl(t(), me, oldUpload, 1), 1, bytesOf(1000));
    const freshUpload = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'en-curso.pdf', content_type: 'application/pdf' });
    await putPart(t(), await partUrl(t(), me, freshUpload, 1), 1, bytesOf(1000));

    const aged = [oldOrphan, oldNeverSent, oldUsed, oldDraftVideo, oldUpload.file_key];
    await sql(`update stored_files set created_at = now() - interval '25 hours' where key = any($1)`, [aged], t());

    // Objects no row names (a restore cut short, a crash between storing and recording): old ones go, whatever else is
    // in the bucket stays. An old object whose row is fresh or referenced is no orphan.
    const unrecorded = (name: string) => `files/${me.id}/ejercicios/${randomBytes(8).toString('hex')}-${name}`;
    const [oldUnrecorded, freshUnrecorded, foreign] = [unrecorded('restaurado.pdf'), unrecorded('recien.pdf'), 'otra-aplicacion/datos.bin'];
    await t().putRaw(oldUnrecorded, bytesOf(3000));
    await t().putRaw(freshUnrecorded, bytesOf(500));
    await t().putRaw(foreign, bytesOf(700));
    for (const key of [oldUnrecorded, foreign, freshOrphan, oldUsed]) t().backdate(key, 25);

    // Multipart uploads whose row is gone (a crash between starting and recording one, a form upload cut short on S3):
    // the old one is aborted, the fresh one stays.
    const unrowedUpload = async (hours: number) => {
      const upload = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'cortada.pdf', content_type: 'application/pdf' });
      await putPart(t(), await partUrl(t(), me, upload, 1), 1, bytesOf(1500));
      await sql(`delete from stored_files where key = $1`, [upload.file_key], t());
      if (hours > 0) t().backdateUpload(upload.upload_id, hours);
      return upload;
    };
    const [oldUnrowed, freshUnrowed] = [await unrowedUpload(25), await unrowedUpload(0)];
    // On the local disk, the temporaries of PUTs and form uploads a crash cut short (73 MiB after one kill, in the review).
    const oldTemporary = t().leaveTemporary?.(bytesOf(4000), 25);
    const freshTemporary = t().leaveTemporary?.(bytesOf(100), 0);
    const freshBoundary = await sql(
      `select count(*)::int as n from stored_files where key = $1 and created_at > now() - interval '1 hour'`,
      [freshOrphan],
      t(),
    );
    expect(freshBoundary[0].n).toBe(1);

    const result = await runCliAsync(['storage:sweep'], t().env);
    if (result.status !== 0) throw new Error(`storage:sweep exited with ${result.status}:\n${result.stdout}${result.stderr}`);
    // 2,048 bytes of the unused exercise, 1,000 of the unfinished upload's part, 3,000 of the unrecorded object, 1,500 of
    // the upload without a row and, on the local disk, 4,000 of the temporary.
    const leftovers = oldTemporary ? 2 : 1;
    const freed = 2048 + 1000 + 3000 + 1500 + (oldTemporary ? 4000 : 0);
    expect(result.stdout.split('\n')).toContain(
      `Deleted 2 unused files; aborted 1 unfinished uploads; deleted 1 stored files no record names; ` +
        `removed ${leftovers} leftovers of interrupted uploads; freed ${(freed / 1024).toFixed(1)} KiB.`,
    );

    expect(await t().exists(oldOrphan)).toBe(false);
    expect(await storedRow(t(), oldOrphan)).toBeUndefined();
    expect(await storedRow(t(), oldNeverSent)).toBeUndefined();
    expect(await storedRow(t(), oldUpload.file_key)).toBeUndefined();
    expect(t().uploadExists(oldUpload.upload_id)).toBe(false);
    await stays(freshOrphan);
    await stays(oldUsed);
    await stays(oldDraftVideo);
    expect(t().uploadExists(freshUpload.upload_id)).toBe(true);
    expect(
      (await post(t(), me, 'list-parts', { upload_id: freshUpload.upload_id, file_key: freshUpload.file_key }).expect(200)).body.parts,
    ).toHaveLength(1);

    expect(await t().exists(oldUnrecorded)).toBe(false);
    expect([await t().exists(freshUnrecorded), await t().exists(foreign)]).toEqual([true, true]);
    expect([t().uploadExists(oldUnrowed.upload_id), t().uploadExists(freshUnrowed.upload_id)]).toEqual([false, true]);
    if (oldTemporary) expect([oldTemporary(), freshTemporary!()]).toEqual([false, true]);

    // Everything the app wrote under its DATA_DIR during the run (the shared app, started with umask 022: objects,
    // uploads, temporaries) is owner-only.
    if (driver === 'local') {
      const modes = entriesOpenToOthers(testEnv().dataDir);
      expect(modes.open).toEqual([]);
      console.log(`the shared app's DATA_DIR after the storage tests: ${modes.checked} files and folders, all owner-only`);
    }
  }, 30_000);
});
