import type { RequestHandler } from 'express';
import { ValidationError } from '@concierge/platform/errors';
import { comparePositions, parsePosition, type Position } from '@concierge/platform/event-store/position';
import type { ReadStore } from '@concierge/platform/read-store/port';

export const MIN_POSITION_HEADER = 'x-min-position';
/** Answers whether the read models had reached the requested position when the response was built. */
export const POSITION_REACHED_HEADER = 'x-position-reached';

/** Polls the projections' checkpoints until all have reached `target` or the time is up. */
export async function waitForProjections(
  readStore: ReadStore,
  projections: readonly string[],
  target: Position,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let pause = 5;
  for (;;) {
    const checkpoints = await Promise.all(projections.map((p) => readStore.getCheckpoint(p)));
    if (checkpoints.every((c) => c !== undefined && comparePositions(c, target) >= 0)) return true;
    const left = deadline - Date.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    pause = Math.min(pause * 2, 50);
  }
}

/**
 * Read-your-writes: a client that sends back the position a command returned sees its own change.
 * The wait is bounded; past it the response is served as it is, marked `X-Position-Reached: false`.
 */
export function awaitMinPosition(readStore: ReadStore, projections: readonly string[], timeoutMs: number): RequestHandler {
  return async (req, res, next) => {
    const header = req.header(MIN_POSITION_HEADER);
    if (!header || projections.length === 0) return next();
    const target = parsePosition(header);
    if (!target) {
      throw new ValidationError([
        { field: 'X-Min-Position', message: 'X-Min-Position must be a position returned by a command, like 1234-5678.' },
      ]);
    }
    const reached = await waitForProjections(readStore, projections, target, timeoutMs);
    res.setHeader(POSITION_REACHED_HEADER, String(reached));
    next();
  };
}
