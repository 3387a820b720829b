import { open } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Command } from 'commander';
import type { AppConfig } from '../config/app-config';
import { migrate } from '../database/migrate';
import { STORAGE_LIMITS } from '@consulta/shared';
import { createStorageDriver } from '../storage/drivers/storage-driver.factory';
import type { MikroORM } from '@mikro-orm/core';
import { addBackupCommands } from './backup-commands';
import { csvHeader, csvLine, exportAccessHistory, jsonLine } from '../access-history/access-history.export';
import { isUuid } from '../common/validation/uuid';
import { execute } from '../common/sql/execute';
import { COMPLETED_DRAFT_HOURS, sweepDrafts } from '../drafts/draft-writes';

/** Thrown for an expected refusal: printed without a stack trace, exit code 1. */
export class CliError extends Error {}

export function buildProgram(config: () => AppConfig, out: (line: string) => void): Command {
  const program = new Command('consulta')
    .description('Consulta operator commands (same configuration as the app: DATABASE_URL or DATA_DIR, ...)')
    .showHelpAfterError()
    .exitOverride();

  program
    .command('create-therapist')
    .description('Create a therapist account, or rename an existing one (idempotent). They sign in with Google.')
    .requiredOption('--email <email>', "the therapist's e-mail (must match their Google account)")
    .requiredOption('--name <name>', 'display name, e.g. "Dra. Ana Martínez"')
    .action(async (options: { email: string; name: string }) => {
      const { TherapistsService } = await import('../therapists/therapists.service.js');
      await withDatabase(config(), async (orm) => {
        const result = await new TherapistsService(orm.em.fork()).upsert(options.email, options.name);
        switch (result.status) {
          case 'refused':
            throw new CliError(`Refused: ${result.reason}`);
          case 'created':
            return out(`Created therapist ${result.user.email} ("${result.user.name}", id ${result.user.id}).`);
          case 'updated':
            return out(`Therapist ${result.user.email} already exists; name updated to "${result.user.name}".`);
          case 'unchanged':
            return out(`Therapist ${result.user.email} already exists ("${result.user.name}"); nothing to change.`);
        }
      });
    });

  program
    .command('migrate')
    .description('Apply pending database migrations (the app also does this when it starts).')
    .action(async () => {
      const cfg = config();
      const applied = await withDatabase(cfg, (orm) => migrate(orm, { embedded: cfg.embedded }), false);
      out(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    });

  program
    .command('storage:sweep')
    .description(
      'Delete uploads that nothing has referred to for 24 h, abort unfinished multipart uploads, and remove stored files no record names and leftovers of interrupted uploads as old (the app also does this hourly).',
    )
    .option('--older-than-hours <hours>', 'age of what is considered', String(STORAGE_LIMITS.orphanAfterHours))
    .action(async (options: { olderThanHours: string }) => {
      const { StorageCleanup, describeSweep } = await import('../storage/storage-cleanup.js');
      const { FILE_USES } = await import('../files/file-references.js');
      const hours = Number(options.olderThanHours);
      if (!Number.isFinite(hours) || hours < 0) throw new CliError('--older-than-hours: expected a number of hours');
      const cfg = config();
      const result = await withDatabase(cfg, async (orm) =>
        new StorageCleanup(orm.em.fork(), await createStorageDriver(cfg), FILE_USES).sweep(hours),
      );
      out(describeSweep(result));
    });

  program
    .command('drafts:sweep')
    .description(
      `Delete drafts saved as sessions more than ${COMPLETED_DRAFT_HOURS} h ago and free drafts left 'guardando' by a stopped process (the app also does this hourly).`,
    )
    .action(async () => {
      const result = await withDatabase(config(), (orm) => sweepDrafts((sql, params) => execute(orm.em.fork(), sql, params)));
      out(`Deleted ${result.deleted} completed drafts; freed ${result.freed} drafts left saving.`);
    });

  program
    .command('search:reindex')
    .description(
      'Index for search the sessions the index does not hold as they are (never indexed, changed since, an older format); the app also does this at start and hourly.',
    )
    .option('--all', 'rebuild the index of every session')
    .action(async (options: { all?: boolean }) => {
      const { sweepSearchIndex } = await import('../search/search-index-writes.js');
      const started = Date.now();
      const indexed = await withDatabase(config(), (orm) => sweepSearchIndex(orm.em, { all: options.all === true, analyzeAfter: 0 }));
      out(`Indexed ${indexed} sessions for search in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    });

  program
    .command('access-history:export')
    .description(
      "Write the access history (who reached which patient's clinical data, when, from where, with what result) as JSON lines or CSV.",
    )
    .option('--patient <id>', "only this patient's entries")
    .option('--from <date>', 'entries at or after this date or date-time (ISO 8601, e.g. 2026-11-01)')
    .option('--to <date>', 'entries before this date or date-time')
    .option('--format <format>', 'jsonl or csv', 'jsonl')
    .option('--out <file>', 'write to this file instead of the standard output')
    .action(async (options: { patient?: string; from?: string; to?: string; format: string; out?: string }) => {
      if (options.patient !== undefined && !isUuid(options.patient)) throw new CliError('--patient: expected a patient id (UUID)');
      const from = cliDate('--from', options.from);
      const to = cliDate('--to', options.to);
      if (options.format !== 'jsonl' && options.format !== 'csv') throw new CliError('--format: expected jsonl or csv');
      // Opened first: a path that cannot be written stops the command before anything is read. Owner-only: it is clinical metadata.
      const file = options.out ? (await open(options.out, 'w', 0o600)).createWriteStream() : null;
      const write = async (line: string) => {
        if (!file) return out(line);
        if (!file.write(`${line}\n`)) await once(file, 'drain');
      };
      let count = 0;
      await withDatabase(config(), async (orm) => {
        if (options.format === 'csv') await write(csvHeader());
        for await (const entry of exportAccessHistory(orm.em.fork(), { patientId: options.patient, from, to })) {
          await write(options.format === 'csv' ? csvLine(entry) : jsonLine(entry));
          count += 1;
        }
      });
      if (file) {
        file.end();
        await once(file, 'finish');
        out(`Wrote ${count} entries to ${options.out}.`);
      }
    });

  program
    .command('schema:check')
    .description('Developers: print the SQL that would bring the migrated database in line with the entities.')
    .action(async () => {
      const diff = await withDatabase(config(), (orm) => orm.schema.getUpdateSchemaSQL({ wrap: false }));
      if (diff.trim()) throw new CliError(`The entities differ from the migrations:\n${diff}`);
      out('The migrations match the entities.');
    });

  program
    .command('migration:create')
    .description('Developers: write a new migration (entities vs. the migrated database) into backend/src/database/migrations.')
    .option('--name <name>', 'suffix of the migration class name')
    .action(async (options: { name?: string }) => {
      const dir = path.resolve(process.cwd(), 'backend/src/database/migrations');
      const result = await withDatabase(config(), (orm) => orm.migrator.create(dir, false, false, options.name));
      if (!result.fileName) return out('No changes: the migrations already match the entities.');
      out(`Wrote ${path.join(dir, result.fileName)}; add it to MIGRATIONS in migrations/index.ts.`);
    });

  addBackupCommands(program, config, out, (message) => new CliError(message));

  return program;
}

/**
 * Opens the app's database (cli/database.ts). The ORM, its entities and Nest are loaded by the commands that use
 * them, not at every start: checking an archive, or a refusal, answers at once.
 */
async function withDatabase<T>(config: AppConfig, work: (orm: MikroORM) => Promise<T>, applyMigrations?: boolean): Promise<T> {
  return (await import('./database.js')).withDatabase(config, work, applyMigrations);
}

/** An ISO 8601 date or date-time option, or undefined when not given. */
function cliDate(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime()))
    throw new CliError(`${name}: expected an ISO 8601 date, e.g. 2026-11-01`);
  return date;
}
