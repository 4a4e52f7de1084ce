import type { EventStore } from '@concierge/platform/event-store/port';
import { comparePositions } from '@concierge/platform/event-store/position';

/**
 * Waits until readers see every event committed so far. A transaction left open anywhere on the
 * server (another test file, a benchmark) holds readers below it, so a catch-up right after an
 * append may see none of it; specs that need the projections at the head wait here first.
 */
export async function untilVisible(store: EventStore, timeoutMs = 30_000): Promise<void> {
  const last = await store.lastPosition();
  const deadline = Date.now() + timeoutMs;
  while (comparePositions(await store.headPosition(), last) < 0) {
    if (Date.now() > deadline) throw new Error(`events up to the store's last position stayed invisible for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
