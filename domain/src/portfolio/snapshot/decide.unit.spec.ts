import { describe, expect, it } from 'vitest';
import { eventSchemas, type CommandMetadata, type PortfolioCommand, type SnapshotReason } from '@concierge/contracts';
import { decidePortfolio } from './decide.js';
import { evolvePortfolio, initialPortfolioState, RECENT_SLOTS, type PortfolioEvent } from './portfolio.js';

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

/** Decides each command on the state the ones before it left; every event must satisfy its contract. */
function run(...commands: PortfolioCommand[]): PortfolioEvent[] {
  const events: PortfolioEvent[] = [];
  for (const command of commands) events.push(...decidePortfolio(command, events.reduce(evolvePortfolio, initialPortfolioState)));
  for (const event of events) eventSchemas[event.type].parse(event.data);
  return events;
}
const when = (given: PortfolioCommand[], command: PortfolioCommand) => decidePortfolio(command, run(...given).reduce(evolvePortfolio, initialPortfolioState));

describe('recording a valuation', () => {
  it('records the valuation as given, stamped with the decision time', () => {
    const command = record(hourly(12));
    expect(run(command)).toEqual([{ type: 'PortfolioSnapshotRecorded', data: { ...command.data, recordedAt: NOW } }]);
  });

  it('records nothing when the same scheduled slot comes again, whatever the valuation says this time', () => {
    expect(when([record(hourly(12))], record(hourly(12), 'schedule', '2000000'))).toEqual([]);
    expect(run(record(hourly(12)), record(hourly(12)), record(hourly(12)))).toHaveLength(1);
  });

  it('records each new scheduled slot, and nothing for a round overtaken by a later one', () => {
    expect(run(record(hourly(10)), record(hourly(11)), record(hourly(12))).map((e) => e.data.slot)).toEqual([hourly(10), hourly(11), hourly(12)]);
    expect(when([record(hourly(10)), record(hourly(12))], record(hourly(11)))).toEqual([]);
  });

  it('tells a scheduled slot by its instant, not its spelling', () => {
    expect(when([record('2026-11-24T12:00:00.000Z')], record('2026-11-24T12:00:00Z'))).toEqual([]);
  });

  it('records a request once, beside scheduled slots of the same hour', () => {
    const given = [record(hourly(12)), record('request:r1', 'admin')];
    expect(run(...given)).toHaveLength(2);
    expect(when(given, record('request:r1', 'admin'))).toEqual([]);
    expect(when(given, record('request:r2', 'member'))).toHaveLength(1);
    expect(when(given, record(hourly(13)))).toHaveLength(1);
  });

  it('remembers the latest requests within a bounded state, however long the history', () => {
    const requests = Array.from({ length: RECENT_SLOTS + 20 }, (_, n) => record(`request:r${n}`, 'member'));
    const state = run(...requests).reduce(evolvePortfolio, initialPortfolioState);
    expect(state.recentSlots).toHaveLength(RECENT_SLOTS);
    expect(state.snapshots).toBe(RECENT_SLOTS + 20);
    expect(decidePortfolio(record(`request:r${RECENT_SLOTS + 19}`, 'member'), state)).toEqual([]);
    expect(decidePortfolio(record(`request:r20`, 'member'), state)).toEqual([]);
  });
});
