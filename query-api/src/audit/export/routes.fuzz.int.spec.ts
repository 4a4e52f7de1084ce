import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationOverview } from '@concierge/contracts';
import { testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { startIntegrityApi, type IntegrityApi } from './testing/api.js';

const NAMES = ['stream', 'from', 'to', 'category', '__proto__'];
const value = fc.oneof(
  fc.constantFrom('', ' ', 'account-1', 'account-0', 'nodash', '-x', 'a-', `a-${'x'.repeat(300)}`, '2026-01-31T09:00:00Z', '2026-13-45T99:00:00Z', '2100-01-01T00:00:00+05:30', 'yesterday', '%', '\\', 'A\ud800b'),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
);
const query = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString());

/** Whatever a browser sends the export and verification routes: an export, a panel or a clear 4xx, never a server error. */
describe('audit export and verification under generated input', () => {
  let api: IntegrityApi;
  let authorization: string;

  beforeAll(async () => {
    api = await startIntegrityApi('exportfuzz', testAuditKey().key, 2);
    authorization = (await api.signIn('auditor')).authorization;
  }, 30_000);
  afterAll(async () => api?.close());

  it('answers every generated query with an export, a 400 or a 404 carrying a message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/audit/export', '/audit/verification'), query, async (path, search) => {
        const response = await api.get(`${path}?${search}`, authorization);
        const text = await response.text();
        const context = `${path}?${search} -> ${response.status} ${text.slice(0, 200)}`;
        expect([200, 400, 404], context).toContain(response.status);
        if (response.status !== 200) expect(typeof (JSON.parse(text) as { message?: unknown }).message, context).toBe('string');
        else if (path === '/audit/verification') expect(VerificationOverview.safeParse(JSON.parse(text)).success, context).toBe(true);
        else expect(JSON.parse(text.trimEnd().split('\n').pop() ?? '{}'), context).toMatchObject({ kind: 'trailer' });
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
