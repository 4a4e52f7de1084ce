import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TailVerification } from '@concierge/contracts';
import { signTestCheckpoint, testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { startAuditorApi, type AuditorApi } from '../time-travel/testing/api.js';

/** Bodies and query strings as people and programs send them: JSON of every shape, text, nothing. */
const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(undefined, null, [], 'text', 42, true, {}, { verdict: 'intact' }, { from: '0-0' }));
const search = fc.oneof(fc.constant(''), fc.string({ maxLength: 60 }).map((text) => `?from=${encodeURIComponent(text)}`), fc.string({ unit: 'binary', maxLength: 40 }).map((text) => `?${encodeURIComponent(text)}`));

describe('the tail check under generated input', () => {
  const { key } = testAuditKey();
  let api: AuditorApi;
  let auditor: string;

  beforeAll(async () => {
    api = await startAuditorApi('tailfuzz', { auditPublicKey: key });
    auditor = await api.signIn('auditor');
    await signTestCheckpoint(api.eventStore, key);
  }, 30_000);
  afterAll(async () => api?.close());

  it('answers any body with a verdict or a 400 carrying a message, never a server error, and never moves the store', async () => {
    const before = await api.eventStore.lastPosition();
    await fc.assert(
      fc.asyncProperty(body, search, async (value, query) => {
        const answer = await api.request('POST', `/audit/verification/tail${query}`, auditor, value);
        const context = JSON.stringify({ value, query, answer: answer.body });
        expect([200, 400], context).toContain(answer.status);
        if (answer.status === 200) expect(TailVerification.safeParse(answer.body).success, context).toBe(true);
        else expect(String(answer.body['message'] ?? '').length, context).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
    expect(await api.eventStore.lastPosition()).toEqual(before);
  }, 120_000);
});
