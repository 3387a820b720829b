import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@consulta/shared';
import type { Response } from 'supertest';
import { api, API, bearer, createPatient, therapistSession, type Session } from './support/api';
import { DRAFTS, createDraft, createSession, postSession, putDraft, sessionPayload } from './support/clinical';
import { inContainer, makeVideo } from './support/media';
import { DRIVERS, expectProblem, uploadVideo, withStorageTargets, type StorageTarget } from './support/storage';

/**
 * A session video is a video by its first bytes: a draft or a session takes an MP4, QuickTime, AVI or WMV file,
 * and refuses any other file uploaded as a video whatever its name and type say, such as a text HLS playlist named
 * `sesion.mp4` (ffmpeg, guessing, would fetch every URL and read every file it names).
 */
const targets = withStorageTargets('video_content');

const SESSIONS = `${API}/sesiones`;
const PLAYLIST = Buffer.from(
  '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://169.254.169.254/latest/meta-data/?x=.ts\n#EXTINF:10,\n/var/lib/consulta/storage/objects/otro.mp4\n#EXT-X-ENDLIST\n',
);

const dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-video-content-'));
const videos: Record<string, Buffer> = {};
beforeAll(async () => {
  const mp4 = await makeVideo(dir, 'speech', 1);
  videos['Sesión.mp4'] = readFileSync(mp4);
  for (const container of ['mov', 'avi', 'wmv'] as const) videos[`Sesión.${container}`] = readFileSync(await inContainer(mp4, container));
}, 30_000);

const refused = (res: Response) => expectProblem(res, 400, MSG.storage.notVideoContent, 'VALIDATION');

describe.each(DRIVERS)('session video contents (%s driver)', (driver) => {
  const t = (): StorageTarget => targets[driver];
  const therapistWithPatient = async (): Promise<{ me: Session; patientId: string }> => {
    const me = await therapistSession('Terapeuta de Videos', t());
    return { me, patientId: (await createPatient(me, {}, t())).id };
  };
  const get = async (who: Session, url: string) =>
    (await api(t()).get(url).set(bearer(who.token)).expect(200)).body as Record<string, unknown>;

  it('a text playlist uploaded as sesion.mp4 (video/mp4) is refused by a draft and by a session, which keep what they hold', async () => {
    const { me, patientId } = await therapistWithPatient();
    const video = await uploadVideo(t(), me, patientId, videos['Sesión.mp4']);
    const playlist = await uploadVideo(t(), me, patientId, PLAYLIST, 'sesion.mp4');

    refused(
      await api(t())
        .post(DRAFTS)
        .set(bearer(me.token))
        .send({ paciente_id: patientId, tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: playlist } }),
    );
    const draft = await createDraft(
      me,
      patientId,
      { tipo_sesion: 'psicoterapia', notas: 'Notas del borrador', archivo_video_info: { file_key: video } },
      t(),
    );
    refused(await putDraft(me, draft.id, { notas: 'Cambiadas', archivo_video_info: { file_key: playlist, video_url: playlist } }, t()));
    const keptDraft = await get(me, `${DRAFTS}/${draft.id}`);
    expect(keptDraft).toMatchObject({ notas: 'Notas del borrador', archivo_video_info: { file_key: video } });

    refused(await postSession(me, sessionPayload(patientId, { video_url: playlist }), t()));
    refused(await postSession(me, sessionPayload(patientId, { draft_id: draft.id, video_url: playlist }), t()));
    await get(me, `${DRAFTS}/${draft.id}`); // not finalized
    const session = await createSession(me, patientId, { video_url: video, notas: 'Notas de la sesión' }, t());
    for (const method of ['put', 'patch'] as const) {
      refused(await api(t())[method](`${SESSIONS}/${session.id}`).set(bearer(me.token)).send({ video_url: playlist, notas: 'Cambiadas' }));
    }
    expect(await get(me, `${SESSIONS}/${session.id}`)).toMatchObject({ video_url: video, notas: 'Notas de la sesión' });
    expect(await get(me, `${SESSIONS}/paciente/${patientId}`)).toHaveLength(1);
    // The refused upload stays in the store like any file no record took (the sweep removes it).
    expect(await t().exists(playlist)).toBe(true);
  });

  it('MP4, QuickTime, AVI and WMV files are taken by a draft and by a session', async () => {
    const { me, patientId } = await therapistWithPatient();
    for (const [name, bytes] of Object.entries(videos)) {
      const key = await uploadVideo(t(), me, patientId, bytes, name);
      const draft = await createDraft(me, patientId, { tipo_sesion: 'psicoterapia', archivo_video_info: { file_key: key } }, t());
      expect(draft.archivo_video_info.file_key).toBe(key);
      expect((await createSession(me, patientId, { video_url: key }, t())).video_url).toBe(key);
    }
  });
});
