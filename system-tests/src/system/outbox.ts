import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One mail as the workers' development outbox writes it (`MAIL_OUTBOX_DIR`, by default `<DATA_DIR>/outbox`). */
export interface OutboxMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Waits until the outbox holds a mail to `to` whose subject contains `subject`, and answers it. */
export async function waitForMail(dataDir: string, to: string, subject: string, timeoutMs = 20_000): Promise<OutboxMail> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMail;
      if (mail.to === to && mail.subject.includes(subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link of a mail's text whose path is `path` (the mail's origin is the deployment's PUBLIC_URL). */
export function linkIn(mail: OutboxMail, path: string): URL {
  const link = mail.text
    .split(/\s+/)
    .filter((word) => /^https?:\/\//.test(word))
    .map((word) => new URL(word))
    .find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}"`);
  return link;
}

/** Waits until the outbox holds `count` mails to `to` whose subject contains `subject`, and answers them (in no particular order). */
export async function waitForMails(dataDir: string, to: string, subject: string, count: number, timeoutMs = 20_000): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
    const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMail));
    const matching = mails.filter((mail) => mail.to === to && mail.subject.includes(subject));
    if (matching.length >= count) return matching;
    if (Date.now() > deadline) throw new Error(`${matching.length} of ${count} mails "${subject}" to ${to} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
