import 'reflect-metadata';
import { CommanderError } from 'commander';
import { buildProgram, CliError } from './cli/commands';
import { createFilesOwnerOnly } from './common/files/owner-only';
import { ConfigError, loadConfig } from './config/app-config';
import { ArchiveError } from './backup/archive-format';
import { RestoreUnfinished } from './backup/restore-marker';
import { MissingPassphrase } from './cli/passphrase';
import { DataDirInUseError } from './database/data-dir-lock';

/** Refusals an operator can act on: their message is the whole answer. */
const REFUSALS = [CliError, ConfigError, DataDirInUseError, ArchiveError, MissingPassphrase, RestoreUnfinished];

/** Operator CLI: `npm run cli -- create-therapist --email E --name "N"` (backend/dist/cli.js). */
async function main(): Promise<void> {
  createFilesOwnerOnly();
  const program = buildProgram(loadConfig, (line) => console.log(line));
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    console.error(sentenceOf(error));
    if (process.env.LOG_LEVEL === 'debug' && !REFUSALS.some((known) => error instanceof known)) console.error(error);
    process.exitCode = 1;
  }
}

/** A failure as one line for the operator: a refusal's own sentence, or what failed (the stack with LOG_LEVEL=debug). */
function sentenceOf(error: unknown): string {
  if (REFUSALS.some((known) => error instanceof known)) return (error as Error).message;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOSPC') return `No space left on the device (${message}): free some space and run the command again.`;
  return `The command failed: ${message ?? String(error)}`;
}

// A command ends when its work ends: a handle left open (a client, a timer of a library) never keeps it running.
// It exits once what it printed is written (pipes are asynchronous on some systems).
void main().finally(() => process.stdout.write('', () => process.stderr.write('', () => process.exit())));
