import 'reflect-metadata';
import { CommanderError } from 'commander';
import { buildProgram, CliError } from './cli/commands';
import { createFilesOwnerOnly } from './common/files/owner-only';
import { ConfigError, loadConfig } from './config/app-config';
import { ArchiveError } from './backup/archive-format';
import { MissingPassphrase } from './cli/passphrase';
import { DataDirInUseError } from './database/data-dir-lock';

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
    if ([CliError, ConfigError, DataDirInUseError, ArchiveError, MissingPassphrase].some((known) => error instanceof known)) {
      console.error((error as Error).message);
      process.exitCode = 1;
      return;
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
