import { MSG } from '@consulta/shared';
import { api, API, bearer, createPatient, REQUEST_ID, type Session, therapistSession } from './support/api';
import { MISSING_ID, createDraft, createSession, postSession, putDraft, sessionPayload, signedInPatient } from './support/clinical';
import { testEnv } from './support/env';
import { startApp } from './support/processes';
import {
  DRIVERS,
  STORAGE,
  bytesOf,
  downloadBytes,
  expectProblem,
  filesPath,
  initiate,
  partUrl,
  post,
  presign,
  putPart,
  send,
  sha256,
  uploadExercise,
  uploadVideo,
  videoBytesOf,
  withStorageTargets,
  type StorageTarget,
} from './support/storage';

/**
 * Who may reach which file (docs/decisions/storage-and-backup.md "Storage"): every route's roles, another therapist's keys and
 * uploads (404, untouched), keys that try to climb out of the caller's space, patients reading only their own
 * sessions' videos, sessions and drafts taking only an own finished session video, malformed input (4xx, never
 * 500), and the signed URLs themselves (bound to their operation and fields; expiry).
 */
const targets = withStorageTargets('access');

const SESSIONS = `${API}/sesiones`;

/** `url` with query parameter `name` set to `value` (or removed when null). */
function withParam(url: string, name: string, value: string | null): string {
  const parsed = new URL(url, 'http://placeholder');
  if (value === null) parsed.searchParams.delete(name);
  else parsed.searchParams.set(name, value);
  return url.startsWith('/') ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

describe.each(DRIVERS)('storage access (%s driver)', (driver) => {
  const t = (): StorageTarget => targets[driver];
  const therapist = (): Promise<Session> => therapistSession('Terapeuta de Archivos', t());
  const patientOf = async (who: Session) => (await createPatient(who, {}, t())).id;
  const get = (path: string, who?: Session) => {
    const req = api(t()).get(path);
    return who ? req.set(bearer(who.token)) : req;
  };

  it('a patient gets 403 on every therapist-only route and 400 on uploads other than their photo, no token 401; a therapist gets 403 on the patient route', async () => {
    const me = await therapist();
    const patient = await signedInPatient(me, t());
    const video = await uploadVideo(t(), me, patient.patientId);
    const session = await createSession(me, patient.patientId, { video_url: video }, t());
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' });
    const ref = { upload_id: up.upload_id, file_key: up.file_key };
    // A patient's only upload is their profile photo: anything else is refused before a key is handed out.
    const patientUploads = () => [
      api(t())
        .post(`${STORAGE}/presigned-upload-url`)
        .send({ custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: 10 }),
      api(t())
        .post(`${STORAGE}/presigned-upload-url`)
        .send({ custom_path: `sesiones/${patient.patientId}`, file_name: 'a.mp4', content_type: 'video/mp4', file_size: 10 }),
      api(t())
        .post(`${STORAGE}/proxy-upload`)
        .field('custom_path', 'ejercicios')
        .attach('file', bytesOf(10), { filename: 'a.pdf', contentType: 'application/pdf' }),
    ];
    for (const req of patientUploads())
      expectProblem(await req.set(bearer(patient.token)), 400, MSG.storage.patientPhotoOnly, 'VALIDATION');
    const therapistOnly = () => [
      api(t())
        .post(`${STORAGE}/initiate-multipart-upload`)
        .send({ custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' }),
      api(t())
        .post(`${STORAGE}/presigned-part-url`)
        .send({ ...ref, part_number: 1 }),
      api(t()).post(`${STORAGE}/list-parts`).send(ref),
      api(t())
        .post(`${STORAGE}/complete-multipart-upload`)
        .send({ ...ref, parts: [{ PartNumber: 1, ETag: 'x' }] }),
      api(t()).post(`${STORAGE}/abort-multipart-upload`).send(ref),
      api(t()).get(`${STORAGE}/bucket-contents`),
      api(t()).delete(`${STORAGE}/delete-file`).send({ file_key: video }),
      api(t()).get(`${SESSIONS}/${session.id}/download-video`),
    ];
    for (const req of therapistOnly()) {
      const res = await req.set(bearer(patient.token));
      if (res.status !== 403)
        throw new Error(
          `${(res as unknown as { req: { method: string; path: string } }).req.method} ${(res as unknown as { req: { path: string } }).req.path}: ${res.status} ${res.text}`,
        );
      expect(res.body).toEqual({ detail: MSG.auth.forbidden, code: 'FORBIDDEN', request_id: REQUEST_ID });
    }
    const everyone = () => [
      ...patientUploads(),
      ...therapistOnly(),
      api(t()).post(`${STORAGE}/download-url`).send({ file_key: video }),
      api(t()).get(`${STORAGE}/files/${filesPath(video)}`),
      api(t()).get(`${SESSIONS}/paciente/sesion/${session.id}/download-video`),
    ];
    for (const req of everyone()) {
      const res = await req;
      if (res.status !== 401)
        throw new Error(
          `${(res as unknown as { req: { method: string; path: string } }).req.method} ${(res as unknown as { req: { path: string } }).req.path}: ${res.status} ${res.text}`,
        );
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    expect((await get(`${SESSIONS}/paciente/sesion/${session.id}/download-video`, me)).body).toEqual({
      detail: MSG.auth.forbidden,
      code: 'FORBIDDEN',
      request_id: REQUEST_ID,
    });
    // Nothing changed: the file, the upload and the session are as they were.
    expect(await t().exists(video)).toBe(true);
    expect(t().uploadExists(up.upload_id)).toBe(true);
    expect((await get(`${SESSIONS}/${session.id}`, me).expect(200)).body.video_url).toBe(video);
  });

  it("another therapist's files, uploads and sessions are 404 on every call, and stay untouched", async () => {
    const owner = await therapist();
    const intruder = await therapist();
    const patientId = await patientOf(owner);
    const theirPatient = await patientOf(intruder);
    const exercise = await uploadExercise(t(), owner);
    const video = await uploadVideo(t(), owner, patientId);
    const session = await createSession(owner, patientId, { video_url: video }, t());
    const up = await initiate(t(), owner, { custom_path: `sesiones/${patientId}`, file_name: 'larga.mp4', content_type: 'video/mp4' });
    const p1 = await putPart(t(), await partUrl(t(), owner, up, 1), 1, bytesOf(1000));
    const ref = { upload_id: up.upload_id, file_key: up.file_key };
    const draft = await createDraft(intruder, theirPatient, {}, t());

    const storageCalls: [string, Record<string, unknown>][] = [
      ['download-url', { file_key: exercise }],
      ['download-url', { file_key: video }],
      ['presigned-part-url', { ...ref, part_number: 2 }],
      ['list-parts', ref],
      ['complete-multipart-upload', { ...ref, parts: [p1] }],
      ['abort-multipart-upload', ref],
    ];
    for (const [route, body] of storageCalls) expectProblem(await post(t(), intruder, route, body), 404, MSG.storage.notFound, 'NOT_FOUND');
    for (const key of [exercise, video, up.file_key]) {
      expectProblem(await get(`${STORAGE}/files/${filesPath(key)}`, intruder), 404, MSG.storage.notFound, 'NOT_FOUND');
      expectProblem(
        await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(intruder.token)).send({ file_key: key }),
        404,
        MSG.storage.notFound,
        'NOT_FOUND',
      );
    }
    // An own upload id with someone else's key, or someone else's id with an own key.
    const mine = await initiate(t(), intruder, { custom_path: 'ejercicios', file_name: 'b.pdf', content_type: 'application/pdf' });
    expectProblem(await post(t(), intruder, 'list-parts', { upload_id: mine.upload_id, file_key: up.file_key }), 404, MSG.storage.notFound);
    expectProblem(
      await post(t(), intruder, 'list-parts', { upload_id: up.upload_id, file_key: mine.file_key }),
      404,
      MSG.storage.uploadNotFound,
    );
    // Their video cannot be taken by a session or a draft, nor their session's video downloaded.
    expectProblem(
      await postSession(intruder, sessionPayload(theirPatient, { video_url: video }), t()),
      404,
      MSG.storage.notFound,
      'NOT_FOUND',
    );
    expectProblem(
      await putDraft(intruder, draft.id, { archivo_video_info: { file_key: video } }, t()),
      404,
      MSG.storage.notFound,
      'NOT_FOUND',
    );
    expectProblem(await get(`${SESSIONS}/${session.id}/download-video`, intruder), 404, MSG.sessions.notFound, 'NOT_FOUND');
    const listing = await get(`${STORAGE}/bucket-contents?prefix=${encodeURIComponent(`../${owner.id}`)}`, intruder);
    expect(listing.status).toBe(400);

    expect(await t().exists(exercise)).toBe(true);
    expect(await t().exists(video)).toBe(true);
    expect(t().uploadExists(up.upload_id)).toBe(true);
    expect((await post(t(), owner, 'list-parts', ref).expect(200)).body.parts).toEqual([{ PartNumber: 1, ETag: p1.ETag, Size: 1000 }]);
    const own = await post(t(), owner, 'download-url', { file_key: exercise }).expect(200);
    expect((await downloadBytes(t(), own.body.download_url)).status).toBe(200);
  });

  it("keys that climb out of the caller's space, or name nothing, are 404", async () => {
    const me = await therapist();
    const other = await therapist();
    const theirs = await uploadExercise(t(), other, bytesOf(100), 'secreto.pdf');
    const rest = theirs.split('/').slice(2).join('/'); // ejercicios/{hex}-secreto.pdf
    const keys = [
      `files/${me.id}/../${other.id}/${rest}`,
      `files/${me.id}/ejercicios/../../${other.id}/${rest}`,
      `files/${me.id}/./../${other.id}/${rest}`,
      `files/${me.id}//../${other.id}/${rest}`,
      `files/${me.id}\\..\\${other.id}\\${rest}`,
      `/files/${other.id}/${rest}`,
      `files/${other.id.toUpperCase()}/${rest}`,
      `files/${me.id}/ejercicios/0000000000000000-no-existe.pdf`,
      `files/${me.id}`,
      `files/${me.id}/`,
      'files',
      `../files/${other.id}/${rest}`,
    ];
    for (const key of keys) {
      for (const route of ['download-url']) {
        const res = await post(t(), me, route, { file_key: key });
        if (res.status !== 404) throw new Error(`${route} ${JSON.stringify(key)}: ${res.status} ${res.text}`);
        expectProblem(res, 404, MSG.storage.notFound, 'NOT_FOUND');
      }
      expectProblem(
        await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(me.token)).send({ file_key: key }),
        404,
        MSG.storage.notFound,
      );
    }
    // A NUL byte is refused before any lookup.
    expectProblem(
      await post(t(), me, 'download-url', { file_key: `files/${me.id}/x\u0000/../../${other.id}/${rest}` }),
      400,
      MSG.common.invalidText,
    );
    for (const path of [
      `${me.id}/..%2F${other.id}%2F${rest.replace('/', '%2F')}`,
      `..%2F${other.id}%2F${rest.replace('/', '%2F')}`,
      `${me.id}%2F..%2F..%2F${other.id}/${rest}`,
      `${other.id}/${rest}`,
      `files/${other.id}/${rest}`,
      '',
    ]) {
      const res = await get(`${STORAGE}/files/${path}`, me);
      if (res.status !== 404) throw new Error(`files/${path}: ${res.status} ${res.text}`);
      expectProblem(res, 404);
    }
    // A path that is not valid percent-encoding is refused as such.
    expectProblem(await get(`${STORAGE}/files/${me.id}/%E0%A4%A`, me), 400, MSG.common.badPath);
    expect(await t().exists(theirs)).toBe(true);
  });

  it('a patient reads only the videos of their own sessions', async () => {
    const me = await therapist();
    const patient = await signedInPatient(me, t());
    const otherPatientId = await patientOf(me);
    const bytes = videoBytesOf(8192);
    const video = await uploadVideo(t(), me, patient.patientId, bytes, 'Mi sesión.mp4');
    const session = await createSession(me, patient.patientId, { video_url: video }, t());
    const withoutVideo = await createSession(me, patient.patientId, {}, t());
    const otherVideo = await uploadVideo(t(), me, otherPatientId);
    const otherSession = await createSession(me, otherPatientId, { video_url: otherVideo }, t());
    const exercise = await uploadExercise(t(), me);

    const own = await get(`${SESSIONS}/paciente/sesion/${session.id}/download-video`, patient).expect(200);
    expect(own.body).toEqual({ download_url: expect.any(String), filename: 'Mi sesión.mp4' });
    const got = await downloadBytes(t(), own.body.download_url);
    expect(sha256(got.body)).toBe(sha256(bytes));
    expect(got.headers.get('content-type')).toBe('video/mp4');
    for (const res of [
      await post(t(), patient, 'download-url', { file_key: video }),
      await get(`${STORAGE}/files/${filesPath(video)}`, patient),
    ]) {
      expect(res.status).toBe(200);
      expect(res.body.filename).toBe('Mi sesión.mp4');
      expect(sha256((await downloadBytes(t(), res.body.download_url)).body)).toBe(sha256(bytes));
    }

    expectProblem(
      await get(`${SESSIONS}/paciente/sesion/${otherSession.id}/download-video`, patient),
      404,
      MSG.sessions.notFound,
      'NOT_FOUND',
    );
    expectProblem(await get(`${SESSIONS}/paciente/sesion/${MISSING_ID}/download-video`, patient), 404, MSG.sessions.notFound);
    expectProblem(await get(`${SESSIONS}/paciente/sesion/no-es-un-id/download-video`, patient), 404);
    expectProblem(
      await get(`${SESSIONS}/paciente/sesion/${withoutVideo.id}/download-video`, patient),
      404,
      MSG.storage.noVideo,
      'NOT_FOUND',
    );
    for (const key of [otherVideo, exercise, `files/${me.id}/sesiones/${patient.patientId}/0000000000000000-x.mp4`]) {
      expectProblem(await post(t(), patient, 'download-url', { file_key: key }), 404, MSG.storage.notFound, 'NOT_FOUND');
      expectProblem(await get(`${STORAGE}/files/${filesPath(key)}`, patient), 404, MSG.storage.notFound, 'NOT_FOUND');
    }

    // The therapist's download of the same session video.
    const theirs = await get(`${SESSIONS}/${session.id}/download-video`, me).expect(200);
    expect(theirs.body).toEqual({ download_url: expect.any(String), filename: 'Mi sesión.mp4' });
    expect(sha256((await downloadBytes(t(), theirs.body.download_url)).body)).toBe(sha256(bytes));
    expectProblem(await get(`${SESSIONS}/${withoutVideo.id}/download-video`, me), 404, MSG.storage.noVideo, 'NOT_FOUND');

    // Once the session lets the video go, the patient cannot read it any more.
    await api(t()).put(`${SESSIONS}/${session.id}`).set(bearer(me.token)).send({ video_url: null }).expect(200);
    expectProblem(await post(t(), patient, 'download-url', { file_key: video }), 404, MSG.storage.notFound);
    expectProblem(await get(`${SESSIONS}/paciente/sesion/${session.id}/download-video`, patient), 404, MSG.storage.noVideo);
  });

  it('a session takes only an own, finished session video (POST and PUT video_url)', async () => {
    const me = await therapist();
    const other = await therapist();
    const patientId = await patientOf(me);
    const theirPatient = await patientOf(other);
    const video = await uploadVideo(t(), me, patientId);
    const second = await uploadVideo(t(), me, patientId);
    const exercise = await uploadExercise(t(), me);
    const unfinished = await initiate(t(), me, { custom_path: `sesiones/${patientId}`, file_name: 'v.mp4', content_type: 'video/mp4' });
    const neverSent = (
      await presign(t(), me, { custom_path: `sesiones/${patientId}`, file_name: 'v.mp4', content_type: 'video/mp4', file_size: 10 })
    ).file_key;
    const theirs = await uploadVideo(t(), other, theirPatient);
    const anotherPatients = await uploadVideo(t(), me, await patientOf(me));

    const refused: [string, number, string][] = [
      [exercise, 400, MSG.storage.notVideo],
      // A video uploaded for another of my patients is not this patient's.
      [anotherPatients, 404, MSG.storage.notFound],
      [unfinished.file_key, 409, MSG.storage.uploadUnfinished],
      [neverSent, 409, MSG.storage.uploadUnfinished],
      [theirs, 404, MSG.storage.notFound],
      [`files/${me.id}/sesiones/${patientId}/0000000000000000-x.mp4`, 404, MSG.storage.notFound],
      ['https://example.com/video.mp4', 400, MSG.sessions.videoUrl],
      ['sesiones/video.mp4', 400, MSG.sessions.videoUrl],
    ];
    for (const [key, status, detail] of refused) {
      const res = await postSession(me, sessionPayload(patientId, { video_url: key }), t());
      if (res.status !== status) throw new Error(`POST video_url ${key}: ${res.status} ${res.text}`);
      expectProblem(res, status, detail);
    }
    const created = await postSession(me, sessionPayload(patientId, { video_url: video }), t()).expect(201);
    expect(created.body.video_url).toBe(video);
    for (const [key, status, detail] of refused) {
      expectProblem(await api(t()).put(`${SESSIONS}/${created.body.id}`).set(bearer(me.token)).send({ video_url: key }), status, detail);
    }
    expect((await get(`${SESSIONS}/${created.body.id}`, me).expect(200)).body.video_url).toBe(video);
    const replaced = await api(t()).patch(`${SESSIONS}/${created.body.id}`).set(bearer(me.token)).send({ video_url: second }).expect(200);
    expect(replaced.body.video_url).toBe(second);
    const link = await get(`${SESSIONS}/${created.body.id}/download-video`, me).expect(200);
    expect(link.body.filename).toBe('Sesión grabada.mp4');
  });

  it('a draft takes only an own, finished session video (archivo_video_info.file_key; video_url the same key)', async () => {
    const me = await therapist();
    const other = await therapist();
    const patientId = await patientOf(me);
    const video = await uploadVideo(t(), me, patientId);
    const exercise = await uploadExercise(t(), me);
    const unfinished = await initiate(t(), me, { custom_path: `sesiones/${patientId}`, file_name: 'v.mp4', content_type: 'video/mp4' });
    const theirs = await uploadVideo(t(), other, await patientOf(other));
    const anotherPatients = await uploadVideo(t(), me, await patientOf(me));
    const draft = await createDraft(me, patientId, {}, t());

    for (const [info, status, detail] of [
      [{ file_key: exercise }, 400, MSG.storage.notVideo],
      [{ file_key: anotherPatients }, 404, MSG.storage.notFound],
      [{ file_key: unfinished.file_key }, 409, MSG.storage.uploadUnfinished],
      [{ file_key: theirs }, 404, MSG.storage.notFound],
      [{ file_key: 'https://example.com/v.mp4' }, 400, MSG.sessions.videoUrl],
      // video_url, when sent, names the same file as file_key.
      [{ video_url: theirs }, 400, MSG.sessions.videoUrl],
      [{ file_key: video, video_url: theirs }, 400, MSG.sessions.videoUrl],
    ] as [Record<string, unknown>, number, string][]) {
      const res = await putDraft(me, draft.id, { archivo_video_info: info }, t());
      if (res.status !== status) throw new Error(`draft ${JSON.stringify(info)}: ${res.status} ${res.text}`);
      expectProblem(res, status, detail);
    }
    expect(
      (await api(t()).get(`${API}/sesiones-asincronas/drafts/${draft.id}`).set(bearer(me.token)).expect(200)).body.archivo_video_info
        .file_key,
    ).toBeUndefined();

    const saved = await putDraft(me, draft.id, { archivo_video_info: { file_key: video, video_url: video } }, t()).expect(200);
    expect(saved.body.archivo_video_info).toMatchObject({ file_key: video, video_url: video });
    // The session made from the draft takes its video.
    const session = await postSession(me, sessionPayload(patientId, { draft_id: draft.id, video_url: video }), t()).expect(201);
    expect(session.body.video_url).toBe(video);
  });

  it('malformed calls are 4xx with a Spanish detail, never 500', async () => {
    const me = await therapist();
    const file = await uploadExercise(t(), me);
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' });
    const calls: [string, Record<string, unknown> | unknown[] | null][] = [
      ['presigned-part-url', { upload_id: 5, file_key: [], part_number: 1 }],
      ['presigned-part-url', { upload_id: up.upload_id, file_key: up.file_key }],
      ['list-parts', {}],
      ['list-parts', { upload_id: 'x'.repeat(2000), file_key: up.file_key }],
      ['list-parts', { upload_id: '../../etc', file_key: up.file_key }],
      ['list-parts', { upload_id: up.upload_id, file_key: { $ne: null } }],
      ['complete-multipart-upload', { upload_id: 'abc', file_key: file, parts: [{ PartNumber: 1, ETag: 'x' }] }],
      ['complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts: [{ PartNumber: 1, ETag: 'x'.repeat(300) }] }],
      [
        'complete-multipart-upload',
        {
          upload_id: up.upload_id,
          file_key: up.file_key,
          parts: Array.from({ length: 10_001 }, (_, i) => ({ PartNumber: i + 1, ETag: 'x' })),
        },
      ],
      ['abort-multipart-upload', { upload_id: up.upload_id }],
      ['abort-multipart-upload', { upload_id: 'zz', file_key: file }],
      ['download-url', { file_key: null }],
      ['download-url', {}],
      ['download-url', { file_key: 'x'.repeat(2000) }],
      ['download-url', { file_key: 42 }],
      ['download-url', { file_key: `files/${me.id}/\u0000x` }],
      ['download-url', []],
    ];
    for (const [route, body] of calls) {
      const res = await post(t(), me, route, body);
      if (res.status < 400 || res.status > 499)
        throw new Error(`${route} ${JSON.stringify(body).slice(0, 200)}: ${res.status} ${res.text.slice(0, 300)}`);
      expectProblem(res, res.status);
    }
    for (const req of [
      api(t()).delete(`${STORAGE}/delete-file`),
      api(t())
        .delete(`${STORAGE}/delete-file`)
        .send({ file_key: ['a'] }),
      api(t()).get(`${STORAGE}/files/${'a/'.repeat(700)}x`),
      api(t()).get(`${STORAGE}/files/%ZZ`),
      api(t()).get(`${SESSIONS}/no-es-un-id/download-video`),
      api(t()).get(`${SESSIONS}/${MISSING_ID}/download-video`),
      api(t()).post(`${STORAGE}/download-url`).set('content-type', 'application/json').send('{"file_key": '),
    ]) {
      const res = await req.set(bearer(me.token));
      if (res.status < 400 || res.status > 499)
        throw new Error(
          `${(res as unknown as { req: { method: string } }).req.method} ${(res as unknown as { req: { path: string } }).req.path.slice(0, 100)}: ${res.status} ${res.text.slice(0, 300)}`,
        );
      expectProblem(res, res.status);
    }
    const twoPrefixes = await get(`${STORAGE}/bucket-contents?prefix=a&prefix=b`, me);
    expect(twoPrefixes.status).toBeLessThan(500);
    // The local driver's routes without a valid signature are 403 there, and do not exist on S3.
    for (const [method, path] of [
      ['GET', '/api/v1/storage/object'],
      ['GET', '/api/v1/storage/object?key[]=a&filename=b&type=c&expires=1&signature=x'],
      ['PUT', `/api/v1/storage/object?key=${encodeURIComponent(file)}&size=1&type=a&expires=9999999999&signature=x`],
      ['PUT', '/api/v1/storage/part?key=a&upload=b&part=1&expires=1&signature=x'],
    ]) {
      const res = await send(t(), path, { method, body: method === 'PUT' ? bytesOf(1) : undefined });
      expectProblem(res, driver === 'local' ? 403 : 404);
    }
  });

  it('signed URLs are bound to their operation: an upload URL does not download, a download URL does not upload, a part URL takes only its part', async () => {
    const me = await therapist();
    const bytes = bytesOf(500);
    const answer = await presign(t(), me, {
      custom_path: 'ejercicios',
      file_name: 'a.pdf',
      content_type: 'application/pdf',
      file_size: bytes.length,
    });
    expect((await send(t(), answer.upload_url, { method: 'PUT', body: bytes, headers: answer.headers })).status).toBe(200);
    const download = (await post(t(), me, 'download-url', { file_key: answer.file_key }).expect(200)).body.download_url as string;

    const asDownload = await send(t(), answer.upload_url);
    expect(asDownload.status).toBe(403);
    const asUpload = await send(t(), download, { method: 'PUT', body: bytesOf(500), headers: { 'Content-Type': 'application/pdf' } });
    expect(asUpload.status).toBe(403);
    if (driver === 'local') {
      expectProblem(asDownload, 403, MSG.storage.linkInvalid, 'FORBIDDEN');
      expectProblem(asUpload, 403, MSG.storage.linkInvalid, 'FORBIDDEN');
    }
    expect(sha256((await downloadBytes(t(), download)).body)).toBe(sha256(bytes));

    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'b.pdf', content_type: 'application/pdf' });
    const url1 = await partUrl(t(), me, up, 1);
    const other = withParam(url1, driver === 'local' ? 'part' : 'partNumber', '2');
    expect((await send(t(), other, { method: 'PUT', body: bytesOf(10) })).status).toBe(403);
    expect((await post(t(), me, 'list-parts', { upload_id: up.upload_id, file_key: up.file_key }).expect(200)).body.parts).toEqual([]);
  });

  if (driver === 'local') {
    it('a link with any signed field changed is 403 El enlace no es válido', async () => {
      const me = await therapist();
      const other = await uploadExercise(t(), me);
      const answer = await presign(t(), me, {
        custom_path: 'ejercicios',
        file_name: 'a.pdf',
        content_type: 'application/pdf',
        file_size: 10,
      });
      const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'b.pdf', content_type: 'application/pdf' });
      const part = await partUrl(t(), me, up, 1);
      const download = (await post(t(), me, 'download-url', { file_key: other }).expect(200)).body.download_url as string;
      const signature = new URL(answer.upload_url, 'http://x').searchParams.get('signature')!;
      const expires = Number(new URL(answer.upload_url, 'http://x').searchParams.get('expires'));
      const tampered: [string, string, string | null][] = [
        // Its first character, which always changes the bytes (a last 'AA' may be the signature's own ending).
        [answer.upload_url, 'signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`],
        [answer.upload_url, 'signature', null],
        [answer.upload_url, 'expires', String(expires + 3600)],
        [answer.upload_url, 'size', '11'],
        [answer.upload_url, 'type', 'video/mp4'],
        [answer.upload_url, 'key', other],
        [answer.upload_url, 'key', `${answer.file_key.split('/').slice(0, 2).join('/')}/../../etc/passwd`],
        [answer.upload_url, 'extra', '1'],
        [part, 'upload', '0'.repeat(32)],
        [part, 'key', answer.file_key],
      ];
      for (const [url, name, value] of tampered) {
        const res = await send(t(), withParam(url, name, value), {
          method: 'PUT',
          body: bytesOf(10),
          headers: { 'Content-Type': 'application/pdf' },
        });
        if (res.status !== 403) throw new Error(`${name}=${value}: ${res.status} ${res.body.toString()}`);
        expectProblem(res, 403, MSG.storage.linkInvalid, 'FORBIDDEN');
      }
      for (const [name, value] of [
        ['filename', 'otro.pdf'],
        ['type', 'text/html'],
        ['key', answer.file_key],
        ['signature', 'x'],
      ]) {
        expectProblem(await send(t(), withParam(download, name, value)), 403, MSG.storage.linkInvalid, 'FORBIDDEN');
      }
      expect(await t().exists(answer.file_key)).toBe(false);
      expect(t().uploadExists(up.upload_id)).toBe(true);
    });

    it('a link used after its expiry is 403 LINK_EXPIRED (an app with STORAGE_URL_TTL_SECONDS=2 signs it)', async () => {
      const me = await therapist();
      const bytes = bytesOf(300);
      const key = await uploadExercise(t(), me, bytes);
      // Same database, DATA_DIR and secret as the shared app: its links are the shared app's links, living 2 s.
      const env = testEnv();
      const shortLived = await startApp({
        NODE_ENV: 'test',
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: `${env.redisPrefix}short-ttl:`,
        RUN_JOBS: 'false',
        JWT_SECRET: env.jwtSecret,
        GOOGLE_USERINFO_URL: env.googleUrl,
        DATA_DIR: env.dataDir,
        FRONTEND_DIST: env.frontendDist,
        STORAGE_URL_TTL_SECONDS: '2',
      });
      try {
        const short = { ...t(), appUrl: shortLived.url };
        const upload = await presign(short, me, {
          custom_path: 'ejercicios',
          file_name: 'tarde.pdf',
          content_type: 'application/pdf',
          file_size: 10,
        });
        const download = (await post(short, me, 'download-url', { file_key: key }).expect(200)).body.download_url as string;
        // Valid now, on either app.
        expect(sha256((await downloadBytes(t(), download)).body)).toBe(sha256(bytes));
        const expires = Number(new URL(download, 'http://x').searchParams.get('expires'));
        expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(2000);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires * 1000 - Date.now()) + 50));
        expectProblem(await send(t(), download), 403, MSG.storage.linkExpired, 'LINK_EXPIRED');
        expectProblem(await send(short, download), 403, MSG.storage.linkExpired, 'LINK_EXPIRED');
        const late = await send(t(), upload.upload_url, { method: 'PUT', body: bytesOf(10), headers: upload.headers });
        expectProblem(late, 403, MSG.storage.linkExpired, 'LINK_EXPIRED');
        expect(await t().exists(upload.file_key)).toBe(false);
        // An expired link whose expiry is pushed back is not valid either: the signature covers it.
        expectProblem(await send(t(), withParam(download, 'expires', String(expires + 3600))), 403, MSG.storage.linkInvalid);
      } finally {
        await shortLived.stop();
      }
    }, 30_000);
  } else {
    it('presigned URLs expire after STORAGE_URL_TTL_SECONDS (1 h by default): the store refuses them then', async () => {
      const me = await therapist();
      const bytes = bytesOf(300);
      const key = await uploadExercise(t(), me, bytes);
      const upload = await presign(t(), me, {
        custom_path: 'ejercicios',
        file_name: 'tarde.pdf',
        content_type: 'application/pdf',
        file_size: 10,
      });
      const download = (await post(t(), me, 'download-url', { file_key: key }).expect(200)).body.download_url as string;
      const peer = t().peer!;
      try {
        peer.setClockOffset(3600_000 - 60_000);
        expect(sha256((await downloadBytes(t(), download)).body)).toBe(sha256(bytes));
        peer.setClockOffset(3600_000 + 60_000);
        const late = await send(t(), download);
        expect(late.status).toBe(403);
        expect(late.body.toString()).toContain('Request has expired');
        const lateUpload = await send(t(), upload.upload_url, { method: 'PUT', body: bytesOf(10), headers: upload.headers });
        expect(lateUpload.status).toBe(403);
        expect(await t().exists(upload.file_key)).toBe(false);
      } finally {
        peer.setClockOffset(0);
      }
      // A fresh link works again.
      const fresh = (await post(t(), me, 'download-url', { file_key: key }).expect(200)).body.download_url as string;
      expect((await downloadBytes(t(), fresh)).status).toBe(200);
    });
  }
});
