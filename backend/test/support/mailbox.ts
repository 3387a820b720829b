import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Attachments, their content as UTF-8 text (the agenda's .ics). */
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * Each message parsed once, not at every poll: a mailbox that a file's tests poll grows to thousands of messages (the
 * agenda's reminders). Kept by path and size, so a file read while it was still being written is read again.
 */
const parsed = new Map<string, Promise<ReceivedMail>>();

async function parse(file: string): Promise<ReceivedMail> {
  const mail = await simpleParser(readFileSync(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return {
    to,
    from: mail.from?.text ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
  };
}

function read(dir: string): Promise<ReceivedMail[]> {
  if (!existsSync(dir)) return Promise.resolve([]);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => path.join(dir, f));
  return Promise.all(
    files.map((file) => {
      const key = `${file}:${statSync(file).size}`;
      let mail = parsed.get(key);
      if (!mail) parsed.set(key, (mail = parse(file)));
      return mail;
    }),
  );
}

/** Every message in the mailbox addressed to `to`, oldest first. */
export async function mailsTo(dir: string, to: string): Promise<ReceivedMail[]> {
  return (await read(dir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for the `count`-th message to `to` (1 = the first) and answers it. */
export async function waitForMail(dir: string, to: string, { count = 1, timeoutMs = 15_000 } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dir, to);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > deadline) throw new Error(`No message #${count} for ${to} within ${timeoutMs} ms (got ${mails.length})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of the message's plain text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): URL {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in:\n${mail.text}`);
  return new URL(link);
}

/** Waits until `condition` holds (e.g. a line appears in a process's output). */
export async function waitFor(condition: () => boolean, { timeoutMs = 10_000, what = 'the condition' } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
