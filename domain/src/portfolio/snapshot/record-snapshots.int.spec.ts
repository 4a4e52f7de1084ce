import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSchemas } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { accountAggregate } from '../../money/account/decide.js';
import { recordDeposit } from '../../money/account/testing.js';
import type { CommandContext } from '../../shared/command-context.js';
import type { PortfolioSources } from '../sources/ports.js';
import { ledgerSourcesOf, ledgerTokenName } from './ledger.js';
import { portfolioStreamId } from './portfolio.js';
import { recordPortfolioSnapshots, snapshotIdOf, type SnapshotTarget } from './record-snapshots.js';

const NOW = new Date('2026-11-24T12:00:05.000Z');
const SLOT = '2026-11-24T12:00:00.000Z';

describe('valuing a batch of members in ledger mode on PostgreSQL', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  const context = (): CommandContext => ({ actor: { type: 'system', reason: 'portfolio snapshot' }, correlationId: randomUUID(), causationId: randomUUID(), now: NOW });

  beforeAll(async () => {
    schemas = await createTestSchemas('portfoliosnap');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  /** Credits `amountMicro` to a new member (no fee) and returns their id. */
  async function memberWith(amountMicro: bigint): Promise<string> {
    const userId = randomUUID();
    if (amountMicro > 0n) {
      const command = recordDeposit(randomUUID(), amountMicro, '0', Math.floor(Math.random() * 1e9));
      await accountAggregate.handle({ eventStore }, userId, { ...command, data: { ...command.data, userId } }, context());
    }
    return userId;
  }

  /** Ledger sources that count their reads. */
  function countingLedger(): { sources: PortfolioSources; reads: { holdings: number; prices: number } } {
    const inner = ledgerSourcesOf({ eventStore }, () => NOW);
    const reads = { holdings: 0, prices: 0 };
    return {
      reads,
      sources: {
        ...inner,
        holdings: { kind: 'ledger', balances: (members, pin) => ((reads.holdings += 1), inner.holdings.balances(members, pin)) },
        prices: { kind: 'ledger', prices: (pin) => ((reads.prices += 1), inner.prices.prices(pin)) },
      },
    };
  }

  const target = (userId: string, slot = SLOT): SnapshotTarget => ({ userId, address: null, slot, reason: 'schedule', requestId: null });

  it('values each member at their credited USDC at 1, in one holdings read and one price read for the batch', async () => {
    const [alice, bob, carol] = [await memberWith(1_250_500_000n), await memberWith(10_000_003n), await memberWith(0n)];
    const { sources, reads } = countingLedger();
    const deps = { eventStore, sources, chainId: null, tokenName: ledgerTokenName };
    const pin = await sources.pins.pin();

    const outcomes = await recordPortfolioSnapshots(deps, { pin, targets: [target(alice), target(bob), target(carol)], context });
    expect(outcomes.map((o) => o.kind)).toEqual(['recorded', 'recorded', 'recorded']);
    expect(reads).toEqual({ holdings: 1, prices: 1 });

    const [recorded] = await eventStore.readStream(portfolioStreamId(alice));
    expect(recorded?.type).toBe('PortfolioSnapshotRecorded');
    expect(eventSchemas.PortfolioSnapshotRecorded.parse(recorded?.data)).toEqual({
      userId: alice,
      snapshotId: snapshotIdOf(alice, SLOT),
      slot: SLOT,
      reason: 'schedule',
      requestId: null,
      source: 'ledger',
      chainId: null,
      blockNumber: null,
      asOf: NOW.toISOString(),
      holdings: [
        { symbol: 'USDC', name: 'USD Coin', decimals: 6, balance: '1250500000', priceAnswer: '1', priceDecimals: 0, priceUpdatedAt: null, stale: false, valueMicro: '1250500000' },
      ],
      failures: [],
      totalValueMicro: '1250500000',
      recordedAt: NOW.toISOString(),
    });
    const bobs = await eventStore.readStream(portfolioStreamId(bob));
    expect(bobs.map((e) => (e.data as { totalValueMicro: string }).totalValueMicro)).toEqual(['10000003']);
    // A member with nothing credited holds nothing: zero balances are left out, the total is 0.
    const carols = await eventStore.readStream(portfolioStreamId(carol));
    expect(carols.map((e) => [(e.data as { holdings: unknown[] }).holdings, (e.data as { totalValueMicro: string }).totalValueMicro])).toEqual([[[], '0']]);
  });

  it('records a slot once however often the batch runs again, even with the member twice in one batch', async () => {
    const alice = await memberWith(7_000_000n);
    const { sources } = countingLedger();
    const deps = { eventStore, sources, chainId: null, tokenName: ledgerTokenName };
    const pin = await sources.pins.pin();

    const first = await recordPortfolioSnapshots(deps, { pin, targets: [target(alice), target(alice)], context });
    expect(first.map((o) => o.kind).sort()).toEqual(['already-recorded', 'recorded']);
    const again = await Promise.all([recordPortfolioSnapshots(deps, { pin, targets: [target(alice)], context }), recordPortfolioSnapshots(deps, { pin, targets: [target(alice)], context })]);
    expect(again.flat().map((o) => o.kind)).toEqual(['already-recorded', 'already-recorded']);
    const request = await recordPortfolioSnapshots(deps, { pin, targets: [{ ...target(alice, 'request:r-1'), reason: 'admin', requestId: 'r-1' }], context });
    expect(request.map((o) => o.kind)).toEqual(['recorded']);

    const slots = (await eventStore.readStream(portfolioStreamId(alice))).map((e) => (e.data as { slot: string }).slot);
    expect(slots).toEqual([SLOT, 'request:r-1']);
  });
});
