import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@concierge/contracts';
import { documentCoverage } from '@concierge/platform/openapi/coverage';
import type { OpenApiDocument } from '@concierge/platform/openapi/document';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp } from '../app.js';

const PATHS = ['/api/openapi.json', '/api/docs', '/api/docs/reference.css'] as const;
/** Header values as clients get them wrong: empty, huge, forged tokens, control characters stripped by fetch's rules. */
const headerText = fc.oneof(fc.constantFrom('', ' ', 'null', '*/*', 'text/html', 'Bearer', 'Bearer x.y.z', 'Basic YWRtaW46YWRtaW4='), fc.stringMatching(/^[\x20-\x7e]{0,200}$/));
const queryText = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('%', '%00', 'a=1&a=2', 'refresh=true', 'page=-1', '__proto__[x]=1'));

describe('fuzzing the API description routes', () => {
  let schemas: TestSchemas;
  let api: Awaited<ReturnType<typeof listen>>;
  const keys = testKeys();
  const canonical = new Map<string, string>();

  beforeAll(async () => {
    schemas = await createTestSchemas('openapifuzz');
    const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    api = await listen(createQueryApp({ readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }), checkResponses: true }));
    for (const path of PATHS) {
      const answer = await fetch(`${api.url}${path}`);
      expect(answer.status, path).toBe(200);
      canonical.set(path, await answer.text());
    }
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await schemas?.drop();
  });

  it('serves the document of every route of the table to anyone, as JSON, HTML and CSS', async () => {
    const document = JSON.parse(canonical.get('/api/openapi.json') ?? '{}') as OpenApiDocument;
    expect(documentCoverage(routes, document)).toEqual({ missing: [], unrouted: [] });
    const page = await fetch(`${api.url}/api/docs`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const css = await fetch(`${api.url}/api/docs/reference.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers the same bytes whatever query, token, position or request id comes with the call', async () => {
    const token = fc.oneof(headerText, fc.constant(bearerFor(keys, { sub: 'someone', role: 'admin' })));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), queryText, token, headerText, headerText, async (path, query, authorization, position, accept) => {
        const answer = await fetch(`${api.url}${path}?${encodeURI(query)}`, {
          headers: { authorization, 'x-min-position': position, 'x-request-id': position, accept },
        });
        expect(answer.status, `${path}?${query}`).toBe(200);
        expect(await answer.text()).toBe(canonical.get(path));
      }),
      { numRuns: 120 },
    );
  }, 60_000);

  it('refuses every other method with a 4xx problem (404: no such route; 400: a body that is not a JSON object), and the document stays the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH'), fc.jsonValue({ maxDepth: 2 }), async (path, method, body) => {
        const answer = await fetch(`${api.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'null' });
        expect([400, 404], `${method} ${path}`).toContain(answer.status);
        expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }),
      { numRuns: 60 },
    );
    for (const path of PATHS) expect(await (await fetch(`${api.url}${path}`)).text()).toBe(canonical.get(path));
  }, 60_000);
});
