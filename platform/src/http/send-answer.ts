import { once } from 'node:events';
import type { Response } from 'express';
import type { RouteDef } from '@concierge/contracts';
import { AppError } from '../errors.js';
import { formatPosition, type Position } from '../event-store/position.js';
import { isReply } from './handlers.js';

/** An answer that does not match its route's response schema (seen only where responses are checked: in tests). */
export class ResponseMismatchError extends AppError {
  constructor(route: RouteDef, issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]) {
    const listed = issues.slice(0, 5).map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`);
    super(500, `The answer of ${route.id} does not match its response schema: ${listed.join('; ')}`);
  }
}

export interface SendOptions {
  /** Parse the answer with the route's `response` schema first (see MountOptions.checkResponses). */
  readonly checkResponses: boolean;
}

/**
 * Sends a handler's answer with the route's success status (200, or the table's 201/202): a bare
 * body as JSON (or as text where the route names a `contentType`), a reply with its headers. An
 * event-store position in the body's `position` goes out in its wire form, written here only.
 */
export async function sendAnswer(route: RouteDef, res: Response, answer: unknown, options: SendOptions): Promise<void> {
  const replied = isReply(answer) ? answer : undefined;
  if (replied?.kind === 'lines') {
    start(route, res, replied.headers);
    res.setHeader('content-type', `${route.contentType ?? 'text/plain'}; charset=utf-8`);
    await writeLines(res, replied.lines);
    return;
  }
  if (replied?.kind === 'json-text') {
    if (options.checkResponses) check(route, JSON.parse(replied.text));
    start(route, res, replied.headers);
    res.type('application/json').send(replied.text);
    return;
  }
  const body = inWireForm(replied ? replied.body : answer);
  if (options.checkResponses) check(route, body);
  start(route, res, replied?.headers ?? {});
  if (route.contentType) res.type(route.contentType).send(body);
  else res.json(body);
}

function start(route: RouteDef, res: Response, headers: Readonly<Record<string, string>>): void {
  res.status(route.status ?? 200);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function check(route: RouteDef, body: unknown): void {
  const parsed = route.response.safeParse(body);
  if (parsed.success) return;
  const mismatch = new ResponseMismatchError(route, parsed.error.issues);
  // Said on stderr as well: a spec that only reads the status would otherwise show a bare 500.
  console.error(mismatch.message);
  throw mismatch;
}

function isPosition(value: unknown): value is Position {
  return typeof value === 'object' && value !== null && typeof (value as Position).commit === 'bigint' && typeof (value as Position).prepare === 'bigint';
}

/** The body with a store position under `position` written `<commit>-<prepare>`, as clients send it back in X-Min-Position. */
function inWireForm(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('position' in body)) return body;
  return isPosition(body.position) ? { ...body, position: formatPosition(body.position) } : body;
}

/** Writes one line, waiting for a slow client; false once the client has gone. */
async function writeLine(res: Response, line: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(`${line}\n`)) return true;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

async function writeLines(res: Response, lines: AsyncIterable<string>): Promise<void> {
  try {
    for await (const line of lines) if (!(await writeLine(res, line))) return;
    res.end();
  } catch (error) {
    // Too late for an error answer: cut the answer short, so a reader sees it incomplete rather than whole.
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
