import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditRecordsViewed } from '@concierge/contracts';
import { UNRECORDED_READ_MESSAGE } from './record-reads.js';
import { startAuditApi, type AuditApiHarness } from './testing/audit-api.js';

describe("an auditor's own reads are recorded", () => {
  let api: AuditApiHarness;
  const recordsOf = async (userId: string) =>
    (await api.eventStore.readStream(`auditReads-${userId}`)).map((event) => ({ type: event.type, ...AuditRecordsViewed.parse(event.data) }));

  beforeAll(async () => {
    api = await startAuditApi('auditreads');
  });
  afterAll(async () => api?.close());

  it('records what each audit read asked for, by whom, in the reader\'s own stream', async () => {
    const auditor = await api.signIn('auditor');
    expect((await api.get('/audit/streams/account-42?fromRevision=5&limit=10', auditor.authorization)).status).toBe(200);
    expect((await api.get('/audit/events?correlationId=req-9', auditor.authorization)).status).toBe(200);
    const records = await recordsOf(auditor.userId);
    expect(records).toEqual([
      expect.objectContaining({
        type: 'AuditRecordsViewed',
        userId: auditor.userId,
        role: 'auditor',
        routeId: 'audit.stream',
        path: '/audit/streams/account-42',
        params: { streamId: 'account-42' },
        query: { direction: 'forwards', fromRevision: 5, limit: 10 },
      }),
      expect.objectContaining({ routeId: 'audit.all', query: { correlationId: 'req-9', page: 1, limit: 25 } }),
    ]);
    const [first] = await api.eventStore.readStream(`auditReads-${auditor.userId}`);
    expect(first?.metadata.actor).toEqual({ type: 'user', userId: auditor.userId, role: 'auditor' });
  });

  it("records an auditor's look at the users list, but not an admin's everyday use of it, nor anyone's own account", async () => {
    const auditor = await api.signIn('auditor');
    const admin = await api.signIn('admin');
    expect((await api.get('/users?search=ada', auditor.authorization)).status).toBe(200);
    expect((await api.get('/users', admin.authorization)).status).toBe(200);
    await api.get('/auth/me', auditor.authorization);
    // Compared as values: the store keeps an event's data as canonical JSON, keys sorted.
    expect((await recordsOf(auditor.userId)).map((r) => [r.routeId, r.query])).toEqual([['users.list', { page: 1, limit: 10, search: 'ada' }]]);
    expect(await recordsOf(admin.userId)).toEqual([]);
    // Public reads have no reader to record and stay public.
    expect((await api.get('/strategies/public', '')).status).toBe(200);
    // An admin's reads of the event store are audit reads all the same.
    await api.get('/audit/streams', admin.authorization);
    expect((await recordsOf(admin.userId)).map((r) => r.routeId)).toEqual(['audit.streams']);
  });

  it('does not record the verification overview the panel polls: it holds no one\'s records, and each poll would move the store', async () => {
    const auditor = await api.signIn('auditor');
    const before = await api.eventStore.lastPosition();
    for (let poll = 0; poll < 3; poll += 1) expect((await api.get('/audit/verification', auditor.authorization)).status).toBe(200);
    expect(await recordsOf(auditor.userId)).toEqual([]);
    expect(await api.eventStore.lastPosition()).toEqual(before);
    // The reports themselves name documents and their values: reading one is recorded.
    expect((await api.get('/audit/replay-verifications/latest', auditor.authorization)).status).toBe(404);
    expect((await recordsOf(auditor.userId)).map((r) => r.routeId)).toEqual(['audit.latestReplayVerification']);
  });

  it('serves no read it could not record: the store refusing the record answers 503 and shows nothing', async () => {
    const auditor = await api.signIn('auditor');
    await api.eventStore.appendToStream('account-secret', [
      { id: crypto.randomUUID(), type: 'DepositRecorded', data: { amountMicro: '5000000' }, metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 } },
    ], { expectedRevision: 'no_stream' });
    api.failRecords(true);
    try {
      const refused = await api.get('/audit/streams/account-secret', auditor.authorization);
      expect(refused.status).toBe(503);
      expect(refused.body['message']).toBe(UNRECORDED_READ_MESSAGE);
      expect(JSON.stringify(refused.body)).not.toContain('5000000');
    } finally {
      api.failRecords(false);
    }
    expect(await recordsOf(auditor.userId)).toEqual([]);
    const served = await api.get('/audit/streams/account-secret', auditor.authorization);
    expect(served.status).toBe(200);
    expect(await recordsOf(auditor.userId)).toHaveLength(1);
  });
});
