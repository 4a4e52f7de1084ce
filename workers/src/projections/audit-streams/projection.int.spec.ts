import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditStreamReadModel } from '@concierge/contracts';
import { at, envelope } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { AUDIT_STREAMS_COLLECTION, auditStreamsProjection } from './projection.js';

describe('audit streams projection', () => {
  const harness = useProjectionHarness(auditStreamsProjection, 'auditstreamsproj');
  const streams = () => harness.readStore.collection<AuditStreamReadModel>(AUDIT_STREAMS_COLLECTION);
  const member = randomUUID();

  it('keeps each stream with its category, exact event count and last event', async () => {
    await harness.append(`account-${member}`, envelope('DepositRecorded', {}, at(1)), envelope('WithdrawalRequested', {}, at(2)));
    await harness.append(`user-${member}`, envelope('UserRegistered', {}, at(0)));
    await harness.append(`account-${member}`, envelope('WithdrawalRejected', {}, at(3)));
    await harness.catchUp(2);

    expect(await streams().get(`account-${member}`)).toMatchObject({
      category: 'account',
      eventCount: 3,
      lastRevision: 2,
      lastEventType: 'WithdrawalRejected',
      lastEventAt: at(3),
    });
    expect(await streams().get(`user-${member}`)).toMatchObject({ category: 'user', eventCount: 1, lastEventType: 'UserRegistered' });
    expect(await streams().countBy('category')).toEqual({ account: 1, user: 1 });
  });

  it('comes out identical when rebuilt in batches of one', async () => {
    const before = await streams().find({ sort: [{ field: 'lastOrder', direction: 'desc' }] });
    expect(before.map((s) => s.streamId)).toEqual([`account-${member}`, `user-${member}`]);
    await harness.rebuild(1);
    expect(await streams().find({ sort: [{ field: 'lastOrder', direction: 'desc' }] })).toEqual(before);
  });
});
