import { createHash } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Client } from 'pg';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, api, bearer, type AppTarget, type Session } from './api';
import { createDraft, createSession, signedInPatient } from './clinical';
import { S3_PEER_CREDENTIALS, type S3Peer } from './s3-peer';
import { uploadFile, uploadVideo, videoBytesOf, waitFor, type StorageTarget } from './storage';

/** What a backup archive holds, read with the system's `tar` (a reader independent of the one that wrote it). */
export interface Unpacked {
  header: { migration: string; source: { database: string; storage: string }; tables: { name: string; columns: string[] }[] };
  manifest: { tables: { name: string; rows: number }[]; files: { count: number; bytes: number }; gone: string[] };
  /** Each table's rows (COPY text lines), sorted; stored_files' seal shown only as sealed or not (each store tags its own way). */
  tables: Map<string, string[]>;
  /** Each stored file's SHA-256, by key. */
  files: Map<string, string>;
}

export function unpack(archive: string): Unpacked {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'consulta-unpacked-'));
  try {
    const tar = spawnSync('tar', ['-xf', archive, '-C', dir], { encoding: 'utf8' });
    if (tar.status !== 0) throw new Error(`tar -xf ${archive}: ${tar.stderr}`);
    const header = JSON.parse(readFileSync(path.join(dir, 'consulta-backup.json'), 'utf8')) as Unpacked['header'];
    const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Unpacked['manifest'];
    const tables = new Map<string, string[]>();
    for (const { name, columns } of header.tables) {
      const folder = path.join(dir, 'database', name);
      const pieces = statSafe(folder) ? readdirSync(folder).sort() : [];
      const lines = pieces.flatMap((piece) => readFileSync(path.join(folder, piece), 'utf8').split('\n').filter(Boolean));
      const seal = columns.indexOf('sealed_etag');
      tables.set(name, lines.map((line) => (name === 'stored_files' ? withoutTag(line, seal) : line)).sort());
    }
    const files = new Map<string, string>();
    const walk = (relative: string) => {
      for (const entry of readdirSync(path.join(dir, 'files', relative), { withFileTypes: true })) {
        const key = path.posix.join(relative, entry.name);
        if (entry.isDirectory()) walk(key);
        else
          files.set(
            key,
            createHash('sha256')
              .update(readFileSync(path.join(dir, 'files', key)))
              .digest('hex'),
          );
      }
    };
    if (statSafe(path.join(dir, 'files'))) walk('');
    return { header, manifest, tables, files };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const statSafe = (file: string) => {
  try {
    return statSync(file);
  } catch {
    return null;
  }
};

function withoutTag(line: string, column: number): string {
  const fields = line.split('\t');
  fields[column] = fields[column] === '\\N' ? 'unsealed' : 'sealed';
  return fields.join('\t');
}

/**
 * Every kind of record an installation keeps, made through the API as a practice makes it: a patient with their
 * consents and account, a session with a video and a transcript, a draft, an exercise with a file assigned and
 * completed by the patient, a ready export, and the access history all of that leaves.
 */
export async function populate(
  t: StorageTarget | AppTarget,
  therapist: Session,
): Promise<{ patientId: string; sessionId: string; videoKey: string }> {
  const as = bearer(therapist.token);
  const patient = await signedInPatient(therapist, t);
  const videoKey = await uploadVideo(t, therapist, patient.patientId, videoBytesOf(300_000));
  const session = await createSession(
    therapist,
    patient.patientId,
    { video_url: videoKey, transcripcion: 'Terapeuta: ¿Cómo fue la semana?\nPaciente: Mejor, respiré antes de dormir.' },
    t,
  );
  await createDraft(therapist, patient.patientId, { notas: 'Borrador de la próxima sesión' }, t);
  const fileKey = await uploadFile(t, therapist, {
    custom_path: 'ejercicios',
    file_name: 'Guía.pdf',
    content_type: 'application/pdf',
    bytes: Buffer.from('%PDF-1.4 guía de respiración'),
  });
  const exercise = await api(t)
    .post(`${API}/ejercicios/`)
    .set(as)
    .send({ titulo: 'Respiración 4-7-8', archivo_url: [fileKey], paciente_ids: [patient.patientId] })
    .expect(201);
  await api(t)
    .post(`${API}/paciente-ejercicios/pacientes/${patient.patientId}/ejercicios/${exercise.body.id}/completar`)
    .set(bearer(patient.token))
    .send({})
    .expect((res) => expect(res.status).toBeLessThan(300));
  const started = await api(t).post(`${API}/pacientes/exportaciones/${patient.patientId}`).set(as).expect(202);
  await waitFor(
    'the export is ready',
    async () => {
      const list = (await api(t).get(`${API}/pacientes/exportaciones/${patient.patientId}`).set(as).expect(200)).body as {
        id: string;
        estado: string;
      }[];
      return list.find((e) => e.id === started.body.id)?.estado === 'listo';
    },
    30_000,
  );
  await api(t).get(`${API}/pacientes/${patient.patientId}`).set(as).expect(200);
  return { patientId: patient.patientId, sessionId: session.id, videoKey };
}

/** Records sessions of `patientId` one after another until `stop` resolves; answers each one's notes and when it was answered. */
export async function writeUntil(
  t: Pick<AppTarget, 'appUrl'>,
  therapist: Session,
  patientId: string,
  stop: Promise<unknown>,
): Promise<{ note: string; answeredAt: number }[]> {
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const written: { note: string; answeredAt: number }[] = [];
  for (let i = 0; !stopped || written.length < 3; i += 1) {
    const note = `escritura concurrente ${i}`;
    await createSession(therapist, patientId, { notas: note }, t);
    written.push({ note, answeredAt: Date.now() });
  }
  return written;
}

/**
 * What a PostgreSQL + S3 installation holds: every table's row count and a digest of its rows, and every stored
 * object with its size and tag. Two equal states are the same installation, row for row and byte for byte.
 */
export async function serverInstallationState(databaseUrl: string, peer: S3Peer): Promise<{ tables: string[]; objects: string[] }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const tables: string[] = [];
  try {
    const names = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    for (const { name } of names.rows) {
      const [row] = (
        await client.query<{ n: number; digest: string }>(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
        )
      ).rows;
      tables.push(`${name}: ${row.n} rows ${row.digest}`);
    }
  } finally {
    await client.end();
  }
  const s3 = new S3Client({
    endpoint: peer.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_PEER_CREDENTIALS,
  });
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: peer.bucket }));
  s3.destroy();
  const objects = (listed.Contents ?? []).map((o) => `${o.Key} ${o.Size} ${o.ETag}`).sort();
  return { tables, objects };
}
