import { pino, type Logger } from 'pino';
import { currentLogContext } from './context.js';

export type { Logger };

/**
 * Every field name under which a secret travels in the product's requests, answers, events and
 * job data: passwords and their hashes, access, refresh, reset and email-confirmation tokens (all
 * `token` or `refreshToken`) and the links carrying them, the credential store's `material`, the step-up grant, deposit private keys,
 * a mnemonic. Redacted at the top of a log line's object and one level below it (`{ body: { password } }`).
 */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'tokenHash',
  'grantHash',
  'material',
  'token',
  'refreshToken',
  'resetUrl',
  'verifyUrl',
  'grant',
  'privateKey',
  'mnemonic',
] as const;

/**
 * The settings that hold secrets (the wallet mnemonic, the hot wallet's, JWT and audit signing
 * keys, the start-up admin's password, URLs whose user info holds credentials), redacted at the top
 * of a line and in a `config` or `env` object: no code logs its settings whole, and a wildcard per
 * setting would cost every line more than all the rest together.
 */
export const SECRET_SETTINGS = [
  'WALLET_MNEMONIC',
  'HOT_WALLET_PRIVATE_KEY',
  'JWT_PRIVATE_KEY',
  'AUDIT_SIGNING_KEY',
  'ADMIN_PASSWORD',
  'SMTP_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'MONGO_URL',
  'EVENTSTORE_URL',
  'CHAIN_RPC_URL',
] as const;

/** Request headers that carry a credential, wherever a request object is logged. */
const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-step-up-grant"]'];

/** Secrets two levels down: the links in a mail job's data (`{ job: { data: { resetUrl } } }`). */
const NESTED_SECRET_PATHS = ['*.data.resetUrl', '*.data.verifyUrl'];

/**
 * fast-redact's cost grows with each wildcard path (a `*.*.field` for every field made a line 30
 * to 100 times dearer than none), so wildcards are kept to the fields that travel nested.
 */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ...SECRET_SETTINGS.flatMap((setting) => [setting, `config.${setting}`, `env.${setting}`]),
  ...NESTED_SECRET_PATHS,
  ...SECRET_HEADERS.flatMap((header) => [`req.headers.${header}`, `headers.${header}`, `*.headers.${header}`].map((path) => path.replace('.[', '['))),
];

export const REDACTED = '[redacted]';

/**
 * What a secret field becomes in a log line. A URL keeps its scheme and host, so an operator still
 * sees which SMTP server or database a service talks to; its user info, path and query (where
 * credentials, tokens and API keys travel) go. Anything else is replaced whole.
 */
export function censor(value: unknown): string {
  if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.host !== '') return `${url.protocol}//${url.host}/${REDACTED}`;
    } catch {
      // Not a URL after all: replaced whole below.
    }
  }
  return REDACTED;
}

/**
 * JSON logs, one line each; secrets are redacted by the paths above wherever they might appear.
 * A line written while serving a request or running a job carries its request id or correlation
 * id (platform/src/logging/context.ts), whichever logger instance writes it.
 */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options = { name: service, level, mixin: () => ({ ...currentLogContext() }), redact: { paths: [...REDACT_PATHS], censor } };
  return destination ? pino(options, destination) : pino(options);
}
