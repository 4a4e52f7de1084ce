import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, ServiceUnavailableError } from '../errors.js';
import { isUnavailable } from '../errors-unavailable.js';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { loggedPath } from '../logging/http-log.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function problem(status: number, message: string, extra: Record<string, unknown> = {}) {
  return { type: 'about:blank', title: TITLES[status] ?? 'Error', status, message, ...extra };
}

/** Answers problem details outside the error handler (the gateway's own refusals, say); never stored. */
export function sendProblem(res: Response, status: number, message: string): void {
  res.status(status).type('application/problem+json').set('Cache-Control', 'no-store').json(problem(status, message));
}

const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** Maps every error to RFC 7807 problem details whose `message` a person can act on. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (thrown: unknown, req, res, next) => {
    if (res.headersSent) return next(thrown);
    let error = thrown;
    if (isUnavailable(thrown)) {
      // Nothing was acknowledged: an append either committed whole or not at all, so a retry is safe.
      logger.warn({ err: thrown, method: req.method, ...loggedPath(req) }, 'a dependency is unavailable');
      error = new ServiceUnavailableError(undefined, UNAVAILABLE_RETRY_AFTER_SECONDS);
    }
    const send = (status: number, message: string, extra: Record<string, unknown> = {}) =>
      res.status(status).type('application/problem+json').json(problem(status, message, extra));
    // A refusal that says when to come back (503, a 429 limit or back-off) says it in Retry-After too.
    const retryAfter = error instanceof AppError ? (error as { readonly retryAfterSeconds?: unknown }).retryAfterSeconds : undefined;
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    if (error instanceof AppError) return send(error.status, error.message, error.extra);
    if (error instanceof WrongExpectedRevisionError) {
      return send(409, 'This was changed by someone else at the same moment. Please reload and try again.');
    }
    const bodyError = error as { type?: string; status?: number; limit?: number };
    if (bodyError.type === 'entity.too.large') {
      return send(413, `The request body is too large (limit ${Math.round((bodyError.limit ?? 0) / 1024)} kB).`);
    }
    if (bodyError.type === 'entity.parse.failed') return send(400, 'The request body is not valid JSON.');
    if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
      return send(415, 'The request body must be UTF-8 encoded JSON.');
    }
    // Errors Express raises itself before any route runs (an undecodable path, say) carry a 4xx status.
    if (error instanceof URIError) return send(400, 'The request path is not valid.');
    if (typeof bodyError.status === 'number' && bodyError.status >= 400 && bodyError.status < 500) {
      return send(bodyError.status, 'The request cannot be served as sent.');
    }
    logger.error({ err: error, method: req.method, ...loggedPath(req) }, 'request failed');
    return send(500, 'Something went wrong on our side. Please try again.');
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).type('application/problem+json').json(problem(404, `No API route ${req.method} ${req.originalUrl}`));
};
