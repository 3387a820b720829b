import readline from 'node:readline';
import { Writable } from 'node:stream';
import { MIN_BACKUP_PASSPHRASE, type AppConfig } from '../config/app-config';

/** Asked for but not given: the message says how to give it. */
export class MissingPassphrase extends Error {}

/** BACKUP_PASSPHRASE, else typed at the terminal (twice when it encrypts), never echoed. */
export async function backupPassphrase(config: AppConfig, purpose: 'encrypt' | 'decrypt'): Promise<string> {
  if (config.backup.passphrase !== null) return config.backup.passphrase;
  if (!process.stdin.isTTY)
    throw new MissingPassphrase(
      `A passphrase is needed to ${purpose} the archive: set BACKUP_PASSPHRASE (at least ${MIN_BACKUP_PASSPHRASE} characters)`,
    );
  const first = await hidden('Passphrase: ');
  if (purpose === 'decrypt') return first;
  if (first.length < MIN_BACKUP_PASSPHRASE)
    throw new MissingPassphrase(`The passphrase must have at least ${MIN_BACKUP_PASSPHRASE} characters`);
  if ((await hidden('Passphrase again: ')) !== first) throw new MissingPassphrase('The two passphrases differ');
  return first;
}

function hidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = readline.createInterface({ input: process.stdin, output: silent, terminal: true });
  return new Promise((resolve) =>
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    }),
  );
}
