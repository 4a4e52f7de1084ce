import { describe, expect, it } from 'vitest';
import type { CommandMetadata, PortfolioCommand, SnapshotReason } from '@concierge/contracts';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { portfolioAggregate } from './decide.js';
import { RECENT_SLOTS } from './portfolio.js';

const NOW = '2026-11-24T12:03:00.000Z';
const metadata: CommandMetadata = { actor: { type: 'system', reason: 'portfolio snapshot' }, now: NOW, correlationId: 'c', commandId: 'c' };

const record = (slot: string, reason: SnapshotReason = 'schedule', totalValueMicro = '1000000'): PortfolioCommand => ({
  type: 'RecordPortfolioSnapshot',
  data: {
    userId: 'm1',
    snapshotId: `s-${slot}`,
    slot,
    reason,
    requestId: reason === 'schedule' ? null : slot.replace('request:', ''),
    source: 'ledger',
    chainId: null,
    blockNumber: null,
    asOf: NOW,
    holdings: [
      { symbol: 'USDC', name: 'USD Coin', decimals: 6, balance: totalValueMicro, priceAnswer: '1', priceDecimals: 0, priceUpdatedAt: null, stale: false, valueMicro: totalValueMicro },
    ],
    failures: [],
    totalValueMicro,
  },
  metadata,
});
const hourly = (hour: number) => new Date(Date.UTC(2026, 10, 24, hour)).toISOString();

const spec = DeciderSpecification.for(portfolioAggregate);

describe('recording a valuation', () => {
  it('records the valuation as given, stamped with the decision time', () => {
    const command = record(hourly(12));
    spec.given().when(command).then([{ type: 'PortfolioSnapshotRecorded', data: { ...command.data, recordedAt: NOW } }]);
  });

  it('records nothing when the same scheduled slot comes again, whatever the valuation says this time', () => {
    spec.givenCommands(record(hourly(12))).when(record(hourly(12), 'schedule', '2000000')).thenNothingHappens();
    expect(spec.givenCommands(record(hourly(12)), record(hourly(12)), record(hourly(12))).events).toHaveLength(1);
  });

  it('records each new scheduled slot, and nothing for a round overtaken by a later one', () => {
    expect(spec.givenCommands(record(hourly(10)), record(hourly(11)), record(hourly(12))).events.map((e) => e.data.slot)).toEqual([hourly(10), hourly(11), hourly(12)]);
    spec.givenCommands(record(hourly(10)), record(hourly(12))).when(record(hourly(11))).thenNothingHappens();
  });

  it('tells a scheduled slot by its instant, not its spelling', () => {
    spec.givenCommands(record('2026-11-24T12:00:00.000Z')).when(record('2026-11-24T12:00:00Z')).thenNothingHappens();
  });

  it('records a request once, beside scheduled slots of the same hour', () => {
    const given = [record(hourly(12)), record('request:r1', 'admin')];
    expect(spec.givenCommands(...given).events).toHaveLength(2);
    spec.givenCommands(...given).when(record('request:r1', 'admin')).thenNothingHappens();
    expect(spec.givenCommands(...given).when(record('request:r2', 'member')).events).toHaveLength(1);
    expect(spec.givenCommands(...given).when(record(hourly(13))).events).toHaveLength(1);
  });

  it('remembers the latest requests within a bounded state, however long the history', () => {
    const requests = Array.from({ length: RECENT_SLOTS + 20 }, (_, n) => record(`request:r${n}`, 'member'));
    const history = spec.givenCommands(...requests);
    expect(history.state.recentSlots).toHaveLength(RECENT_SLOTS);
    expect(history.state.snapshots).toBe(RECENT_SLOTS + 20);
    history.when(record(`request:r${RECENT_SLOTS + 19}`, 'member')).thenNothingHappens();
    history.when(record(`request:r20`, 'member')).thenNothingHappens();
  });
});
