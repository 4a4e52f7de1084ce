import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createLogger } from '@concierge/platform/logging/logger';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import type { SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { snapshotsWritten } from '@concierge/domain/shared/aggregate-states';
import { ledgerSourcesOf, ledgerTokenName } from '@concierge/domain/portfolio/snapshot/ledger';
import { portfolioStreamId } from '@concierge/domain/portfolio/snapshot/portfolio';
import { recordPortfolioSnapshots, type SnapshotTarget } from '@concierge/domain/portfolio/snapshot/record-snapshots';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { PORTFOLIO_SNAPSHOT_EVERY, portfolioEventStore } from './states.js';

describe("the snapshot jobs' portfolio states", () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let snapshots: SnapshotStore;
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    schemas = await createTestSchemas('portfoliostates');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    snapshots = createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  /** An event store that counts the events its stream reads return. */
  const counting = () => {
    const read = { events: 0 };
    const store: EventStore = {
      ...eventStore,
      readStream: async (streamId, options) => {
        const events = await eventStore.readStream(streamId, options);
        read.events += events.length;
        return events;
      },
    };
    return { store, read };
  };
  const hour = (n: number) => new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString();

  async function value(portfolio: AggregateDeps, userId: string, slot: string) {
    const deps = { ...portfolio, sources: ledgerSourcesOf({ eventStore }), chainId: null, tokenName: ledgerTokenName };
    const context = () => ({ actor: { type: 'system' as const }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() });
    const target: SnapshotTarget = { userId, address: null, slot, reason: 'schedule', requestId: null };
    const pin = { blockNumber: null, timestamp: Math.floor(Date.parse(slot) / 1000) };
    const [outcome] = await recordPortfolioSnapshots(deps, { pin, targets: [target], context });
    return outcome?.kind;
  }

  it("reads only the events since the member's last snapshot in a process that never saw the member", async () => {
    const userId = randomUUID();
    const first = portfolioEventStore(eventStore, snapshots, logger);
    for (let n = 0; n < PORTFOLIO_SNAPSHOT_EVERY + 6; n += 1) expect(await value(first, userId, hour(n))).toBe('recorded');
    await snapshotsWritten(first.aggregateStates);

    const { store, read } = counting();
    const fresh = portfolioEventStore(store, snapshots, logger);
    expect(await value(fresh, userId, hour(PORTFOLIO_SNAPSHOT_EVERY + 6))).toBe('recorded');
    // From the snapshot at revision 24 to the head at 29: six events, not thirty.
    expect(read.events).toBeLessThanOrEqual(7);

    // Repeats are still told from the snapshotted state.
    const again = portfolioEventStore(eventStore, snapshots, logger);
    expect(await value(again, userId, hour(3))).toBe('already-recorded');
    expect(await value(again, userId, hour(PORTFOLIO_SNAPSHOT_EVERY + 6))).toBe('already-recorded');
    expect(await eventStore.readStream(portfolioStreamId(userId))).toHaveLength(PORTFOLIO_SNAPSHOT_EVERY + 7);
  });
});
