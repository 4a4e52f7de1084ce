import { describe, expect, it } from 'vitest';
import { withLogContext } from './context.js';
import { captureLogs } from '../testing/log-capture.js';
import { SECRET_FIELDS, SECRET_SETTINGS } from './logger.js';

/** A logger writing into memory, and the lines it wrote so far. */
const capture = () => captureLogs('test', 'debug');

/** One distinct, recognisable value per secret field, so a leak names its field. */
const secretOf = (field: string) => `SECRET-${field}-f00d`;

describe('log redaction', () => {
  it('writes none of the secrets a log line may be handed: fields at the top and one level down, settings, mail links and request headers', () => {
    const { logger, text } = capture();
    const fields = Object.fromEntries(SECRET_FIELDS.map((field) => [field, secretOf(field)]));
    const settings = Object.fromEntries(SECRET_SETTINGS.map((setting) => [setting, secretOf(setting)]));
    logger.info({ ...fields, ...settings }, 'top level');
    logger.info({ body: fields, config: settings, env: settings }, 'a body and the settings');
    // As a worker's `failed` listener logs a job: `{ data: job.data }`, and a mail job's data holds its links in `data`.
    logger.warn({ job: 'SEND_MAIL', data: { template: 'password-reset', data: { resetUrl: 'https://app.example.com/reset?token=SECRET-link-f00d' } } }, 'a mail job');
    logger.info(
      { req: { headers: { authorization: 'Bearer SECRET-jwt-f00d', cookie: 'sid=SECRET-cookie-f00d', 'x-step-up-grant': 'SECRET-grant-header-f00d' } } },
      'a request',
    );
    logger.error({ headers: { authorization: 'Bearer SECRET-jwt2-f00d' } }, 'bare headers');

    const written = text();
    expect(written.match(/SECRET-[\w-]+/g) ?? []).toEqual([]);
    // The lines are still there, with the fields named and marked.
    expect(written).toContain('"WALLET_MNEMONIC":"[redacted]"');
    expect(written).toContain('"authorization":"[redacted]"');
  });

  it('keeps the host of a credential-bearing URL and drops its user info, path and query', () => {
    const { logger, text } = capture();
    logger.info({
      SMTP_URL: 'smtps://mailer:SECRET-smtp-pass@smtp.example.com:465',
      DATABASE_URL: 'postgres://app:SECRET-db-pass@db.internal:5432/concierge',
      resetUrl: 'https://app.example.com/reset-password?token=SECRET-reset-token',
      CHAIN_RPC_URL: 'https://mainnet.example.net/v3/SECRET-rpc-key',
    });

    const line = JSON.parse(text()) as Record<string, string>;
    expect(text()).not.toContain('SECRET');
    expect(line['SMTP_URL']).toBe('smtps://smtp.example.com:465/[redacted]');
    expect(line['DATABASE_URL']).toBe('postgres://db.internal:5432/[redacted]');
    expect(line['resetUrl']).toBe('https://app.example.com/[redacted]');
  });

  it('puts the request id on every line written while serving a request, whichever logger writes it', async () => {
    const { logger, lines } = capture();
    await withLogContext({ requestId: 'req-42' }, async () => {
      logger.info('before an await');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ component: 'inner' }).warn({ requestId: 'req-42' }, 'after it, with the id given twice');
    });
    logger.info('outside');

    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => line['requestId'])).toEqual(['req-42', 'req-42', undefined]);
    // Given both by the context and by the call, the id is written once.
    expect(lines[1]?.match(/"requestId"/g)).toHaveLength(1);
  });
});
