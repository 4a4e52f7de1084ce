import { createHash, randomUUID } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import type { RenderedMail } from './templates.js';

/** A rendered mail with its recipient and a key that is the same on every retry (the job id). */
export interface OutgoingMail extends RenderedMail {
  readonly key: string;
  readonly to: string;
}

/** Where mail goes. `send` resolves once the mail is handed over for good. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The mail settings of the workers' config. */
export interface MailTransportSettings {
  readonly SMTP_URL?: string | undefined;
  readonly MAIL_FROM: string;
  readonly MAIL_OUTBOX_DIR?: string | undefined;
  readonly DATA_DIR: string;
}

/** SMTP when SMTP_URL is set; otherwise the development outbox (`<DATA_DIR>/outbox` by default). */
export function mailTransportFrom(settings: MailTransportSettings): MailTransport {
  if (settings.SMTP_URL) return smtpTransport({ url: settings.SMTP_URL, from: settings.MAIL_FROM });
  return outboxTransport({ dir: settings.MAIL_OUTBOX_DIR ?? join(settings.DATA_DIR, 'outbox') });
}

/** Delivers through an SMTP server with nodemailer. */
export function smtpTransport(options: { readonly url: string; readonly from: string }): MailTransport {
  const mailer = createTransport(options.url, { from: options.from });
  const domain = /@([^\s<>@]+)>?\s*$/.exec(options.from)?.[1] ?? 'concierge.local';
  return {
    kind: 'smtp',
    async send(mail) {
      await mailer.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The same Message-ID on a retry lets mail clients fold a duplicate delivery into one.
        messageId: `<${safeFileStem(mail.key)}@${domain}>`,
      });
    },
    async close() {
      mailer.close();
    },
  };
}

/** Reset links in the outbox sign anyone in: only the service's own user may list or read them. */
const OUTBOX_DIR_MODE = 0o700;
const OUTBOX_FILE_MODE = 0o600;

/**
 * Writes each mail as one JSON file `{ to, subject, text, html }` named after its key, for
 * development and tests where no SMTP server exists. A retried job overwrites its own file, and
 * the write goes through a temp file and a rename, so a reader never sees half a message.
 */
export function outboxTransport(options: { readonly dir: string }): MailTransport {
  const dir = resolve(options.dir);
  let prepared: Promise<void> | undefined;
  return {
    kind: 'outbox',
    async send(mail) {
      prepared ??= prepareOutbox(dir);
      await prepared.catch((error: unknown) => {
        prepared = undefined; // a failed preparation (disk full, say) is tried again by the next mail
        throw error;
      });
      const target = join(dir, outboxFileName(mail.key));
      const temp = join(dir, `.${randomUUID()}.tmp`);
      const content = { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
      try {
        // The mode is set at creation, so the secret is never readable by others, not even briefly.
        await writeFile(temp, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx', mode: OUTBOX_FILE_MODE });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async close() {},
  };
}

/**
 * mkdir's mode is ignored for a directory that exists (an outbox made by an older version, or by
 * hand), so the mode is set explicitly; files written before are tightened once as well.
 */
async function prepareOutbox(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OUTBOX_DIR_MODE });
  await chmod(dir, OUTBOX_DIR_MODE);
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && (info.mode & 0o077) !== 0) await chmod(path, OUTBOX_FILE_MODE).catch(() => undefined);
  }
  await sweepAbandonedTempFiles(dir);
}

const TEMP_FILE = /^\.[0-9a-f-]{36}\.tmp$/;
const ABANDONED_AFTER_MS = 10 * 60_000;

/**
 * A worker killed between write and rename leaves its temp file behind; the job itself is retried
 * and writes a new one. Temp files this old belong to no running write, so they can go.
 */
async function sweepAbandonedTempFiles(dir: string): Promise<void> {
  const cutoff = Date.now() - ABANDONED_AFTER_MS;
  for (const name of await readdir(dir).catch(() => [])) {
    if (!TEMP_FILE.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && info.mtimeMs < cutoff) await rm(path, { force: true });
  }
}

/** The outbox file of a mail key: `<key>.json`, made safe for any file system. */
export function outboxFileName(key: string): string {
  return `${safeFileStem(key)}.json`;
}

/**
 * Keeps letters, digits, `.`, `_` and `-`. When anything had to change, a hash of the original key
 * is appended, so two different keys can never share a file.
 */
function safeFileStem(key: string): string {
  const cleaned = key.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_').slice(0, 150);
  if (cleaned === key && cleaned !== '') return cleaned;
  return `${cleaned}-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}
