import type { Logger } from 'pino';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { aggregateStates, type AggregateDeps, type AggregateStates } from '@concierge/domain/shared/aggregate-states';

/** Members whose folded portfolio state a workers process keeps: a round then reads one event per member. */
export const PORTFOLIO_STATE_CACHE_SIZE = 20_000;
/** A snapshot of a member's portfolio state every this many valuations (a day of hourly rounds). */
export const PORTFOLIO_SNAPSHOT_EVERY = 24;

/**
 * The event store the snapshot jobs decide on and the states of their own they fold it with: a member's portfolio
 * state is a few hundred bytes (see domain/src/portfolio/snapshot/portfolio.ts), so the cache holds
 * every member of a large round, and a frequent small snapshot bounds what a process that does not
 * hold a member's state reads: the events since the last one, never the whole history.
 */
export function portfolioEventStore(eventStore: EventStore, snapshots: SnapshotStore, logger: Logger): AggregateDeps & { aggregateStates: AggregateStates } {
  const states = aggregateStates({
    cacheSize: PORTFOLIO_STATE_CACHE_SIZE,
    snapshotEvery: PORTFOLIO_SNAPSHOT_EVERY,
    snapshots,
    onSnapshotError: (err, streamId) => logger.warn({ err, streamId }, 'snapshot not used; the stream is folded from its events'),
  });
  return { eventStore, aggregateStates: states };
}
