import { streamName, type PortfolioSnapshotRecorded, type portfolioEvents } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';

/** `portfolio-<userId>`: a member's valuations, one per slot. */
export const portfolioStreamId = (userId: string) => streamName('portfolio', userId);

export type PortfolioEvent = EventOf<keyof typeof portfolioEvents>;

/** How many of the latest non-scheduled slots the state remembers (see `PortfolioState`). */
export const RECENT_SLOTS = 100;

/**
 * What deciding "once per slot" needs, kept bounded however long the member's history grows:
 *
 * - scheduled slots are instants that only move forward (the schedule's windows), so the latest
 *   one recorded is enough: a scheduled slot at or before it is a repeat, or a round overtaken by a
 *   later one, and records nothing;
 * - other slots (`request:<requestId>`, one per request) are remembered among the latest
 *   `RECENT_SLOTS` recorded. A repeat of one comes from its own job's retries, which end long
 *   before a hundred more valuations of the same member (a member may ask once a minute).
 *
 * So the state stays a few hundred bytes, its snapshots too, and a command reads only the events
 * after the cached or snapshotted revision (the states the workers give it: `portfolio-snapshots/states.ts`).
 */
export interface PortfolioState {
  /** The latest scheduled slot recorded, as epoch milliseconds; null before the first. */
  readonly latestScheduledMs: number | null;
  /** The latest recorded slots that are not scheduled, oldest first, at most RECENT_SLOTS. */
  readonly recentSlots: readonly string[];
  readonly snapshots: number;
}

export const initialPortfolioState: PortfolioState = { latestScheduledMs: null, recentSlots: [], snapshots: 0 };

/** A scheduled slot's instant, or null for a slot that is not one (an on-demand request's). */
export function scheduledSlotMs(slot: string, reason: PortfolioSnapshotRecorded['reason']): number | null {
  if (reason !== 'schedule') return null;
  const ms = Date.parse(slot);
  return Number.isNaN(ms) ? null : ms;
}

export function evolvePortfolio(state: PortfolioState, event: PortfolioEvent): PortfolioState {
  switch (event.type) {
    case 'PortfolioSnapshotRecorded': {
      const { slot, reason } = event.data;
      const scheduled = scheduledSlotMs(slot, reason);
      if (scheduled !== null) {
        return { ...state, latestScheduledMs: Math.max(scheduled, state.latestScheduledMs ?? scheduled), snapshots: state.snapshots + 1 };
      }
      return { ...state, recentSlots: [...state.recentSlots, slot].slice(-RECENT_SLOTS), snapshots: state.snapshots + 1 };
    }
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
