import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountStreamId } from '../money/account/account.js';
import { memberAtInstant } from './member-history.js';
import { memberJourney, type MemberJourney } from './testing/member-journey.js';

const before = (at: string) => new Date(Date.parse(at) - 1).toISOString();

/** The rebuild of a member the journey made, who exists. */
async function memberAt(eventStore: EventStore, userId: string, instant: string) {
  const answer = await memberAtInstant(eventStore, userId, instant);
  if (answer === undefined) throw new Error(`no user stream for ${userId}`);
  return answer;
}

describe("time travel: a member's account rebuilt from the streams at an instant, on PostgreSQL", () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let journey: MemberJourney;
  let account: RecordedEvent[];
  const recordedAtOf = (type: string, withdrawalId?: string): string => {
    const event = account.find((e) => e.type === type && (withdrawalId === undefined || e.data['withdrawalId'] === withdrawalId));
    if (!event) throw new Error(`no ${type} in the account stream`);
    return event.recordedAt;
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('timetravel');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    journey = await memberJourney(eventStore, 1);
    account = await eventStore.readStream(accountStreamId(journey.userId));
  });
  afterAll(async () => schemas?.drop());

  it('counts a deposit from the exact instant the store recorded it, and not a millisecond before', async () => {
    const at = recordedAtOf('DepositRecorded');
    const justBefore = await memberAt(eventStore, journey.userId, before(at));
    const atDeposit = await memberAt(eventStore, journey.userId, at);
    expect(justBefore.account.balance).toEqual({ micro: '0', usdc: '0' });
    expect(justBefore.account.deposits).toEqual([]);
    // 100 USDC less the Gold-like plan's 2.5% fee, exactly.
    expect(atDeposit.account.balance).toEqual({ micro: '97500000', usdc: '97.5' });
    expect(atDeposit.account.available).toEqual({ micro: '97500000', usdc: '97.5' });
    expect(atDeposit.account.deposits).toEqual([
      expect.objectContaining({ depositId: journey.depositId, amount: { micro: '100000000', usdc: '100' }, fee: { micro: '2500000', usdc: '2.5' }, creditedAt: at }),
    ]);
    expect(atDeposit.plan).toMatchObject({ planId: journey.planId, feePercentage: '2.5', isActive: true });
    expect(atDeposit.withdrawalAddresses).toEqual([expect.objectContaining({ label: 'Main', primary: true })]);
  });

  it("takes the store's microsecond time of an event into the millisecond it falls in, and not into the one before", async () => {
    const deposit = account.find((e) => e.type === 'DepositRecorded');
    const { rows } = await schemas.pool.query<{ micros: string }>(
      `SELECT (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS micros FROM ${schemas.eventStoreSchema}.events WHERE event_id = $1`,
      [deposit?.id],
    );
    const micros = BigInt(rows[0]?.micros ?? '0');
    const millisecond = new Date(Number(micros / 1000n)).toISOString();
    // The store's time, cut to the millisecond, is the time readers get and the instant that includes the event.
    expect(deposit?.recordedAt).toBe(millisecond);
    expect((await memberAt(eventStore, journey.userId, millisecond)).account.balance.micro).toBe('97500000');
    expect((await memberAt(eventStore, journey.userId, before(millisecond))).account.balance.micro).toBe('0');
  });

  it('reserves a requested withdrawal from its instant, and releases it from the instant of its rejection', async () => {
    const requestedAt = recordedAtOf('WithdrawalRequested', journey.rejectedWithdrawalId);
    const rejectedAt = recordedAtOf('WithdrawalRejected', journey.rejectedWithdrawalId);
    const beforeRequest = await memberAt(eventStore, journey.userId, before(requestedAt));
    const atRequest = await memberAt(eventStore, journey.userId, requestedAt);
    const beforeRejection = await memberAt(eventStore, journey.userId, before(rejectedAt));
    const atRejection = await memberAt(eventStore, journey.userId, rejectedAt);

    expect(beforeRequest.account.reserved.micro).toBe('0');
    expect(beforeRequest.account.withdrawals).toEqual([]);
    expect(atRequest.account.reserved).toEqual({ micro: '10000000', usdc: '10' });
    expect(atRequest.account.available).toEqual({ micro: '87500000', usdc: '87.5' });
    expect(atRequest.account.withdrawals).toEqual([
      expect.objectContaining({ withdrawalId: journey.rejectedWithdrawalId, status: 'pending', requestedAt, updatedAt: requestedAt, rejectionReason: null }),
    ]);
    expect(beforeRejection.account.withdrawals[0]?.status).toBe('pending');
    expect(beforeRejection.account.reserved.micro).toBe('10000000');
    expect(atRejection.account.withdrawals).toEqual([
      expect.objectContaining({ status: 'rejected', rejectionReason: 'Address not verified', requestedAt, updatedAt: rejectedAt }),
    ]);
    expect(atRejection.account.reserved.micro).toBe('0');
    expect(atRejection.account.balance.micro).toBe('97500000');
    expect(atRejection.account.available.micro).toBe('97500000');
  });

  it('shows the whole history at its end, the valuation as of then, and names the last event of each stream it used', async () => {
    const now = await memberAt(eventStore, journey.userId, new Date(Date.now() + 1000).toISOString());
    expect(now.member).toMatchObject({ status: 'approved', role: 'user', lastName: 'Journey1' });
    expect(now.account.balance).toEqual({ micro: '92500000', usdc: '92.5' });
    expect(now.account.withdrawals.map((w) => w.status)).toEqual(['rejected', 'completed']);
    expect(now.portfolio?.totalValue).toEqual({ micro: '92500000', usdc: '92.5' });
    const accountEvidence = now.streams.find((s) => s.streamId === accountStreamId(journey.userId));
    expect(accountEvidence).toEqual({ streamId: accountStreamId(journey.userId), eventsIncluded: account.length, lastRevision: account.length - 1, lastRecordedAt: account.at(-1)?.recordedAt });

    const beforeRegistration = await memberAt(eventStore, journey.userId, '2020-01-01T00:00:00.000Z');
    expect(beforeRegistration.member).toBeNull();
    expect(beforeRegistration.portfolio).toBeNull();
    expect(beforeRegistration.plan).toBeNull();
    expect(beforeRegistration.streams.every((s) => s.eventsIncluded === 0)).toBe(true);
    expect(await memberAtInstant(eventStore, 'no-such-member', new Date().toISOString())).toBeUndefined();
  });
});
