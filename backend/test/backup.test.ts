import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { Client } from 'pg';
import path from 'node:path';
import { API, api, bearer, therapistSession, type Session } from './support/api';
import { populate, serverInstallationState, unpack, writeUntil, type Unpacked } from './support/backups';
import { CraftedArchive, storeKey } from './support/crafted-archives';
import { freshDatabase, type FreshDatabase } from './support/databases';
import { testEnv } from './support/env';
import { runMainToExit, startApp, startCli, type RunningApp } from './support/processes';
import { startS3Peer, type S3Peer } from './support/s3-peer';
import {
  absolute,
  downloadBytes,
  mapLimit,
  MiB,
  runCliAsync,
  s3Env,
  startS3Target,
  uploadFile,
  waitFor,
  type StorageTarget,
} from './support/storage';

/**
 * Backup and restore (README "Backup and restore"; docs/decisions/storage-and-backup.md "Backup and restore"): an archive taken while
 * requests write holds one consistent instant, restores into either mode (embedded, PostgreSQL + S3) with every
 * row and file, is checked whole before anything is touched, and can be encrypted.
 */
const PASSPHRASE = 'caballo correcto batería grapa';
const DEMO_THERAPIST = 'ana.martinez@demo.consulta.es';
const work = mkdtempSync(path.join(os.tmpdir(), 'consulta-backup-'));
const cli = (env: Record<string, string | undefined>, ...args: string[]) => runCliAsync(args, { NODE_ENV: 'test', ...env }, 120_000);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An installation with nothing in it yet: an empty migrated database and an empty bucket. */
async function emptyServerInstallation(label: string): Promise<{ env: Record<string, string>; db: FreshDatabase; peer: S3Peer }> {
  const db = await freshDatabase(`consulta_test_backup_${label.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`);
  const peer = await startS3Peer();
  const env = {
    DATABASE_URL: db.url,
    JWT_SECRET: testEnv().jwtSecret,
    DATA_DIR: path.join(work, `${label}-data`),
    ...s3Env(peer),
  };
  return { env, db, peer };
}

/** Same rows in every table and same bytes in every file (the stores' own tags of a file aside). */
function expectSameContents(restored: Unpacked, original: Unpacked): void {
  expect(restored.header.migration).toBe(original.header.migration);
  expect([...restored.tables.keys()].sort()).toEqual([...original.tables.keys()].sort());
  for (const [table, rows] of original.tables) expect({ table, rows: restored.tables.get(table) }).toEqual({ table, rows });
  expect(Object.fromEntries(restored.files)).toEqual(Object.fromEntries(original.files));
}

/**
 * The archive holds one instant: the sessions written during the backup that were answered before it began are all
 * in it and those in it are a prefix of them; the patient's session total (a trigger's, in the same transaction)
 * counts exactly the sessions it holds; and every other row is in the installation as it was afterwards (`later`):
 * only writes made after the snapshot differ.
 */
function expectOneInstant(
  archive: Unpacked,
  later: Unpacked,
  patientId: string,
  written: { note: string; answeredAt: number }[],
  backupStarted: number,
): void {
  const fields = new Set(archive.tables.get('sessions')!.flatMap((row) => row.split('\t')));
  const present = written.map((w) => fields.has(w.note));
  for (const [i, w] of written.entries())
    if (w.answeredAt < backupStarted) expect({ note: w.note, present: present[i] }).toEqual({ note: w.note, present: true });
  const firstMissing = present.indexOf(false);
  if (firstMissing !== -1) expect(present.slice(firstMissing).every((p) => !p)).toBe(true);

  const columns = archive.header.tables.find((t) => t.name === 'patients')!.columns;
  const patient = archive.tables
    .get('patients')!
    .find((row) => row.startsWith(`${patientId}\t`))!
    .split('\t');
  const sessionColumns = archive.header.tables.find((t) => t.name === 'sessions')!.columns;
  const ofPatient = archive.tables.get('sessions')!.filter((row) => row.split('\t')[sessionColumns.indexOf('patient_id')] === patientId);
  expect(Number(patient[columns.indexOf('total_sesiones')])).toBe(ofPatient.length);

  for (const [table, rows] of archive.tables) {
    const after = new Set(later.tables.get(table));
    // The written patient's totals moved on after the snapshot; every other row is as the installation kept it.
    const kept = rows.filter((row) => !(table === 'patients' && row.startsWith(`${patientId}\t`)));
    expect({ table, missingLater: kept.filter((row) => !after.has(row)) }).toEqual({ table, missingLater: [] });
  }
}

async function googleTherapist(url: string, email: string): Promise<Session> {
  const res = await api({ appUrl: url })
    .post(`${API}/auth/google-login`)
    .send({ token: `valid:${email}`, role: 'terapeuta' })
    .expect(200);
  return { id: '', email, token: res.body.access_token as string };
}

/** The restored installation serves the session's video, whole and accepted by its seal. */
async function expectVideoServed(url: string, therapist: Session, sessionId: string, videoSha: string): Promise<void> {
  const session = await api({ appUrl: url }).get(`${API}/sesiones/${sessionId}`).set(bearer(therapist.token)).expect(200);
  const link = await api({ appUrl: url })
    .post(`${API}/aws-s3/download-url`)
    .set(bearer(therapist.token))
    .send({ file_key: session.body.video_url })
    .expect(200);
  const video = await downloadBytes({ appUrl: url } as StorageTarget, absolute({ appUrl: url }, link.body.download_url as string));
  expect(video.status).toBe(200);
  expect(sha(video.body)).toBe(videoSha);
}

/** What the CLI said on its error output: one sentence, never a stack (else all of it, for the failing check to show). */
const oneSentence = (stderr: string): string => (stderr.trim().includes('\n') ? stderr : stderr.trim());

/** The size of the largest file in `dir` (0 when there is none). */
function largestFile(dir: string): number {
  const names = existsSync(dir) ? readdirSync(dir) : [];
  return Math.max(0, ...names.map((name) => statSync(path.join(dir, name), { throwIfNoEntry: false })?.size ?? 0));
}

/** Waits, looking often, for a moment that lasts a fraction of a second (a file being written). */
const untilTrue = (what: string, check: () => boolean) => waitFor(what, check, 60_000, 5);

/** A small disk at `dir` (a tmpfs of `size`), to fill; tests run as root, so it can be mounted. */
function mountSmallDisk(dir: string, size: string): void {
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`A full disk is a small tmpfs, which could not be mounted at ${dir}: ${mounted.stderr}`);
}

/** How many times `table` of the database at `url` was analysed by hand (ANALYZE), as its statistics say. */
async function analysed(url: string, table: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select analyze_count as n from pg_stat_user_tables where relname = $1`, [table]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A whole stored file of an archive: its key and the therapist whose space holds it. */
function wholeStoredFile(archive: CraftedArchive): { videoKey: string; therapistId: string } {
  const videoKey = archive.entries.find((e) => e.name.startsWith('files/'))!.name.slice('files/'.length);
  return { videoKey, therapistId: videoKey.split('/')[1] };
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore', () => {
  // The demo practice (NODE_ENV development) has appointments within the next 24 hours. The app's first reminder
  // sweep (REMINDER_SWEEP_SECONDS after its start) marks them reminded, and on a slow machine it came between the two
  // snapshots that expectOneInstant compares: no sweep while this file runs.
  const embeddedEnv = {
    DATA_DIR: path.join(work, 'embedded'),
    BACKUP_EVERY_HOURS: '0',
    NODE_ENV: 'development',
    REMINDER_SWEEP_SECONDS: '86400',
  };
  let embedded: RunningApp;
  let server: StorageTarget;
  /** The PostgreSQL + S3 installation the embedded archive was restored into (its app stopped). */
  let restoredServer: Awaited<ReturnType<typeof emptyServerInstallation>>;
  /** The embedded installation the server archive is restored into. */
  const embeddedTarget = { DATA_DIR: path.join(work, 'to-embedded'), JWT_SECRET: testEnv().jwtSecret, BACKUP_EVERY_HOURS: '0' };
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    // The suite's heaviest start (a new embedded database, its migrations and the demo practice): 14 s alone, over 60 s
    // beside the rest of the suite on a slow day.
    embedded = await startApp({ ...embeddedEnv, FRONTEND_DIST: path.join(work, 'no-frontend') }, 120_000);
    server = await startS3Target('backup');
  }, 180_000);
  afterAll(async () => {
    await embedded?.stop();
    await server?.close();
    for (const cleanup of cleanups) await cleanup();
  }, 60_000);

  it('an embedded installation, backed up while requests write, restores into PostgreSQL + S3 with every row and file', async () => {
    const login = await api({ appUrl: embedded.url }).post(`${API}/auth/demo-login`).send({ email: DEMO_THERAPIST }).expect(200);
    const therapist: Session = { id: '', email: DEMO_THERAPIST, token: login.body.access_token as string };
    const record = await populate({ appUrl: embedded.url } as StorageTarget, therapist);

    // The app holds the embedded database: the CLI gets the archive from it, while sessions keep being written.
    const archive = path.join(work, 'embedded.tar');
    const backupStarted = Date.now();
    const backup = cli(embeddedEnv, 'backup', '--out', archive);
    const written = await writeUntil({ appUrl: embedded.url }, therapist, record.patientId, backup);
    const done = await backup;
    expect(done.stderr).toBe('');
    // The running app wrote it, and sent its figures with it.
    expect(done.stdout).toMatch(/^Wrote .*embedded\.tar \(.* MiB, taken by the running app\) in .* s: \d+ tables, \d+ rows, \d+ files/);
    const original = unpack(archive);
    expect(original.header.source).toEqual({ database: 'pglite', storage: 'local' });
    const later = path.join(work, 'embedded-later.tar');
    expect((await cli(embeddedEnv, 'backup', '--out', later)).status).toBe(0);
    expectOneInstant(original, unpack(later), record.patientId, written, backupStarted);
    for (const table of [
      'users',
      'patients',
      'consents',
      'sessions',
      'session_drafts',
      'exercises',
      'exercise_completions',
      'patient_exports',
      'access_history',
      'stored_files',
    ]) {
      expect({ table, filled: (original.tables.get(table) ?? []).length > 0 }).toEqual({ table, filled: true });
    }
    const videoSha = original.files.get(record.videoKey)!;
    expect(videoSha).toBeDefined();

    const verified = await cli(embeddedEnv, 'backup', '--verify', archive);
    expect(verified.stdout).toContain('The archive is whole and matches its checksums');
    expect(verified.status).toBe(0);

    // Into the other mode: PostgreSQL + S3, through the same archive; foreign keys are checked as rows go in.
    const target = await emptyServerInstallation('to-server');
    restoredServer = target;
    cleanups.push(
      () => target.db.drop(),
      () => target.peer.close(),
    );
    const restored = await cli(target.env, 'restore', archive);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain(`Restored ${archive}`);
    // A bulk load leaves the planner without statistics: the restore gathered them.
    expect(await analysed(target.db.url, 'sessions')).toBeGreaterThan(0);
    const again = path.join(work, 'from-server.tar');
    expect((await cli(target.env, 'backup', '--out', again)).status).toBe(0);
    const roundTrip = unpack(again);
    expect(roundTrip.header.source).toEqual({ database: 'postgresql', storage: 's3' });
    expectSameContents(roundTrip, original);

    // A second restore into it is refused: it is not empty any more, and nothing changes.
    const refused = await cli(target.env, 'restore', archive);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('This installation is not empty');
    expect(refused.stderr).toContain('--force');

    // The restored installation works: the therapist signs in and the session's video downloads, seal and all.
    const app = await startApp({
      ...target.env,
      GOOGLE_USERINFO_URL: testEnv().googleUrl,
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
    });
    try {
      const demo = await googleTherapist(app.url, DEMO_THERAPIST);
      await expectVideoServed(app.url, demo, record.sessionId, videoSha);
      // The search index is derived, not archived: the restored installation builds it when it starts.
      expect([...original.tables.keys()].filter((t) => t.startsWith('session_search'))).toEqual([]);
      await waitFor('the restored sessions indexed for search', async () => {
        const res = await api({ appUrl: app.url }).get(`${API}/busqueda/sesiones`).query({ q: 'respiracion' }).set(bearer(demo.token));
        return res.status === 200 && (res.body as unknown[]).length > 0;
      });
    } finally {
      await app.stop();
    }
  }, 240_000);

  it('a PostgreSQL + S3 installation, backed up while requests write, restores into the embedded mode', async () => {
    const therapist = await therapistSession('Dra. Copia de Seguridad', server);
    const record = await populate(server, therapist);
    const archive = path.join(work, 'server.tar');
    const backupStarted = Date.now();
    const backup = cli(server.env, 'backup', '--out', archive);
    const written = await writeUntil(server, therapist, record.patientId, backup);
    const done = await backup;
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(/^Wrote .* rows, \d+ files .* from postgresql \+ s3 storage/);
    const original = unpack(archive);
    const later = path.join(work, 'server-later.tar');
    expect((await cli(server.env, 'backup', '--out', later)).status).toBe(0);
    expectOneInstant(original, unpack(later), record.patientId, written, backupStarted);

    const restored = await cli(embeddedTarget, 'restore', archive);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    const again = path.join(work, 'from-embedded.tar');
    expect((await cli(embeddedTarget, 'backup', '--out', again)).status).toBe(0);
    const roundTrip = unpack(again);
    expect(roundTrip.header.source).toEqual({ database: 'pglite', storage: 'local' });
    expectSameContents(roundTrip, original);

    const app = await startApp({
      ...embeddedTarget,
      FRONTEND_DIST: path.join(work, 'no-frontend'),
      GOOGLE_USERINFO_URL: testEnv().googleUrl,
      GOOGLE_CLIENT_ID: 'test-client-id.apps.googleusercontent.com',
    });
    try {
      await expectVideoServed(
        app.url,
        await googleTherapist(app.url, therapist.email),
        record.sessionId,
        original.files.get(record.videoKey)!,
      );
    } finally {
      await app.stop();
    }
  }, 240_000);

  it('a damaged or incomplete archive is refused with a clear message, and the installation is left untouched', async () => {
    const archive = path.join(work, 'server.tar');
    const target = { DATA_DIR: path.join(work, 'untouched'), JWT_SECRET: testEnv().jwtSecret, BACKUP_EVERY_HOURS: '0' };

    const damaged = path.join(work, 'damaged.tar');
    copyFileSync(archive, damaged);
    const bytes = readFileSync(damaged);
    const at = bytes.indexOf(Buffer.from('ftyp')) + 200; // inside the session video's bytes
    bytes[at] ^= 0xff;
    writeFileSync(damaged, bytes);
    for (const command of [
      ['backup', '--verify', damaged],
      ['restore', damaged],
    ]) {
      const refused = await cli(target, ...command);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^The archive is damaged: files\/.+ does not match its checksum/);
    }

    const cut = path.join(work, 'cut.tar');
    copyFileSync(archive, cut);
    truncateSync(cut, Math.floor(bytes.length / 2));
    const incomplete = await cli(target, 'restore', cut);
    expect(incomplete.status).toBe(1);
    expect(incomplete.stderr).toMatch(/^The archive is (damaged or incomplete|incomplete)/);

    const notAnArchive = path.join(work, 'notes.txt');
    writeFileSync(notAnArchive, 'solo unas notas\n'.repeat(100));
    expect((await cli(target, 'restore', notAnArchive)).stderr).toMatch(
      /^The archive is damaged or incomplete|^This is not a Consulta backup/,
    );

    // Refused before the installation was even opened: no database, no file.
    expect(existsSync(path.join(target.DATA_DIR, 'pgdata'))).toBe(false);
    expect(existsSync(path.join(target.DATA_DIR, 'storage'))).toBe(false);
    const nothing = await cli(target, 'backup', '--out', path.join(work, 'untouched.tar'));
    expect(nothing.stderr).toContain('This installation has no database yet');
    expect(existsSync(path.join(work, 'untouched.tar'))).toBe(false);
  }, 120_000);

  it('--encrypt writes an age file that only its passphrase opens, for verify and restore alike', async () => {
    const archive = path.join(work, 'encrypted.tar.age');
    const withPassphrase = { ...embeddedEnv, BACKUP_PASSPHRASE: PASSPHRASE };
    const written = await cli(withPassphrase, 'backup', '--out', archive, '--encrypt');
    expect(written.stderr).toBe('');
    expect(written.stdout).toMatch(/ MiB, encrypted[,)]/);
    const start = readFileSync(archive).subarray(0, 64).toString('latin1');
    expect(start.startsWith('age-encryption.org/v1\n-> scrypt ')).toBe(true);
    expect(readFileSync(archive).includes(Buffer.from('consulta-backup.json'))).toBe(false);

    const without = await cli(embeddedEnv, 'backup', '--verify', archive);
    expect(without.status).toBe(1);
    expect(without.stderr).toContain('BACKUP_PASSPHRASE');
    const wrong = await cli({ ...embeddedEnv, BACKUP_PASSPHRASE: 'otra frase distinta' }, 'backup', '--verify', archive);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toContain('The archive cannot be decrypted');
    expect((await cli(withPassphrase, 'backup', '--verify', archive)).stdout).toContain('The archive is whole');

    const target = {
      DATA_DIR: path.join(work, 'from-encrypted'),
      JWT_SECRET: testEnv().jwtSecret,
      BACKUP_PASSPHRASE: PASSPHRASE,
      BACKUP_EVERY_HOURS: '0',
    };
    expect((await cli(target, 'restore', archive)).status).toBe(0);
    expect(
      (await cli({ ...embeddedEnv, BACKUP_PASSPHRASE: 'corta' }, 'backup', '--out', path.join(work, 'weak.tar'), '--encrypt')).stderr,
    ).toContain('BACKUP_PASSPHRASE: at least 12 characters');
  }, 120_000);

  it('the embedded app keeps its own backups, the newest BACKUP_KEEP of them, and none when turned off', async () => {
    expect(existsSync(path.join(embeddedEnv.DATA_DIR, 'backups'))).toBe(false);
    const dir = path.join(work, 'rotating');
    const env = {
      DATA_DIR: path.join(work, 'rotating-data'),
      FRONTEND_DIST: path.join(work, 'no-frontend'),
      BACKUP_EVERY_HOURS: '0.0005',
      BACKUP_KEEP: '2',
      BACKUP_DIR: dir,
      LOG_LEVEL: 'info',
    };
    const app = await startApp(env);
    try {
      await waitFor('three scheduled backups', () => (app.output().match(/\[Backup\] Wrote /g) ?? []).length >= 3, 60_000);
    } finally {
      await app.stop();
    }
    const kept = readdirSync(dir).filter((n) => n.endsWith('.tar'));
    expect(kept).toHaveLength(2);
    for (const name of kept) expect(name).toMatch(/^consulta-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar$/);
    const newest = await cli(env, 'backup', '--verify', path.join(dir, kept.sort().at(-1)!));
    expect(newest.stdout).toContain('The archive is whole');
  }, 120_000);
  it('crafted archives are refused by --verify and by restore with a sentence, and the installation stays as it was, --force or not', async () => {
    const base = path.join(work, 'server.tar');
    const { videoKey, therapistId } = wholeStoredFile(await CraftedArchive.from(base));
    const before = await serverInstallationState(restoredServer.db.url, restoredServer.peer);
    const linkName = `files/${storeKey(therapistId, 'enlace.pdf')}`;
    const refused: [string, (archive: CraftedArchive) => unknown, RegExp][] = [
      [
        'climbing-key',
        (a) => a.moveStoredFile(videoKey, 'files/../../fuera.mp4'),
        /whose key is not a stored file's: files\/\.\.\/\.\.\/fuera\.mp4$/,
      ],
      [
        'absolute-key',
        (a) => a.entries.push({ name: 'files//etc/fuera', body: Buffer.from('x') }),
        /whose key is not a stored file's: \/etc\/fuera$/,
      ],
      ['foreign-table', (a) => a.addTable('intrusos', ['id'], ['1']), /a table that is not one of Consulta's: intrusos$/],
      [
        'migrations-table',
        (a) => a.addTable('mikro_orm_migrations', ['id', 'name'], ['99\tMigration29991231000000Forged']),
        /holds mikro_orm_migrations, the database's own bookkeeping/,
      ],
      [
        'derived-table',
        (a) => a.addTable('session_search_state', ['session_id'], []),
        /session_search_state, which is derived from the sessions/,
      ],
      [
        'end-of-data-line',
        (a) => a.editRows('sessions', (rows) => [rows[0], '\\.', ...rows.slice(1)]),
        /sessions\/000000\.tsv, row 2 is an end-of-data marker/,
      ],
      [
        'count-unlike-manifest',
        (a) => (a.manifest.tables.find((t) => t.name === 'sessions')!.rows += 1),
        /sessions has \d+ rows, its manifest says \d+$/,
      ],
      [
        'symlink',
        (a) => a.entries.push({ name: linkName, body: Buffer.alloc(0), type: 'symlink', linkname: '/etc/passwd' }),
        /as a symlink entry/,
      ],
      [
        'hard-link',
        (a) => a.entries.push({ name: linkName, body: Buffer.alloc(0), type: 'link', linkname: 'manifest.json' }),
        /as a link entry/,
      ],
    ];
    await mapLimit(refused, 3, async ([label, craft, sentence]) => {
      const archive = await CraftedArchive.from(base);
      craft(archive);
      const file = await archive.write(path.join(work, `crafted-${label}.tar`));
      for (const command of [
        ['backup', '--verify', file],
        ['restore', '--force', file],
      ]) {
        const answer = await cli(restoredServer.env, ...command);
        expect({ label, command: command[0], status: answer.status, stderr: oneSentence(answer.stderr) }).toEqual({
          label,
          command: command[0],
          status: 1,
          stderr: expect.stringMatching(sentence),
        });
      }
    });

    // Rows the database refuses pass the verifying read; with --force the load fails in its transaction, whole.
    const badDate = await CraftedArchive.from(base);
    badDate.editRows('sessions', (rows) => [badDate.withField('sessions', rows[0], 'fecha', 'no-es-una-fecha'), ...rows.slice(1)]);
    const file = await badDate.write(path.join(work, 'crafted-bad-date.tar'));
    expect((await cli(restoredServer.env, 'backup', '--verify', file)).status).toBe(0);
    const failed = await cli(restoredServer.env, 'restore', '--force', file);
    expect(failed.status).toBe(1);
    expect(oneSentence(failed.stderr)).toMatch(/^The database refused the archive's rows \(.*no-es-una-fecha.*\): nothing was changed\.$/);

    expect(await serverInstallationState(restoredServer.db.url, restoredServer.peer)).toEqual(before);
  }, 120_000);

  it('an archive of a newer schema: --verify says so, and restore refuses it before it creates anything', async () => {
    const archive = await CraftedArchive.from(path.join(work, 'server.tar'));
    archive.header.migration = 'Migration29991231000000DelFuturo';
    const file = await archive.write(path.join(work, 'newer.tar'));
    const target = { DATA_DIR: path.join(work, 'not-created'), JWT_SECRET: testEnv().jwtSecret };
    const verified = await cli(target, 'backup', '--verify', file);
    expect(verified.status).toBe(1);
    expect(oneSentence(verified.stderr)).toMatch(
      /^The archive is whole and matches its checksums: .*\. But the archive comes from a newer version of Consulta \(schema Migration29991231000000DelFuturo; this version knows up to Migration\w+\): update this installation before restoring it\.$/,
    );
    const restored = await cli(target, 'restore', file);
    expect(restored.status).toBe(1);
    expect(oneSentence(restored.stderr)).toMatch(
      /^The archive comes from a newer version of Consulta \(schema Migration29991231000000DelFuturo;/,
    );
    expect(existsSync(target.DATA_DIR)).toBe(false);
  }, 60_000);

  it('a restore --force killed while it stores the files: the app refuses to start there and seeds nothing, a refused rerun ends, the rerun finishes it', async () => {
    const source = await CraftedArchive.from(path.join(work, 'embedded.tar'));
    const { therapistId } = wholeStoredFile(source);
    source.addStoredFile(storeKey(therapistId, 'grabacion-larga.pdf'), Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(32 * MiB)]));
    const archive = await source.write(path.join(work, 'large.tar'));
    // Into the embedded installation restored from the server's archive: everything it holds is replaced.
    const env = { ...embeddedTarget, NODE_ENV: 'development' };
    const incoming = path.join(env.DATA_DIR, 'storage', 'incoming');

    const restore = startCli(env, 'restore', '--force', archive);
    await untilTrue('the large file being stored', () => largestFile(incoming) > 2 * MiB);
    expect(await restore.kill('SIGKILL')).toBe('SIGKILL');

    const start = runMainToExit({ ...env, PORT: '0', FRONTEND_DIST: path.join(work, 'no-frontend') });
    expect(start.status).toBe(1);
    expect(start.output).toContain(`A restore of ${archive} into this installation did not finish`);
    expect(start.output).toContain(`run "restore ${archive}" again to finish it`);
    expect(start.output).toContain('or restore an archive with --force to replace everything');
    expect(start.output).not.toContain('Seeded the demo practice');

    const other = await cli(env, 'restore', path.join(work, 'server.tar'));
    expect(other.status).toBe(1);
    expect(oneSentence(other.stderr)).toMatch(/did not finish .* Run "restore .*large\.tar" again to finish it, or add --force/);

    const rerun = await cli(env, 'restore', archive);
    expect(rerun.stderr).toBe('');
    expect(rerun.stdout).toContain(`Restored ${archive}`);
    expect(rerun.stdout).toContain('finishing the restore that had stopped');
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
    const after = path.join(work, 'killed-after.tar');
    expect((await cli(env, 'backup', '--out', after)).status).toBe(0);
    expectSameContents(unpack(after), unpack(archive));
  }, 180_000);

  it('a restore that meets a full disk says so, keeps the rows it committed, and finishes when run again with room', async () => {
    const db = await freshDatabase(`consulta_test_backup_full_${process.pid}_${Date.now()}`);
    cleanups.push(() => db.drop());
    const dataDir = path.join(work, 'full-restore');
    mkdirSync(dataDir);
    mountSmallDisk(dataDir, '16m');
    try {
      const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, JWT_SECRET: testEnv().jwtSecret };
      const archive = path.join(work, 'large.tar');
      const full = await cli(env, 'restore', archive);
      expect(full.status).toBe(1);
      expect(oneSentence(full.stderr)).toMatch(
        /^The restore stopped while storing the files \(no space left on the device of the stored files\) after \d+ of them\. The rows are restored; run the same restore again to store the rest \(it goes on from where it stopped\)\.$/,
      );
      expect(spawnSync('mount', ['-o', 'remount,size=64m', dataDir]).status).toBe(0);
      const rerun = await cli(env, 'restore', archive);
      expect(rerun.stderr).toBe('');
      expect(rerun.stdout).toContain('finishing the restore that had stopped');
      expect(readdirSync(path.join(dataDir, 'storage', 'incoming'))).toEqual([]);
    } finally {
      spawnSync('umount', [dataDir]);
    }
  }, 120_000);

  it('a backup of the running app cut short (Ctrl-C, kill -9, a full disk) leaves the app serving and no partial archive, stale ones go with the next', async () => {
    const login = await api({ appUrl: embedded.url }).post(`${API}/auth/demo-login`).send({ email: DEMO_THERAPIST }).expect(200);
    const therapist: Session = { id: '', email: DEMO_THERAPIST, token: login.body.access_token as string };
    // An archive larger than the disk it goes to, and long enough for a cut to land in its middle.
    await uploadFile({ appUrl: embedded.url }, therapist, {
      custom_path: 'ejercicios',
      file_name: 'Grabación larga.pdf',
      content_type: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(40 * MiB)]),
    });
    const serves = async () => {
      await api({ appUrl: embedded.url }).get(`${API}/pacientes/`).set(bearer(therapist.token)).expect(200);
    };
    const disk = path.join(work, 'small-disk');
    mkdirSync(disk);
    mountSmallDisk(disk, '24m');
    try {
      for (const signal of ['SIGINT', 'SIGKILL'] as const) {
        const backup = startCli(embeddedEnv, 'backup', '--out', path.join(disk, `${signal}.tar`));
        await untilTrue('the archive being written', () => largestFile(disk) > 2 * MiB);
        const ended = await backup.kill(signal);
        if (signal === 'SIGINT') {
          expect([ended, oneSentence(backup.stderr())]).toEqual([1, 'The backup was interrupted: nothing was kept.']);
          expect(readdirSync(disk)).toEqual([]);
        }
        await serves();
      }
      // The killed one's partial stays until it is stale (as if killed two hours ago); a fresh one may be a backup under way.
      const [killed] = readdirSync(disk);
      expect(killed).toMatch(/^\.SIGKILL\.tar\.[0-9a-f]{12}\.partial$/);
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      utimesSync(path.join(disk, killed), twoHoursAgo, twoHoursAgo);
      writeFileSync(path.join(disk, '.otra.tar.0123456789ab.partial'), 'en curso');

      // The next backup removes the stale partial, then fills the disk: it removes its own and says so.
      const full = await cli(embeddedEnv, 'backup', '--out', path.join(disk, 'lleno.tar'));
      expect([full.status, full.stderr]).toEqual([
        1,
        `No space left in ${disk} for the archive: nothing was kept. Free some space and run the backup again.\n`,
      ]);
      expect(readdirSync(disk)).toEqual(['.otra.tar.0123456789ab.partial']);
      await serves();
    } finally {
      spawnSync('umount', [disk]);
    }

    // The app itself stopping mid-backup (killed: the last use of it here) is a sentence too, and leaves no file.
    const cut = path.join(work, 'app-stopped');
    mkdirSync(cut);
    const backup = startCli(embeddedEnv, 'backup', '--out', path.join(cut, 'cortado.tar'));
    await untilTrue('the archive being written', () => largestFile(cut) > 2 * MiB);
    embedded.process.kill('SIGKILL');
    expect(await backup.ended()).toBe(1);
    expect(oneSentence(backup.stderr())).toBe('The running app stopped the backup before it was complete (was it stopped? see its log)');
    expect(readdirSync(cut)).toEqual([]);
  }, 180_000);
});
