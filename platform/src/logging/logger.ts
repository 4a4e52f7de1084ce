import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs, one line each; secrets are redacted wherever they might appear. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.passwordHash',
        '*.privateKey',
        '*.refreshToken',
        '*.token',
        // A step-up grant reveals a private key once: never in a log line.
        'req.headers["x-step-up-grant"]',
        '*.grant',
      ],
      censor: '[redacted]',
    },
  });
}
