import { MSG, STORAGE_LIMITS } from '@consulta/shared';
import { API, api, bearer, createPatient, sql, therapistSession, type Session } from './support/api';
import { DRAFTS, ISO, MISSING_ID, createDraft, postSession, sessionPayload } from './support/clinical';
import {
  DRIVERS,
  MiB,
  PART,
  STORAGE,
  bytesOf,
  downloadBytes,
  expectProblem,
  filesPath,
  initiate,
  interruptedPut,
  mapLimit,
  partUrl,
  partsOf,
  post,
  presign,
  proxyUpload,
  putPart,
  send,
  sha256,
  storedRow,
  streamProxyUpload,
  uploadExercise,
  uploadFile,
  videoBytesOf,
  withStorageTargets,
  type StorageTarget,
} from './support/storage';

/**
 * The storage calls, the file rules and docs/decisions/storage-and-backup.md "Storage": both upload paths (presigned PUT, multipart with
 * resume and abort), the proxy upload, listing, downloads and deletion, each limit and message, against the
 * local driver (the shared app) and an S3-compatible store (s3rver peer, own app and database).
 */
const targets = withStorageTargets('uploads');

const GiB = 1024 * MiB;

describe.each(DRIVERS)('storage uploads (%s driver)', (driver) => {
  const t = (): StorageTarget => targets[driver];
  const therapist = (): Promise<Session> => therapistSession('Terapeuta de Archivos', t());
  const patientOf = async (who: Session) => (await createPatient(who, {}, t())).id;
  /** The headers a presigned PUT must carry: its type; on S3 also If-None-Match: * (the local store refuses a second PUT itself). */
  const signedHeaders = (type: string) => (driver === 's3' ? { 'Content-Type': type, 'If-None-Match': '*' } : { 'Content-Type': type });
  const keyPattern = (who: Session, dir: string, name: string) =>
    new RegExp(`^files/${who.id}/${dir}/[0-9a-f]{16}-${name.replace(/[.()]/g, (c) => `\\${c}`)}$`);

  it('a presigned PUT stores exactly the declared bytes; the file is listed and downloads under its name', async () => {
    const me = await therapist();
    const bytes = bytesOf(64 * 1024);
    const name = 'Guía de respiración (v2).pdf';
    const answer = await presign(t(), me, {
      custom_path: 'ejercicios',
      file_name: name,
      content_type: 'application/pdf',
      file_size: bytes.length,
    });
    expect(answer).toEqual({
      upload_url: expect.any(String),
      file_key: expect.stringMatching(keyPattern(me, 'ejercicios', name)),
      method: 'PUT',
      headers: signedHeaders('application/pdf'),
    });
    if (driver === 'local') {
      expect(answer.upload_url).toMatch(/^\/api\/v1\/storage\//);
    } else {
      const url = new URL(answer.upload_url);
      expect(url.origin).toBe(t().peer!.endpoint);
      expect(url.pathname.startsWith(`/${t().peer!.bucket}/files/${me.id}/ejercicios/`)).toBe(true);
      // The signature binds the length and the type (S3 then refuses any other body), and If-None-Match: * (the URL
      // creates the object, never replaces it): the browser must send it.
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
        expect.arrayContaining(['content-length', 'content-type', 'host', 'if-none-match']),
      );
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600'); // STORAGE_URL_TTL_SECONDS' default
    }
    expect(await t().exists(answer.file_key)).toBe(false);
    expect(await storedRow(t(), answer.file_key)).toMatchObject({
      kind: 'exercise',
      file_name: name,
      content_type: 'application/pdf',
      upload_id: null,
    });

    const put = await send(t(), answer.upload_url, { method: 'PUT', body: bytes, headers: answer.headers });
    expect(put.status).toBe(200);
    expect(await t().exists(answer.file_key)).toBe(true);

    const listing = await api(t()).get(`${STORAGE}/bucket-contents?prefix=ejercicios`).set(bearer(me.token)).expect(200);
    expect(listing.body).toEqual({
      prefix: 'ejercicios',
      files: [
        {
          file_key: answer.file_key,
          file_name: name,
          size: bytes.length,
          content_type: 'application/pdf',
          last_modified: expect.stringMatching(ISO),
        },
      ],
    });

    const link = await post(t(), me, 'download-url', { file_key: answer.file_key }).expect(200);
    expect(link.body).toEqual({ download_url: expect.any(String), filename: name });
    const got = await downloadBytes(t(), link.body.download_url);
    expect(sha256(got.body)).toBe(sha256(bytes));
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);

    const viaPath = await api(t())
      .get(`${STORAGE}/files/${filesPath(answer.file_key)}`)
      .set(bearer(me.token))
      .expect(200);
    expect(viaPath.body).toEqual({ download_url: expect.any(String), filename: name });
    expect(sha256((await downloadBytes(t(), viaPath.body.download_url)).body)).toBe(sha256(bytes));
  });

  it('a PUT of more or fewer bytes than declared stores nothing; the exact one does', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const bytes = videoBytesOf(1000);
    const answer = await presign(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'sesion.mp4',
      content_type: 'video/mp4',
      file_size: 1000,
    });
    const longer = await send(t(), answer.upload_url, { method: 'PUT', body: bytesOf(1001), headers: answer.headers });
    const shorter = await send(t(), answer.upload_url, { method: 'PUT', body: bytesOf(999), headers: answer.headers });
    if (driver === 'local') {
      expectProblem(longer, 413, MSG.storage.sizeMismatch, 'TOO_LARGE');
      expectProblem(shorter, 400, MSG.storage.sizeMismatch, 'VALIDATION');
    } else {
      // S3 signs Content-Length: the store refuses another length.
      expect([longer.status, shorter.status]).toEqual([403, 403]);
      expect(longer.body.toString()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    if (driver === 'local') {
      // A PUT cut off mid-body stores nothing either (s3rver, unlike S3, would keep the partial object).
      await interruptedPut(t(), answer.upload_url, 1000, bytes.subarray(0, 400), answer.headers);
    }
    expect(await t().exists(answer.file_key)).toBe(false);
    // Nothing whole was stored: a session cannot take it yet.
    expectProblem(await postSession(me, sessionPayload(patientId, { video_url: answer.file_key }), t()), 409, MSG.storage.uploadUnfinished);

    expect((await send(t(), answer.upload_url, { method: 'PUT', body: bytes, headers: answer.headers })).status).toBe(200);
    expect(await t().exists(answer.file_key)).toBe(true);
    const session = await postSession(me, sessionPayload(patientId, { video_url: answer.file_key }), t()).expect(201);
    expect(session.body.video_url).toBe(answer.file_key);
  });

  // As S3 (the type is a signed header), the local driver compares the PUT's Content-Type with the signed one.
  it('a PUT with another Content-Type than the signed one is refused', async () => {
    const me = await therapist();
    const answer = await presign(t(), me, { custom_path: 'ejercicios', file_name: 'foto.png', content_type: 'image/png', file_size: 100 });
    const res = await send(t(), answer.upload_url, { method: 'PUT', body: bytesOf(100), headers: { 'Content-Type': 'application/pdf' } });
    expect(res.status).toBe(403);
    expect(await t().exists(answer.file_key)).toBe(false);
  });

  it('an object of another size than declared (a store that ignored the signed length) is refused when attached, and deleted', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const answer = await presign(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'sesion.mp4',
      content_type: 'video/mp4',
      file_size: 1000,
    });
    await t().putRaw(answer.file_key, bytesOf(1500));
    expectProblem(
      await postSession(me, sessionPayload(patientId, { video_url: answer.file_key }), t()),
      413,
      MSG.storage.sizeMismatch,
      'TOO_LARGE',
    );
    expect(await t().exists(answer.file_key)).toBe(false);
    expect(await storedRow(t(), answer.file_key)).toBeUndefined();
  });

  it('a signed upload stores its file once: used again after a session took the file, it is refused and the file stays as taken', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const bytes = videoBytesOf(4096);
    const answer = await presign(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'sesion.mp4',
      content_type: 'video/mp4',
      file_size: bytes.length,
    });
    expect((await send(t(), answer.upload_url, { method: 'PUT', body: bytes, headers: answer.headers })).status).toBe(200);
    const session = (await postSession(me, sessionPayload(patientId, { video_url: answer.file_key }), t()).expect(201)).body as {
      id: string;
    };
    // Taken by a record, the file is sealed: the object's ETag and size as they were then.
    expect(await storedRow(t(), answer.file_key)).toMatchObject({
      sealed_etag: expect.stringMatching(/.+/),
      sealed_size: String(bytes.length),
    });

    const replay = await send(t(), answer.upload_url, { method: 'PUT', body: bytesOf(bytes.length), headers: answer.headers });
    if (driver === 'local') {
      expectProblem(replay, 409, MSG.storage.alreadyUploaded, 'ALREADY_EXISTS');
    } else {
      // The signed If-None-Match: * makes it a conditional write, which the store refuses over an existing object.
      expect(replay.status).toBe(412);
      expect(replay.body.toString()).toContain('<Code>PreconditionFailed</Code>');
    }
    const link = await api(t()).get(`${API}/sesiones/${session.id}/download-video`).set(bearer(me.token)).expect(200);
    expect(sha256((await downloadBytes(t(), link.body.download_url)).body)).toBe(sha256(bytes));

    // A multipart upload's part URL is dead once the upload is complete.
    const up = await initiate(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'larga.mp4',
      content_type: 'video/mp4',
      file_size: 100,
    });
    const url = await partUrl(t(), me, up, 1);
    const whole = bytesOf(100);
    const part = await putPart(t(), url, 1, whole);
    await post(t(), me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts: [part] }).expect(200);
    const late = await send(t(), url, { method: 'PUT', body: bytesOf(100) });
    expect(late.status).toBe(404);
    const download = await post(t(), me, 'download-url', { file_key: up.file_key }).expect(200);
    expect(sha256((await downloadBytes(t(), download.body.download_url)).body)).toBe(sha256(whole));
  });

  it('a file rewritten behind the app after a record took it is not used again: downloads and other records refuse it (409 FILE_CHANGED)', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const bytes = videoBytesOf(4096);
    const key = await uploadFile(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'sesion.mp4',
      content_type: 'video/mp4',
      bytes,
    });
    const draft = await createDraft(me, patientId, { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key } }, t());
    const sealed = await storedRow(t(), key);
    expect(sealed).toMatchObject({ sealed_etag: expect.stringMatching(/.+/), sealed_size: String(bytes.length) });
    // Unchanged, it is used as before: downloaded, and taken by the session saved from the draft (the seal stays).
    expect(
      sha256((await downloadBytes(t(), (await post(t(), me, 'download-url', { file_key: key }).expect(200)).body.download_url)).body),
    ).toBe(sha256(bytes));
    const session = (await postSession(me, sessionPayload(patientId, { video_url: key, draft_id: draft.id }), t()).expect(201)).body as {
      id: string;
    };
    expect(await storedRow(t(), key)).toMatchObject({ sealed_etag: sealed!.sealed_etag });

    // Other bytes of the same length at the key (a store that ignored the signed conditions, or a write around the app).
    await t().putRaw(key, bytesOf(bytes.length));
    const refusals = [
      await post(t(), me, 'download-url', { file_key: key }),
      await api(t())
        .get(`${STORAGE}/files/${filesPath(key)}`)
        .set(bearer(me.token)),
      await api(t()).get(`${API}/sesiones/${session.id}/download-video`).set(bearer(me.token)),
      await api(t())
        .post(DRAFTS)
        .set(bearer(me.token))
        .send({ paciente_id: patientId, tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key } }),
      await postSession(me, sessionPayload(patientId, { video_url: key }), t()),
    ];
    for (const res of refusals) expectProblem(res, 409, MSG.storage.fileChanged, 'FILE_CHANGED');
    expect(await storedRow(t(), key)).toMatchObject({ sealed_etag: sealed!.sealed_etag, sealed_size: String(bytes.length) });
  });

  it("a session video goes under its patient, who must be the caller's", async () => {
    const me = await therapist();
    const other = await therapist();
    const mine = await patientOf(me);
    const theirs = await patientOf(other);
    const answer = await presign(t(), me, {
      custom_path: `sesiones/${mine}`,
      file_name: 'Sesión 1.mp4',
      content_type: 'video/mp4',
      file_size: 10,
    });
    expect(answer.file_key).toMatch(keyPattern(me, `sesiones/${mine}`, 'Sesión 1.mp4'));
    expect(await storedRow(t(), answer.file_key)).toMatchObject({ kind: 'video' });
    for (const customPath of [
      `sesiones/${theirs}`,
      `files/${me.id}/sesiones/${theirs}`,
      `sesiones/${MISSING_ID}`,
      'sesiones/no-es-un-id',
      'sesiones',
    ]) {
      for (const route of ['presigned-upload-url', 'initiate-multipart-upload']) {
        const res = await post(t(), me, route, { custom_path: customPath, file_name: 'v.mp4', content_type: 'video/mp4', file_size: 10 });
        expectProblem(res, 404, MSG.patients.notFound, 'NOT_FOUND');
      }
    }
    const proxied = await proxyUpload(t(), me, {
      custom_path: `sesiones/${theirs}`,
      file_name: 'v.mp4',
      content_type: 'video/mp4',
      bytes: bytesOf(10),
    });
    expectProblem(proxied, 404, MSG.patients.notFound, 'NOT_FOUND');
  });

  it("custom_path always lands inside the caller's own space; '..' is refused", async () => {
    const me = await therapist();
    const other = await therapist();
    const keyFor = async (customPath: string, fileName = 'a.pdf') =>
      (await presign(t(), me, { custom_path: customPath, file_name: fileName, content_type: 'application/pdf', file_size: 10 })).file_key;
    const dir = (key: string) => key.split('/').slice(0, -1).join('/');
    expect(dir(await keyFor('ejercicios/semana 1'))).toBe(`files/${me.id}/ejercicios/semana_1`);
    expect(dir(await keyFor(`files/${me.id}/ejercicios`))).toBe(`files/${me.id}/ejercicios`);
    expect(dir(await keyFor(`/files/${other.id}/ejercicios`))).toBe(`files/${me.id}/files/${other.id}/ejercicios`);
    expect(dir(await keyFor('//ejercicios/./tarea/'))).toBe(`files/${me.id}/ejercicios/tarea`);
    expect(dir(await keyFor(''))).toBe(`files/${me.id}`);
    expect(dir(await keyFor('a/b/c/d/e'))).toBe(`files/${me.id}/a/b/c/d/e`);
    // A file name cannot climb out either: it is one segment.
    const traversal = await keyFor('ejercicios', '../../../etc/passwd.pdf');
    expect(dir(traversal)).toBe(`files/${me.id}/ejercicios`);
    expect(traversal.split('/')).not.toContain('..');
    for (const customPath of ['..', 'ejercicios/../../otro', `../${other.id}/ejercicios`, 'a\\..\\b', 'a/b/c/d/e/f']) {
      const res = await post(t(), me, 'presigned-upload-url', {
        custom_path: customPath,
        file_name: 'a.pdf',
        content_type: 'application/pdf',
        file_size: 10,
      });
      expectProblem(res, 400, MSG.storage.customPath, 'VALIDATION');
      expectProblem(
        await proxyUpload(t(), me, { custom_path: customPath, file_name: 'a.pdf', content_type: 'application/pdf', bytes: bytesOf(10) }),
        400,
        MSG.storage.customPath,
      );
    }
  });

  it("each kind's types and sizes, with the spec's messages, checked before anything is stored", async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const video = `sesiones/${patientId}`;
    const before = await countRows(me);
    const refused: [string, Record<string, unknown>, number, string][] = [
      [
        'a PDF as a session video',
        { custom_path: video, file_name: 'a.pdf', content_type: 'application/pdf', file_size: 10 },
        400,
        MSG.storage.videoType,
      ],
      [
        'an unknown type with a .txt name as a video',
        { custom_path: video, file_name: 'clip.txt', content_type: 'application/octet-stream', file_size: 10 },
        400,
        MSG.storage.videoType,
      ],
      [
        'a video over 10 GB',
        { custom_path: video, file_name: 'a.mp4', content_type: 'video/mp4', file_size: 10 * GiB + 1 },
        413,
        MSG.storage.videoTooLarge,
      ],
      [
        'text as an exercise file',
        { custom_path: 'ejercicios', file_name: 'a.txt', content_type: 'text/plain', file_size: 10 },
        400,
        MSG.storage.fileType,
      ],
      [
        'SVG as an exercise file',
        { custom_path: 'ejercicios', file_name: 'a.svg', content_type: 'image/svg+xml', file_size: 10 },
        400,
        MSG.storage.fileType,
      ],
      ['a .exe with no type', { custom_path: 'ejercicios', file_name: 'a.exe', file_size: 10 }, 400, MSG.storage.fileType],
      [
        'an exercise file over 500 MB',
        { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: 500 * MiB + 1 },
        413,
        MSG.storage.fileTooLarge,
      ],
    ];
    for (const [what, body, status, detail] of refused) {
      for (const route of ['presigned-upload-url', 'initiate-multipart-upload']) {
        const res = await post(t(), me, route, body);
        if (res.status !== status) throw new Error(`${what} (${route}): ${res.status} ${res.text}`);
        expectProblem(res, status, detail, status === 413 ? 'TOO_LARGE' : 'VALIDATION');
      }
    }
    expect(await countRows(me)).toBe(before);

    const accepted: [Record<string, unknown>, string][] = [
      [{ custom_path: video, file_name: 'a.mp4', content_type: 'video/mp4', file_size: 10 * GiB }, 'video/mp4'],
      [{ custom_path: video, file_name: 'clip.MOV', content_type: 'application/octet-stream', file_size: 10 }, 'video/quicktime'],
      [{ custom_path: video, file_name: 'clip.wmv', content_type: '', file_size: 10 }, 'video/x-ms-wmv'],
      [{ custom_path: video, file_name: 'clip.avi', file_type: 'video/x-msvideo', file_size: 10 }, 'video/x-msvideo'],
      [{ custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: 500 * MiB }, 'application/pdf'],
      [{ custom_path: 'ejercicios', file_name: 'a.png', file_type: 'image/png', file_size: 10 }, 'image/png'],
      [{ custom_path: 'ejercicios', file_name: 'a.mp3', content_type: 'audio/mpeg', file_size: 10 }, 'audio/mpeg'],
      [
        { custom_path: 'ejercicios', file_name: 'a.docx', file_size: 10 },
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [{ custom_path: 'ejercicios', file_name: 'a.mp4', content_type: 'video/mp4', file_size: 10 }, 'video/mp4'],
    ];
    for (const [body, type] of accepted) {
      const res = await post(t(), me, 'presigned-upload-url', body);
      if (res.status !== 200) throw new Error(`${JSON.stringify(body)}: ${res.status} ${res.text}`);
      expect(res.body.headers).toEqual(signedHeaders(type));
      expect(await storedRow(t(), res.body.file_key)).toMatchObject({ content_type: type, declared_size: String(body.file_size) });
    }
    // Multipart without a declared size: the size rule waits for the completion.
    await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' });
  });

  it('malformed upload requests are 400 with a Spanish detail, never 500', async () => {
    const me = await therapist();
    const base = { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: 10 };
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ ...base, file_size: 0 }, MSG.storage.fileSize],
      [{ ...base, file_size: -5 }, MSG.storage.fileSize],
      [{ ...base, file_size: 1.5 }, MSG.storage.fileSize],
      [{ ...base, file_size: '10' }, MSG.storage.fileSize],
      [{ ...base, file_size: null }, MSG.storage.fileSize],
      [{ ...base, file_size: 2 ** 60 }, MSG.storage.fileSize],
      [{ ...base, file_size: undefined }, MSG.storage.fileSize],
      [{ ...base, file_name: '' }, MSG.storage.fileName],
      [{ ...base, file_name: '   ' }, MSG.storage.fileName],
      [{ ...base, file_name: `${'a'.repeat(197)}.pdf` }, MSG.storage.fileName],
      [{ ...base, file_name: 42 }, MSG.storage.fileName],
      [{ ...base, file_name: undefined }, MSG.storage.fileName],
      [{ ...base, custom_path: 'x'.repeat(STORAGE_LIMITS.customPathMax + 1) }, undefined],
      [{ ...base, custom_path: ['ejercicios'] }, undefined],
      [{ ...base, content_type: 42 }, undefined],
    ];
    for (const [body, detail] of cases) {
      const res = await post(t(), me, 'presigned-upload-url', body);
      if (res.status !== 400) throw new Error(`${JSON.stringify(body).slice(0, 200)}: ${res.status} ${res.text}`);
      expectProblem(res, 400, detail);
      if (body.file_size === undefined || body.file_size === null) continue; // optional when starting a multipart upload
      expectProblem(await post(t(), me, 'initiate-multipart-upload', body), 400, detail);
    }
    for (const body of [[], 'texto', 42, null]) {
      const res = await api(t())
        .post(`${STORAGE}/presigned-upload-url`)
        .set(bearer(me.token))
        .set('content-type', 'application/json')
        .send(JSON.stringify(body));
      expect(res.status).toBe(400);
      expectProblem(res, 400);
    }
    const broken = await api(t())
      .post(`${STORAGE}/presigned-upload-url`)
      .set(bearer(me.token))
      .set('content-type', 'application/json')
      .send('{"file_name": ');
    expectProblem(broken, 400, MSG.common.invalidJson);
  });

  it('a multipart upload interrupted mid-part resumes from the parts the store holds (list-parts), then completes', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const bytes = videoBytesOf(11 * MiB);
    const name = 'Sesión larga.mp4';
    const up = await initiate(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: name,
      content_type: 'video/mp4',
      file_size: bytes.length,
    });
    expect(up).toEqual({
      upload_id: expect.any(String),
      file_key: expect.stringMatching(keyPattern(me, `sesiones/${patientId}`, name)),
      part_size: PART,
    });
    expect(t().uploadExists(up.upload_id)).toBe(true);
    expect(await storedRow(t(), up.file_key)).toMatchObject({ upload_id: up.upload_id, kind: 'video' });

    const chunks = partsOf(bytes);
    expect(chunks.map((c) => c.length)).toEqual([PART, PART, MiB]);
    const urls = [await partUrl(t(), me, up, 1), await partUrl(t(), me, up, 2), await partUrl(t(), me, up, 3)];
    const p1 = await putPart(t(), urls[0], 1, chunks[0]);
    const p2 = await putPart(t(), urls[1], 2, chunks[1]);
    await interruptedPut(t(), urls[2], chunks[2].length, chunks[2].subarray(0, 256 * 1024));

    // Unfinished: not attachable, not downloadable, not listed.
    expectProblem(
      await postSession(me, sessionPayload(patientId, { video_url: up.file_key }), t()),
      409,
      MSG.storage.uploadUnfinished,
      'CONFLICT',
    );
    expectProblem(await post(t(), me, 'download-url', { file_key: up.file_key }), 404, MSG.storage.notFound);
    const listing = await api(t()).get(`${STORAGE}/bucket-contents`).set(bearer(me.token)).expect(200);
    expect(listing.body.files).toEqual([]);

    // The page resumes: asks which parts are stored and sends the rest (the same part URL is still valid).
    const listed = await post(t(), me, 'list-parts', { upload_id: up.upload_id, file_key: up.file_key }).expect(200);
    expect(listed.body).toEqual({
      parts: [
        { PartNumber: 1, ETag: p1.ETag, Size: PART },
        { PartNumber: 2, ETag: p2.ETag, Size: PART },
      ],
    });
    const p3 = await putPart(t(), urls[2], 3, chunks[2]);
    const done = await post(t(), me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts: [p1, p2, p3] });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, file_key: up.file_key, size: bytes.length });
    expect(t().uploadExists(up.upload_id)).toBe(false);
    expect(await storedRow(t(), up.file_key)).toMatchObject({ upload_id: null });

    const link = await post(t(), me, 'download-url', { file_key: up.file_key }).expect(200);
    expect(link.body.filename).toBe(name);
    expect(sha256((await downloadBytes(t(), link.body.download_url)).body)).toBe(sha256(bytes));
    expectProblem(await post(t(), me, 'list-parts', { upload_id: up.upload_id, file_key: up.file_key }), 404, MSG.storage.uploadNotFound);
    expect((await postSession(me, sessionPayload(patientId, { video_url: up.file_key }), t()).expect(201)).body.video_url).toBe(
      up.file_key,
    );
  });

  // S3 itself accepts gaps in the part numbers: the app checks them, whatever the driver.
  it('completion refuses parts that do not start at 1 or leave gaps', async () => {
    const me = await therapist();
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'audio.mp3', content_type: 'audio/mpeg' });
    const p1 = await putPart(t(), await partUrl(t(), me, up, 1), 1, bytesOf(PART));
    const p3 = await putPart(t(), await partUrl(t(), me, up, 3), 3, bytesOf(1000));
    for (const parts of [[p1, p3], [p3]]) {
      expectProblem(
        await post(t(), me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts }),
        400,
        MSG.storage.parts,
        'VALIDATION',
      );
    }
    expect(await t().exists(up.file_key)).toBe(false);
    expect(t().uploadExists(up.upload_id)).toBe(true);
  });

  it('completion refuses a wrong ETag or a malformed list, part numbers are checked; the upload stays resumable', async () => {
    const me = await therapist();
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'audio.mp3', content_type: 'audio/mpeg' });
    const p1 = await putPart(t(), await partUrl(t(), me, up, 1), 1, bytesOf(PART));
    const ref = { upload_id: up.upload_id, file_key: up.file_key };
    for (const parts of [
      [{ PartNumber: 1, ETag: '"00000000000000000000000000000000"' }],
      [],
      'x',
      [{ PartNumber: 1 }],
      [{ PartNumber: 0, ETag: p1.ETag }],
      [{ ETag: p1.ETag }],
      null,
    ]) {
      const res = await post(t(), me, 'complete-multipart-upload', { ...ref, parts });
      if (res.status !== 400) throw new Error(`${JSON.stringify(parts)}: ${res.status} ${res.text}`);
      expectProblem(res, 400, MSG.storage.parts, 'VALIDATION');
    }
    for (const partNumber of [0, 10_001, 1.5, '2', null, -1]) {
      expectProblem(
        await post(t(), me, 'presigned-part-url', { ...ref, part_number: partNumber }),
        400,
        MSG.storage.partNumber,
        'VALIDATION',
      );
    }
    const p2 = await putPart(t(), await partUrl(t(), me, up, 2), 2, bytesOf(10));
    const done = await post(t(), me, 'complete-multipart-upload', { ...ref, parts: [p2, p1] }).expect(200);
    expect(done.body).toEqual({ success: true, file_key: up.file_key, size: PART + 10 });
  });

  // S3 itself accepts parts over 5 MiB: the app checks the stored sizes, whatever the driver.
  it('every part but the last has the part size', async () => {
    const me = await therapist();
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'audio.mp3', content_type: 'audio/mpeg' });
    const ref = { upload_id: up.upload_id, file_key: up.file_key };
    const url1 = await partUrl(t(), me, up, 1);
    const big = await send(t(), url1, { method: 'PUT', body: bytesOf(PART + 1) });
    if (driver === 'local') {
      // The local driver writes each part at its offset: one byte past the part size ends the PUT.
      expectProblem(big, 413, MSG.storage.partTooLarge, 'TOO_LARGE');
    } else {
      // S3 stores parts of any size: the completion must refuse them.
      expect(big.status).toBe(200);
      const p2 = await putPart(t(), await partUrl(t(), me, up, 2), 2, bytesOf(10));
      const res = await post(t(), me, 'complete-multipart-upload', {
        ...ref,
        parts: [{ PartNumber: 1, ETag: big.headers.get('etag') }, p2],
      });
      expectProblem(res, 400, MSG.storage.parts, 'VALIDATION');
    }
    // A short part that is not the last is refused at completion by both.
    const small = await putPart(t(), url1, 1, bytesOf(PART - 1));
    const last = await putPart(t(), await partUrl(t(), me, up, 2), 2, bytesOf(10));
    expectProblem(await post(t(), me, 'complete-multipart-upload', { ...ref, parts: [small, last] }), 400, MSG.storage.parts, 'VALIDATION');
    expect(await t().exists(up.file_key)).toBe(false);
  });

  it('abort drops the upload and its parts; the upload id is then unknown everywhere', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const up = await initiate(t(), me, { custom_path: `sesiones/${patientId}`, file_name: 'cancelado.mp4', content_type: 'video/mp4' });
    const ref = { upload_id: up.upload_id, file_key: up.file_key };
    const url1 = await partUrl(t(), me, up, 1);
    const p1 = await putPart(t(), url1, 1, bytesOf(PART));
    expect(t().uploadExists(up.upload_id)).toBe(true);

    expect((await post(t(), me, 'abort-multipart-upload', ref).expect(200)).body).toEqual({ success: true });
    expect(t().uploadExists(up.upload_id)).toBe(false);
    expect(await storedRow(t(), up.file_key)).toBeUndefined();
    expect(await t().exists(up.file_key)).toBe(false);
    for (const [route, body] of [
      ['list-parts', ref],
      ['presigned-part-url', { ...ref, part_number: 2 }],
      ['complete-multipart-upload', { ...ref, parts: [p1] }],
      ['abort-multipart-upload', ref],
    ] as const) {
      const res = await post(t(), me, route, body);
      expect(res.status).toBe(404);
      expectProblem(res, 404);
    }
    // The part URL handed out before is dead too.
    const late = await send(t(), url1, { method: 'PUT', body: bytesOf(10) });
    expect(late.status).toBe(404);
    expect(t().uploadExists(up.upload_id)).toBe(false);
    expectProblem(await postSession(me, sessionPayload(patientId, { video_url: up.file_key }), t()), 404, MSG.storage.notFound);
  });

  it('parts are signed only as far as the declared size needs (without one, the kind limit): 10 GB is 2,048 parts', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const cases: [Record<string, unknown>, number][] = [
      [{ custom_path: `sesiones/${patientId}`, file_name: 'v.mp4', content_type: 'video/mp4' }, STORAGE_LIMITS.videoMaxBytes / PART],
      [{ custom_path: `sesiones/${patientId}`, file_name: 'v.mp4', content_type: 'video/mp4', file_size: 3 * PART + 1 }, 4],
      [{ custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' }, STORAGE_LIMITS.exerciseFileMaxBytes / PART],
      [{ custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: PART }, 1],
    ];
    expect(cases.map(([, last]) => last)).toEqual([2048, 4, 100, 1]);
    for (const [body, last] of cases) {
      const up = await initiate(t(), me, body);
      expect(await storedRow(t(), up.file_key)).toMatchObject({
        declared_size: body.file_size === undefined ? null : String(body.file_size),
      });
      expect(typeof (await partUrl(t(), me, up, last))).toBe('string');
      const past = await post(t(), me, 'presigned-part-url', { upload_id: up.upload_id, file_key: up.file_key, part_number: last + 1 });
      expectProblem(past, 400, MSG.storage.partBeyondSize, 'VALIDATION');
      await post(t(), me, 'abort-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key }).expect(200);
    }
  });

  it('each part of a declared upload takes exactly its share of the declared size: a longer or shorter body is refused, and the upload completes at that size', async () => {
    const me = await therapist();
    const up = await initiate(t(), me, {
      custom_path: 'ejercicios',
      file_name: 'audio.mp3',
      content_type: 'audio/mpeg',
      file_size: PART + 10,
    });
    const [first, last] = [await partUrl(t(), me, up, 1), await partUrl(t(), me, up, 2)];
    const longer = await send(t(), last, { method: 'PUT', body: bytesOf(11) });
    const shorter = await send(t(), last, { method: 'PUT', body: bytesOf(9) });
    if (driver === 'local') {
      expectProblem(longer, 413, MSG.storage.partTooLarge, 'TOO_LARGE');
      expectProblem(shorter, 400, MSG.storage.sizeMismatch, 'VALIDATION');
    } else {
      // The part URL signs Content-Length: the store refuses another length.
      expect(new URL(last, 'http://store').searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
      expect([longer.status, shorter.status]).toEqual([403, 403]);
      expect(longer.body.toString()).toContain('<Code>SignatureDoesNotMatch</Code>');
    }
    expect((await post(t(), me, 'list-parts', { upload_id: up.upload_id, file_key: up.file_key }).expect(200)).body).toEqual({ parts: [] });

    const parts = [await putPart(t(), first, 1, bytesOf(PART)), await putPart(t(), last, 2, bytesOf(10))];
    await post(t(), me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts }).expect(200);
    expect(await storedRow(t(), up.file_key)).toMatchObject({ upload_id: null, declared_size: String(PART + 10) });
  });

  it(`a therapist keeps at most ${STORAGE_LIMITS.maxOpenUploads} multipart uploads open: the next is 409 until one is finished or cancelled`, async () => {
    const me = await therapist();
    const body = { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf', file_size: 100 };
    const open = await mapLimit(
      Array.from({ length: STORAGE_LIMITS.maxOpenUploads }, (_, i) => i),
      4,
      () => initiate(t(), me, body),
    );
    expectProblem(await post(t(), me, 'initiate-multipart-upload', body), 409, MSG.storage.tooManyUploads, 'TOO_MANY_UPLOADS');
    // Another therapist is not held back; nor are this one's single-PUT uploads.
    await initiate(t(), await therapist(), body);
    await presign(t(), me, body);

    await post(t(), me, 'abort-multipart-upload', { upload_id: open[0].upload_id, file_key: open[0].file_key }).expect(200);
    const again = await initiate(t(), me, body);
    expectProblem(await post(t(), me, 'initiate-multipart-upload', body), 409, MSG.storage.tooManyUploads);
    const part = await putPart(t(), await partUrl(t(), me, again, 1), 1, bytesOf(100));
    await post(t(), me, 'complete-multipart-upload', { upload_id: again.upload_id, file_key: again.file_key, parts: [part] }).expect(200);
    await initiate(t(), me, body);
  });

  it('a completed upload past its kind limit (exercise, 500 MB) is refused with 413 and deleted, parts and all', async () => {
    const me = await therapist();
    // Not declared: the kind's limit is 100 parts, and the 100th may not take it past 500 MB either.
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'enorme.mp4', content_type: 'video/mp4' });
    const count = STORAGE_LIMITS.exerciseFileMaxBytes / PART;
    expectProblem(
      await post(t(), me, 'presigned-part-url', { upload_id: up.upload_id, file_key: up.file_key, part_number: count + 1 }),
      400,
      MSG.storage.partBeyondSize,
    );
    const lastUrl = await partUrl(t(), me, up, count);
    if (driver === 'local') {
      // Each part is held to the part size as it arrives: the store never holds more than the limit.
      expectProblem(await send(t(), lastUrl, { method: 'PUT', body: bytesOf(PART + 1) }), 413, MSG.storage.partTooLarge, 'TOO_LARGE');
      return;
    }
    // S3 stores a last part of any size: 99 full parts and a 100th one byte over reach 500 MB + 1, which completion refuses.
    const full = bytesOf(PART);
    const numbers = Array.from({ length: count }, (_, i) => i + 1);
    const urls = await mapLimit(numbers, 4, (n) => partUrl(t(), me, up, n));
    const parts = await mapLimit(numbers, 4, (n) => putPart(t(), urls[n - 1], n, n < count ? full : bytesOf(PART + 1)));
    const res = await post(t(), me, 'complete-multipart-upload', { upload_id: up.upload_id, file_key: up.file_key, parts });
    expectProblem(res, 413, MSG.storage.fileTooLarge, 'TOO_LARGE');
    expect(t().uploadExists(up.upload_id)).toBe(false);
    expect(await t().exists(up.file_key)).toBe(false);
    expect(await storedRow(t(), up.file_key)).toBeUndefined();
  }, 60_000);

  it('proxy upload streams a form file into the store under the same rules', async () => {
    const me = await therapist();
    const patientId = await patientOf(me);
    const bytes = bytesOf(300 * 1024);
    const res = await proxyUpload(t(), me, {
      custom_path: 'ejercicios',
      file_name: 'Audio relajación.mp3',
      content_type: 'audio/mpeg',
      bytes,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      file_key: expect.stringMatching(keyPattern(me, 'ejercicios', 'Audio relajación.mp3')),
      file_url: res.body.file_key,
      file_name: 'Audio relajación.mp3',
      size: bytes.length,
      error: null,
    });
    expect(await storedRow(t(), res.body.file_key)).toMatchObject({ kind: 'exercise', content_type: 'audio/mpeg', upload_id: null });
    const link = await post(t(), me, 'download-url', { file_key: res.body.file_key }).expect(200);
    expect(sha256((await downloadBytes(t(), link.body.download_url)).body)).toBe(sha256(bytes));

    // A session video through the proxy, then taken by a session.
    const video = await proxyUpload(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'grabación.mov',
      content_type: 'application/octet-stream',
      bytes: videoBytesOf(2048),
    });
    expect(video.status).toBe(200);
    expect(video.body.file_key).toMatch(keyPattern(me, `sesiones/${patientId}`, 'grabación.mov'));
    expect(await storedRow(t(), video.body.file_key)).toMatchObject({ kind: 'video', content_type: 'video/quicktime' });
    await postSession(me, sessionPayload(patientId, { video_url: video.body.file_key }), t()).expect(201);

    const before = await countRows(me);
    expectProblem(
      await proxyUpload(t(), me, { custom_path: 'ejercicios', file_name: 'notas.txt', content_type: 'text/plain', bytes: bytesOf(10) }),
      400,
      MSG.storage.fileType,
      'VALIDATION',
    );
    expectProblem(
      await proxyUpload(t(), me, {
        custom_path: `sesiones/${patientId}`,
        file_name: 'a.pdf',
        content_type: 'application/pdf',
        bytes: bytesOf(10),
      }),
      400,
      MSG.storage.videoType,
    );
    const noFile = await api(t()).post(`${STORAGE}/proxy-upload`).set(bearer(me.token)).field('custom_path', 'ejercicios');
    expectProblem(noFile, 400, MSG.storage.noFile);
    const notAForm = await api(t()).post(`${STORAGE}/proxy-upload`).set(bearer(me.token)).send({ custom_path: 'ejercicios' });
    expectProblem(notAForm, 400, MSG.storage.noFile);
    expect(await countRows(me)).toBe(before);
  });

  it('proxy upload stops at the first byte past the kind limit (413) and keeps nothing', async () => {
    const me = await therapist();
    const before = await countRows(me);
    const res = await streamProxyUpload(t(), me, 'ejercicios', 'enorme.pdf', 'application/pdf', STORAGE_LIMITS.exerciseFileMaxBytes + 1);
    expectProblem(res, 413, MSG.storage.fileTooLarge, 'TOO_LARGE');
    expect(await countRows(me)).toBe(before);
    const listing = await api(t()).get(`${STORAGE}/bucket-contents`).set(bearer(me.token)).expect(200);
    expect(listing.body.files).toEqual([]);
  }, 60_000);

  it("bucket-contents lists only the caller's own files, under a prefix relative to their space", async () => {
    const me = await therapist();
    const other = await therapist();
    const mine = await uploadExercise(t(), me, bytesOf(100), 'mío.pdf');
    const nested = await uploadFile(t(), me, {
      custom_path: 'ejercicios/semana',
      file_name: 'b.png',
      content_type: 'image/png',
      bytes: bytesOf(50),
    });
    const theirs = await uploadExercise(t(), other, bytesOf(100), 'ajeno.pdf');
    const list = async (prefix?: string) =>
      (
        await api(t())
          .get(`${STORAGE}/bucket-contents${prefix === undefined ? '' : `?prefix=${encodeURIComponent(prefix)}`}`)
          .set(bearer(me.token))
          .expect(200)
      ).body;
    const keys = (answer: { files: { file_key: string }[] }) => answer.files.map((f) => f.file_key).sort();
    expect(keys(await list())).toEqual([mine, nested].sort());
    expect(keys(await list('ejercicios/semana/'))).toEqual([nested]);
    expect((await list('ejercicios/semana/')).prefix).toBe('ejercicios/semana/');
    expect(keys(await list(`files/${other.id}/`))).toEqual([]);
    expect(keys(await list(`files/${me.id}/ejercicios/semana/`))).toEqual([nested]);
    expectProblem(
      await api(t()).get(`${STORAGE}/bucket-contents?prefix=../${other.id}`).set(bearer(me.token)),
      400,
      MSG.storage.customPath,
    );
    const theirList = (await api(t()).get(`${STORAGE}/bucket-contents`).set(bearer(other.token)).expect(200)).body;
    expect(keys(theirList)).toEqual([theirs]);
  });

  it('delete-file deletes an own unused file at once; 409 while a session uses it; 404 for anyone else', async () => {
    const me = await therapist();
    const other = await therapist();
    const patientId = await patientOf(me);
    const unused = await uploadExercise(t(), me);
    expectProblem(
      await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(other.token)).send({ file_key: unused }),
      404,
      MSG.storage.notFound,
      'NOT_FOUND',
    );
    expect(await t().exists(unused)).toBe(true);
    const gone = await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(me.token)).send({ file_key: unused }).expect(200);
    expect(gone.body).toEqual({ success: true, file_key: unused });
    expect(await t().exists(unused)).toBe(false);
    expect(await storedRow(t(), unused)).toBeUndefined();
    expectProblem(await post(t(), me, 'download-url', { file_key: unused }), 404, MSG.storage.notFound);
    expectProblem(
      await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(me.token)).send({ file_key: unused }),
      404,
      MSG.storage.notFound,
    );

    const used = await uploadFile(t(), me, {
      custom_path: `sesiones/${patientId}`,
      file_name: 'v.mp4',
      content_type: 'video/mp4',
      bytes: videoBytesOf(100),
    });
    await postSession(me, sessionPayload(patientId, { video_url: used }), t()).expect(201);
    expectProblem(
      await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(me.token)).send({ file_key: used }),
      409,
      MSG.storage.inUse,
      'FILE_IN_USE',
    );
    expect(await t().exists(used)).toBe(true);

    // Deleting a multipart upload in progress aborts it.
    const up = await initiate(t(), me, { custom_path: 'ejercicios', file_name: 'a.pdf', content_type: 'application/pdf' });
    await putPart(t(), await partUrl(t(), me, up, 1), 1, bytesOf(100));
    await api(t()).delete(`${STORAGE}/delete-file`).set(bearer(me.token)).send({ file_key: up.file_key }).expect(200);
    expect(t().uploadExists(up.upload_id)).toBe(false);
    expect(await storedRow(t(), up.file_key)).toBeUndefined();
  });

  const countRows = async (who: Session): Promise<number> =>
    Number((await sql<{ n: string }>('select count(*) as n from stored_files where therapist_id = $1', [who.id], t()))[0].n);
});
