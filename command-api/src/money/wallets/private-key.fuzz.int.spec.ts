import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletRoutes, type RouteDef } from '@concierge/contracts';
import { assignDepositAddress } from '@concierge/domain/money/wallets/assign-deposit-address';
import { fuzzCallers, startIdentityApi, type IdentityApi } from '../../identity/testing/harness.js';

const MNEMONIC = 'test test test test test test test test test test test junk';
const PASSWORD = 'Analytical1';
const routes: RouteDef[] = [walletRoutes.privateKey, walletRoutes.privateKeyGrant];

const nearValidValue = fc.oneof(
  fc.constantFrom(PASSWORD, 'generic reason', '', ' ', null, true, 0, -1, 1e308),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.integer({ min: 400, max: 20_000 }).map((n) => 'x'.repeat(n)),
);
const body = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom('password', 'reason', '__proto__', 'constructor'), fc.string({ maxLength: 12 })), nearValidValue, { maxKeys: 5 }),
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, [], 'text', 42),
);
/** Header values a client can send: printable ASCII, of any length up to well past a real grant. */
const grantHeader = fc.option(
  fc.oneof(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }), fc.base64String({ maxLength: 60 })),
  { nil: undefined },
);

describe('fuzzing the key-reveal routes (step-up grant and reveal)', () => {
  let api: IdentityApi;
  let ids: string[];
  let callers: Array<Record<string, string>>;

  beforeAll(async () => {
    api = await startIdentityApi('keyfuzz', { walletMnemonic: MNEMONIC });
    const adminId = await api.seedUser({ email: 'admin@example.com', password: PASSWORD, role: 'admin' });
    const memberId = await api.seedUser({ email: 'member@example.com', password: PASSWORD });
    const ctx = { actor: { type: 'system' as const, reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() };
    await assignDepositAddress({ eventStore: api.store, mnemonic: MNEMONIC }, { userId: memberId }, ctx);
    ids = [adminId, memberId];
    callers = fuzzCallers(api, adminId, memberId);
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers malformed input with a 4xx problem, never a 5xx, and appends nothing for an invalid request', { timeout: 120_000 }, async () => {
    const param = fc.oneof(fc.constantFrom(...ids), fc.uuid(), fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }), fc.constantFrom('..', '%', '%00', 'a'.repeat(65), ' '));
    const request = fc.record({ route: fc.constantFrom(...routes), param, body, grant: grantHeader, caller: fc.nat({ max: callers.length - 1 }) });
    await fc.assert(
      fc.asyncProperty(request, async ({ route, param: value, body: payload, grant, caller }) => {
        const path = route.path.replace(':id', /^%[0-9A-F]{0,2}$/i.test(value) ? value : encodeURIComponent(value));
        const headers: Record<string, string> = { ...callers[caller], ...(grant === undefined ? {} : { 'x-step-up-grant': grant }) };
        const init: RequestInit = { method: route.method, headers };
        if (route.method === 'POST') {
          headers['content-type'] = 'application/json';
          init.body = JSON.stringify(payload) ?? 'null';
        }
        const validBody = route.body?.safeParse(payload ?? {}).success ?? true;
        const before = await api.head();
        const response = await fetch(`${api.url}/api${path}`, init);
        const text = await response.text();
        expect(response.status, `${route.method} ${path} -> ${text.slice(0, 300)}`).toBeLessThan(500);
        if (route.method === 'GET') expect(response.status, 'a fuzzed grant was accepted').not.toBe(200);
        if (response.status >= 400 && response.status !== 404) expect(typeof (JSON.parse(text) as { message?: unknown }).message).toBe('string');
        if (!validBody || route.method === 'GET') expect(await api.head(), `${route.id} appended`).toBe(before);
      }),
      { numRuns: 400 },
    );
  });
});
