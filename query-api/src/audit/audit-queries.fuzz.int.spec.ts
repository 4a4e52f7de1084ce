import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuditApi, type AuditApiHarness } from './testing/audit-api.js';

/** Parameter names the audit routes know, so generated queries often come close to valid ones. */
const NAMES = ['category', 'search', 'page', 'limit', 'type', 'from', 'to', 'actorId', 'correlationId', 'direction', 'fromRevision', 'after', '__proto__'];

const nearValidValue = fc.oneof(
  fc.constantFrom('', ' ', 'account', 'account-1', '0', '-1', '1.5', '101', '1e9', 'forwards', 'backwards', '2026-01-31T09:00:00Z', '2026-13-45T99:00:00Z', 'yesterday', '%', '_', "'; DROP TABLE x; --", '\\', 'A\ud800b'),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const query = fc.array(fc.tuple(fc.constantFrom(...NAMES), nearValidValue), { maxLength: 6 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [name, value] of pairs) params.append(name, value);
  return params.toString();
});

const streamId = fc.oneof(fc.constantFrom('account-1', 'auditReads-x', 'nodash', '-x', 'a-', `a-${'x'.repeat(300)}`), fc.string({ maxLength: 80 }));

/** Whatever an auditor's browser sends the audit routes: an answer or a 400 that says why, never a server error. */
describe('audit queries under generated input', () => {
  let api: AuditApiHarness;
  let authorization: string;

  beforeAll(async () => {
    api = await startAuditApi('auditfuzz');
    authorization = (await api.signIn('auditor')).authorization;
  });
  afterAll(async () => api?.close());

  it('answers every generated query of the three routes with 200 or a 400 carrying a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/audit/streams', '/audit/events', '/audit/streams/'), query, streamId, async (path, search, id) => {
        const target = path.endsWith('/') ? `${path}${encodeURIComponent(id)}` : path;
        const response = await api.get(`${target}?${search}`, authorization);
        expect([200, 400, 404], `${target}?${search} -> ${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
        if (response.status !== 200) expect(typeof response.body['message']).toBe('string');
      }),
      { numRuns: 300 },
    );
  });
});
