import type { PortfolioCommand } from '@concierge/contracts';
import { defineAggregate } from '../../shared/aggregate.js';
import { evolvePortfolio, initialPortfolioState, portfolioStreamId, scheduledSlotMs, type PortfolioEvent, type PortfolioState } from './portfolio.js';

/** True when the member's stream already holds a valuation for this slot (or a later scheduled one). */
export function slotTaken(state: PortfolioState, slot: string, reason: PortfolioCommand['data']['reason']): boolean {
  const scheduled = scheduledSlotMs(slot, reason);
  if (scheduled !== null) return state.latestScheduledMs !== null && scheduled <= state.latestScheduledMs;
  return state.recentSlots.includes(slot);
}

/** Records a valuation once per slot: a repeat of the slot, however the job retries, records nothing. */
export function decidePortfolio(command: PortfolioCommand, state: PortfolioState): PortfolioEvent[] {
  switch (command.type) {
    case 'RecordPortfolioSnapshot': {
      if (slotTaken(state, command.data.slot, command.data.reason)) return [];
      return [{ type: 'PortfolioSnapshotRecorded', data: { ...command.data, recordedAt: command.metadata.now } }];
    }
    default: {
      const unknown: never = command.type;
      return unknown;
    }
  }
}

/** `portfolio-<userId>`. Bump the snapshot version whenever `evolvePortfolio` or `PortfolioState` changes. */
export const portfolioAggregate = defineAggregate<PortfolioState, PortfolioEvent, PortfolioCommand>({
  streamOf: portfolioStreamId,
  initialState: initialPortfolioState,
  evolve: evolvePortfolio,
  decide: decidePortfolio,
  snapshot: { name: 'portfolio', version: 1 },
});
