import type { ReadModel } from '@concierge/contracts';
import { ValidationError } from '@concierge/platform/errors';
import { comparePositions, parsePosition, type Position } from '@concierge/platform/event-store/position';
import type { RouteHook } from '@concierge/platform/http/route-table';
import type { ProjectionWatch } from './projection-watch.js';

export const MIN_POSITION_HEADER = 'x-min-position';
/** Answers whether the read models had reached the requested position when the response was built. */
export const POSITION_REACHED_HEADER = 'x-position-reached';

export interface MinPositionOptions {
  readonly watch: ProjectionWatch;
  readonly timeoutMs: number;
  /** The newest committed position of the event store: a position beyond it was never returned by a command. */
  readonly storeHead?: () => Promise<Position>;
}

/**
 * Read-your-writes: a client that sends back the position a command returned sees its own change.
 * The route's read models are waited on (a projection writes each); a position beyond the store's
 * head is answered at once (no command ever returned it). The wait is bounded; past it the response is
 * served as it is, marked `X-Position-Reached: false`.
 */
export function awaitMinPosition(reads: readonly ReadModel[], options: MinPositionOptions): RouteHook {
  return async ({ request, response }) => {
    const header = request.header(MIN_POSITION_HEADER);
    if (!header) return;
    const target = parsePosition(header);
    if (!target) {
      throw new ValidationError([
        { field: 'X-Min-Position', message: 'X-Min-Position must be a position returned by a command, like 1234-5678.' },
      ]);
    }
    if (reads.length === 0) return;
    const beyondHead = options.storeHead ? comparePositions(target, await options.storeHead()) > 0 : false;
    const reached = beyondHead ? false : await options.watch.reach(reads, target, options.timeoutMs);
    response.setHeader(POSITION_REACHED_HEADER, String(reached));
  };
}
