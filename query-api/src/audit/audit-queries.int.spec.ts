import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_EVENTS_COLLECTION,
  AUDIT_STREAMS_COLLECTION,
  AuditEventsResponse,
  AuditStreamResponse,
  AuditStreamsResponse,
  positionOrder,
  type AuditEventReadModel,
  type AuditStreamReadModel,
} from '@concierge/contracts';
import { chainHash } from '@concierge/platform/event-store/hash-chain';
import type { EventMetadata, NewEvent } from '@concierge/platform/event-store/port';
import { startAuditApi, type AuditApiHarness } from './testing/audit-api.js';

const minute = (m: number) => new Date(Date.UTC(2026, 4, 1, 9, m)).toISOString();

function streamDoc(streamId: string, eventCount: number, m: number): AuditStreamReadModel {
  const position = `${100 + m}-${100 + m}`;
  const category = streamId.slice(0, streamId.indexOf('-'));
  return { id: streamId, streamId, category, eventCount, lastRevision: eventCount - 1, lastEventType: 'Something', lastEventAt: minute(m), lastPosition: position, lastOrder: positionOrder(position) };
}

function eventDoc(n: number, fields: Partial<AuditEventReadModel> & Pick<AuditEventReadModel, 'streamId' | 'type'>): AuditEventReadModel {
  const position = `${n}-${n}`;
  return {
    id: randomUUID(),
    category: fields.streamId.slice(0, fields.streamId.indexOf('-')),
    revision: 0,
    position,
    order: positionOrder(position),
    time: minute(n),
    occurredAt: minute(n),
    recordedAt: minute(n),
    actorType: 'user',
    actorUserId: 'member-1',
    actorRole: 'user',
    actorReason: null,
    correlationId: `req-${n}`,
    causationId: `req-${n}`,
    ...fields,
  };
}

const metadata = (userId: string, correlationId: string, at: string): EventMetadata => ({
  actor: { type: 'user', userId, role: 'user' },
  correlationId,
  causationId: correlationId,
  occurredAt: at,
  schemaVersion: 1,
});

describe('audit queries', () => {
  let api: AuditApiHarness;
  let auditor: { userId: string; authorization: string };
  const member = randomUUID();

  beforeAll(async () => {
    api = await startAuditApi('auditqueries');
    auditor = await api.signIn('auditor');
    await api.readStore.collection<AuditStreamReadModel>(AUDIT_STREAMS_COLLECTION).upsertMany([
      streamDoc(`account-${member}`, 12, 9),
      streamDoc(`user-${member}`, 3, 5),
      streamDoc('account-other', 1, 2),
      streamDoc('plan-default', 2, 1),
    ]);
    await api.readStore.collection<AuditEventReadModel>(AUDIT_EVENTS_COLLECTION).upsertMany([
      eventDoc(3, { streamId: `account-${member}`, type: 'WithdrawalRequested', correlationId: 'req-w' }),
      eventDoc(1, { streamId: `user-${member}`, type: 'UserRegistered', actorType: null, actorUserId: null, actorRole: null, correlationId: null, causationId: null, occurredAt: null }),
      eventDoc(5, { streamId: `account-${member}`, type: 'WithdrawalApproved', actorUserId: 'admin-1', actorRole: 'admin', correlationId: 'req-a' }),
      eventDoc(7, { streamId: `withdrawalRef-w1`, type: 'WithdrawalReferenced', correlationId: 'req-w' }),
      eventDoc(9, { streamId: `account-${member}`, type: 'WithdrawalCompleted', actorType: 'system', actorUserId: null, actorRole: null, actorReason: 'withdrawal-settlement', correlationId: 'req-a' }),
    ]);
  });
  afterAll(async () => api?.close());

  it('lists streams newest activity first, page by page, with exact totals and every category counted', async () => {
    const first = await api.get('/audit/streams?limit=2', auditor.authorization);
    expect(first.status).toBe(200);
    const page = AuditStreamsResponse.parse(first.body);
    expect(page.streams.map((s) => s.streamId)).toEqual([`account-${member}`, `user-${member}`]);
    expect(page).toMatchObject({ total: 4, page: 1, limit: 2, categories: { account: 2, user: 1, plan: 1 } });
    expect(page.streams[0]).toMatchObject({ eventCount: 12, lastRevision: 11, lastEventAt: minute(9) });

    const accounts = AuditStreamsResponse.parse((await api.get('/audit/streams?category=account&page=2&limit=1', auditor.authorization)).body);
    expect(accounts.streams.map((s) => s.streamId)).toEqual(['account-other']);
    expect(accounts.total).toBe(2);
    const searched = AuditStreamsResponse.parse((await api.get(`/audit/streams?search=${member.slice(0, 8).toUpperCase()}`, auditor.authorization)).body);
    expect(searched.streams.map((s) => s.streamId).sort()).toEqual([`account-${member}`, `user-${member}`]);
  });

  it('refuses a malformed filter with a message a person can act on', async () => {
    const bad = await api.get('/audit/streams?category=account-1', auditor.authorization);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('category must be letters only');
    const range = await api.get('/audit/events?from=2026-05-02T00:00:00Z&to=2026-05-01T00:00:00Z', auditor.authorization);
    expect(range.status).toBe(400);
    expect(JSON.stringify(range.body)).toContain('from must not be after to');
  });

  it('follows one request through every stream it touched, in global order', async () => {
    const found = AuditEventsResponse.parse((await api.get('/audit/events?correlationId=req-w', auditor.authorization)).body);
    expect(found.events.map((e) => `${e.streamId} ${e.type}`)).toEqual([`account-${member} WithdrawalRequested`, 'withdrawalRef-w1 WithdrawalReferenced']);
    expect(found.total).toBe(2);
  });

  it('searches by actor, type and time range, paged with the exact total, and shows an unrecorded actor as null', async () => {
    const byAdmin = AuditEventsResponse.parse((await api.get('/audit/events?actorId=admin-1', auditor.authorization)).body);
    expect(byAdmin.events.map((e) => e.type)).toEqual(['WithdrawalApproved']);
    expect(byAdmin.events[0]?.actor).toEqual({ type: 'user', userId: 'admin-1', role: 'admin' });
    const completed = AuditEventsResponse.parse((await api.get('/audit/events?type=WithdrawalCompleted', auditor.authorization)).body);
    expect(completed.events[0]?.actor).toEqual({ type: 'system', reason: 'withdrawal-settlement' });
    const window = AuditEventsResponse.parse((await api.get(`/audit/events?from=${minute(1)}&to=${minute(5)}&limit=2&page=2`, auditor.authorization)).body);
    expect(window.total).toBe(3);
    expect(window.events.map((e) => e.type)).toEqual(['WithdrawalApproved']);
    const old = AuditEventsResponse.parse((await api.get('/audit/events?type=UserRegistered', auditor.authorization)).body);
    expect(old.events[0]).toMatchObject({ actor: null, correlationId: null, occurredAt: null });
  });

  it('reads a stream from the event store itself, paged by revision, with metadata as recorded and an unrecorded actor as null', async () => {
    const stream = `wallet-${member}`;
    const events: NewEvent[] = [
      { id: randomUUID(), type: 'DepositAddressAssigned', data: { userId: member, index: 3 }, metadata: {} as EventMetadata },
      ...[1, 2, 3].map((n) => ({ id: randomUUID(), type: 'AutoWithdrawalConfigured', data: { userId: member, amountMicro: `${n}000000` }, metadata: metadata(member, `req-${n}`, minute(n)) })),
    ];
    await api.eventStore.appendToStream(stream, events, { expectedRevision: 'no_stream' });

    const first = AuditStreamResponse.parse((await api.get(`/audit/streams/${stream}?limit=2`, auditor.authorization)).body);
    expect(first.lastRevision).toBe(3);
    expect(first.events.map((e) => e.revision)).toEqual([0, 1]);
    expect(first.events[0]).toMatchObject({ actor: null, correlationId: null, occurredAt: null, metadata: {}, data: { index: 3 } });
    expect(first.events[1]).toMatchObject({ actor: { type: 'user', userId: member }, correlationId: 'req-1', occurredAt: minute(1), data: { amountMicro: '1000000' } });
    const next = AuditStreamResponse.parse((await api.get(`/audit/streams/${stream}?fromRevision=2&limit=2`, auditor.authorization)).body);
    expect(next.events.map((e) => e.revision)).toEqual([2, 3]);
    const newestFirst = AuditStreamResponse.parse((await api.get(`/audit/streams/${stream}?direction=backwards&limit=1`, auditor.authorization)).body);
    expect(newestFirst.events.map((e) => e.revision)).toEqual([3]);
    const none = AuditStreamResponse.parse((await api.get('/audit/streams/account-nobody', auditor.authorization)).body);
    expect(none).toEqual({ streamId: 'account-nobody', lastRevision: null, events: [] });
  });

  it('withholds the password hash of a user event recorded before the credential store, naming it, with the digest its chain step hashes', async () => {
    const stream = `user-${randomUUID()}`;
    const userId = stream.slice('user-'.length);
    const passwordHash = '$argon2id$v=19$m=65536,t=3,p=4$cXVlcnlzYWx0cXVlcnk$Wm9vbVpvb21ab29tWm9vbVpvb21ab29tWm9vbVpvb20';
    const registered = { userId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', passwordHash, role: 'user', registeredAt: minute(1) };
    await api.eventStore.appendToStream(
      stream,
      [
        { id: randomUUID(), type: 'UserRegistered', data: registered, metadata: metadata(userId, 'req-r', minute(1)) },
        { id: randomUUID(), type: 'UserApproved', data: { userId, approvedAt: minute(2) }, metadata: metadata('admin-1', 'req-a', minute(2)) },
      ],
      { expectedRevision: 'no_stream' },
    );
    const response = await api.get(`/audit/streams/${stream}`, auditor.authorization);
    expect(JSON.stringify(response.body)).not.toContain('$argon2id$');
    const [first, second] = AuditStreamResponse.parse(response.body).events;
    const { passwordHash: _withheld, ...shown } = registered;
    expect(first).toMatchObject({ type: 'UserRegistered', data: shown, withheld: ['passwordHash'], contentDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(second && Object.keys(second)).not.toContain('withheld');
    // The digest is the content as recorded: it chains to the hash the store keeps.
    const [recorded] = await api.eventStore.readStream(stream, { maxCount: 1 });
    expect(chainHash(recorded?.previousHash ?? '', 0n, first?.contentDigest ?? '')).toBe(recorded?.hash);
  });
});
