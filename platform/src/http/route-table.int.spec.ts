import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@concierge/contracts';
import { listen } from '../testing/http.js';
import { createApiApp } from './base-app.js';
import { reply, type Handlers, type Side } from './handlers.js';
import { mountRouteTable, notImplemented } from './route-table.js';

/** Every route of a side unbuilt, so a spec builds only the few it exercises. */
function unbuilt<S extends Side>(side: S): Handlers<S> {
  return Object.fromEntries(routes.filter((route: RouteDef) => route.side === side).map((route) => [route.id, notImplemented])) as unknown as Handlers<S>;
}

// Only public routes are called here: no token is ever verified, no standing ever read.
const auth = { publicKey: 'never read', standings: { standing: () => Promise.reject(new Error('public routes read no standing')) } };

describe('the route table as a handler sees it', () => {
  const seen: unknown[] = [];
  let checked: Awaited<ReturnType<typeof listen>>;
  let unchecked: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    const command: Handlers<'command'> = {
      ...unbuilt('command'),
      'auth.logout': ({ body }) => {
        seen.push(body);
        return { message: 'Signed out.', position: { commit: 12n, prepare: 34n } };
      },
      'auth.register': () => ({ message: 'Registered.', position: null }),
      'auth.verifyEmail': () => reply.body({ message: 'Confirmed.', position: '5-6' }, { 'X-Extra': 'yes' }),
      // A handler that lies about its answer (the types forbid it; a cast gets past them).
      'auth.refreshToken': () => ({ token: 42, refreshToken: 'r', position: null }) as unknown as { token: string; refreshToken: string; position: null },
    };
    const query: Handlers<'query'> = {
      ...unbuilt('query'),
      'openapi.document': () => reply.jsonText('{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}'),
      'openapi.reference': () => '<p>reference</p>',
    };
    const app = (checkResponses: boolean) =>
      createApiApp({
        logger: pino({ level: 'silent' }),
        routers: [mountRouteTable({ side: 'command', routes, auth, handlers: command, checkResponses }), mountRouteTable({ side: 'query', routes, auth, handlers: query, checkResponses })],
      });
    [checked, unchecked] = await Promise.all([listen(app(true)), listen(app(false))]);
  });

  afterAll(async () => {
    await Promise.all([checked?.close(), unchecked?.close()]);
  });

  const refreshToken = 'session.0123456789abcdef';
  const post = (api: { url: string }, path: string, body: unknown) =>
    fetch(`${api.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('hands the handler its body as the schema parsed it and writes a store position in its wire form', async () => {
    const answer = await post(checked, '/auth/logout', { refreshToken: `  ${refreshToken}  ` });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: 'Signed out.', position: '12-34' });
    expect(seen.at(-1)).toEqual({ refreshToken });
  });

  it('refuses a malformed body with 400 before any handler runs', async () => {
    const before = seen.length;
    const answer = await post(checked, '/auth/logout', { refreshToken: 7 });
    expect(answer.status).toBe(400);
    expect(seen).toHaveLength(before);
  });

  it("answers with the table's success status and a reply's headers", async () => {
    const registered = await post(checked, '/auth/register', { email: 'ada@example.com', password: 'Str0ngPassw0rd!', firstName: 'Ada', lastName: 'Lovelace' });
    expect([registered.status, await registered.json()]).toEqual([201, { message: 'Registered.', position: null }]);
    const confirmed = await post(checked, '/auth/verify-email', { token: 'user.0123456789abcdef' });
    expect([confirmed.status, confirmed.headers.get('x-extra'), await confirmed.json()]).toEqual([200, 'yes', { message: 'Confirmed.', position: '5-6' }]);
  });

  it('answers 501 for a route built without its dependency, whatever was sent', async () => {
    const answer = await post(checked, '/auth/forgot-password', { email: 42 });
    expect(answer.status).toBe(501);
  });

  it('answers 500 naming the route and the field when an answer does not match its schema, where answers are checked', async () => {
    const answer = await post(checked, '/auth/refresh-token', { refreshToken });
    expect(answer.status).toBe(500);
    expect(((await answer.json()) as { message: string }).message).toMatch(/^The answer of auth\.refreshToken does not match its response schema: token: /);
    // Production does not parse answers: the same handler's answer goes out as it is.
    const loose = await post(unchecked, '/auth/refresh-token', { refreshToken });
    expect([loose.status, await loose.json()]).toEqual([200, { token: 42, refreshToken: 'r', position: null }]);
  });

  it('sends JSON text as it is and text in the route’s own media type', async () => {
    const document = await fetch(`${checked.url}/api/openapi.json`);
    expect(document.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await document.text()).toBe('{"openapi":"3.1.0","info":{"title":"t","version":"1"},"paths":{}}');
    const page = await fetch(`${checked.url}/api/docs`);
    expect([page.headers.get('content-type'), await page.text()]).toEqual(['text/html; charset=utf-8', '<p>reference</p>']);
  });
});
