import type { Response } from 'express';
import type { Problem } from '@concierge/contracts';

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * Answers RFC 7807 problem details in the shape the services use, so the SPA shows the
 * gateway's own errors the same way. `about:blank` because the title is the status phrase.
 */
export function sendProblem(res: Response, status: number, message: string): void {
  const problem: Problem = { type: 'about:blank', title: TITLES[status] ?? 'Error', status, message };
  res.status(status).type('application/problem+json').set('Cache-Control', 'no-store').send(JSON.stringify(problem));
}
