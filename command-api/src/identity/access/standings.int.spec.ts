import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMetadata } from '@concierge/domain/shared/command-context';
import { userAggregate } from '@concierge/domain/identity/user/decide';
import { startIdentityApi, type IdentityApi } from '../testing/harness.js';

const PASSWORD = 'Analytical1';

/**
 * A change this process was not told about (written by another process while the notice channel
 * was away) is honoured at once by routes that move money or reveal keys, and by every route
 * within the one-second life of a cached standing.
 */
describe('standings on the command side without a change notice', () => {
  let api: IdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi('standings');
  });
  afterAll(async () => {
    await api?.close();
  });

  it('refuses a money move at once and every other command within a second', async () => {
    const userId = await api.seedUser({ email: 'quiet@example.com', password: PASSWORD });
    const auth = { authorization: api.bearer(userId) };
    const profile = () => api.send('PUT', '/users/profile', { firstName: 'Ada', lastName: 'Quiet' }, auth);
    expect((await profile()).status).toBe(200);

    // Suspended straight in the store: no notice reaches the API's cache.
    const ctx = { actor: { type: 'system' as const, reason: 'test' }, correlationId: 't', causationId: 't', now: api.clock.now };
    const suspend = { type: 'UpdateUserDetails' as const, data: { userId, status: 'suspended' as const }, metadata: commandMetadata(ctx) };
    await userAggregate.handle({ eventStore: api.store }, userId, suspend, ctx);

    const move = await api.send('POST', '/withdrawals/addresses', { label: 'Main', address: `0x${'3'.repeat(40)}` }, auth);
    expect(move.status).toBe(403);
    expect(move.body['message']).toBe('Your account has been suspended. Please contact support.');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await profile()).status).toBe(403);
  });
});
