import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface SmtpPeer {
  port: number;
  close: () => Promise<void>;
}

let sequence = 0;

/**
 * A real SMTP server (the `smtp-server` package, no TLS, no auth) that stores every message it accepts as
 * `<dir>/<time>-<n>.eml`, so test processes can read the mailbox from disk (see mailbox.ts).
 */
export async function startSmtpPeer(dir: string, port = 0): Promise<SmtpPeer> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${Date.now()}-${process.pid}-${sequence++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
