import { READ_MODELS } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { START } from '@concierge/platform/event-store/position';
import type { ReadinessCheck } from '@concierge/platform/http/readiness';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { ACCESS_PROJECTION } from './standings.js';

/** Every projection whose read model this API serves. */
export const SERVED_PROJECTIONS: readonly string[] = [ACCESS_PROJECTION, ...READ_MODELS];

/**
 * How far each projection is behind the event store: the age of the oldest event it has not
 * applied yet (0 when caught up). Down when any is older than `maxLagMs`: the workers are stuck
 * or gone, and reads would show stale balances.
 */
export function projectionLagCheck(readStore: ReadStore, eventStore: EventStore, maxLagMs: number, now = () => Date.now()): ReadinessCheck {
  return async () => {
    const lags = await Promise.all(
      SERVED_PROJECTIONS.map(async (projection) => {
        const checkpoint = await readStore.getCheckpoint(projection);
        const [next] = await eventStore.readAll({ after: checkpoint ?? START, maxCount: 1 });
        return [projection, next ? Math.max(0, now() - Date.parse(next.recordedAt)) : 0] as const;
      }),
    );
    const lagMs = Object.fromEntries(lags);
    const worst = Math.max(0, ...lags.map(([, lag]) => lag));
    return { status: worst > maxLagMs ? 'down' : 'up', lagMs, ...(worst > maxLagMs ? { error: `a projection is ${worst} ms behind` } : {}) };
  };
}
