import { pino, type Logger } from 'pino';
import { currentLogContext } from './context.js';

export type { Logger };

/**
 * Every field name under which a secret travels somewhere in the product: passwords, access,
 * refresh, reset and email-confirmation tokens (and the links carrying them), the step-up grant,
 * deposit private keys, the wallet mnemonic, the hot wallet's, JWT and audit signing keys, and the
 * URLs whose user info holds credentials (SMTP, stores, chain RPC). Redacted at the top of a log
 * line's object and up to two levels below it (`{ config: { SMTP_URL } }`, `{ job: { data: { resetUrl } } }`).
 */
export const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'ADMIN_PASSWORD',
  'token',
  'accessToken',
  'refreshToken',
  'resetToken',
  'verifyToken',
  'resetUrl',
  'verifyUrl',
  'grant',
  'stepUpGrant',
  'privateKey',
  'mnemonic',
  'WALLET_MNEMONIC',
  'HOT_WALLET_PRIVATE_KEY',
  'JWT_PRIVATE_KEY',
  'AUDIT_SIGNING_KEY',
  'signingKey',
  'SMTP_URL',
  'smtpUrl',
  'DATABASE_URL',
  'REDIS_URL',
  'MONGO_URL',
  'EVENTSTORE_URL',
  'CHAIN_RPC_URL',
] as const;

/** Request headers that carry a credential, wherever a request object is logged. */
const SECRET_HEADERS = ['authorization', 'cookie', '["set-cookie"]', '["x-step-up-grant"]'];

export const REDACT_PATHS: readonly string[] = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
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
