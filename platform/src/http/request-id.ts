import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { REQUEST_ID_PATTERN } from '@concierge/contracts';
import { withLogContext } from '../logging/context.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A request id a client may choose (REQUEST_ID_PATTERN): letters, digits and `_ . : -`, at most 128
 * characters, so a UUID, a ULID or a tracing header's id passes and nothing can break a log line or
 * a header. Jobs carry it as their correlation id under the same rule.
 */
export function isRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}

/** The id a request goes by: the one it carries when well-formed, else a new UUID. */
export function requestIdOf(header: string | readonly string[] | undefined): string {
  return isRequestId(header) ? header : randomUUID();
}

/**
 * Settles the request's id (the caller's X-Request-Id when well-formed, else a new one), answers it
 * in X-Request-Id, leaves it in the request's headers for what reads or forwards them, and runs the
 * rest of the request with it on every log line. The gateway does this first, so the APIs behind it
 * accept the gateway's id and the same id names the request in every service.
 */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    withLogContext({ requestId }, next);
  };
}
