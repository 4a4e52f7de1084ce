import { comparePositions, type Position } from '@concierge/platform/event-store/position';
import type { ReadStore } from '@concierge/platform/read-store/port';

interface Waiter {
  readonly target: Position;
  readonly deadline: number;
  readonly resolve: (reached: boolean) => void;
}

/** How often a watched checkpoint is read while someone waits on it. */
const POLL_MS = 5;

export interface ProjectionWatch {
  /** Resolves true once every projection has reached `target`, false when `timeoutMs` runs out first. */
  reach(projections: readonly string[], target: Position, timeoutMs: number): Promise<boolean>;
}

/**
 * One watcher per projection for the whole process: however many requests wait on a projection,
 * its checkpoint is read once per tick, and only while someone waits.
 */
export function projectionWatch(readStore: ReadStore): ProjectionWatch {
  const waiting = new Map<string, Set<Waiter>>();

  async function watch(projection: string, waiters: Set<Waiter>) {
    while (waiters.size > 0) {
      let checkpoint: Position | undefined;
      try {
        checkpoint = await readStore.getCheckpoint(projection);
      } catch {
        // The read store is away for a moment: waiters run out their time, then get their answer.
      }
      const now = Date.now();
      for (const waiter of waiters) {
        const reached = checkpoint !== undefined && comparePositions(checkpoint, waiter.target) >= 0;
        if (reached || now >= waiter.deadline) {
          waiters.delete(waiter);
          waiter.resolve(reached);
        }
      }
      if (waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    waiting.delete(projection);
  }

  function reachOne(projection: string, target: Position, deadline: number): Promise<boolean> {
    return new Promise((resolve) => {
      let waiters = waiting.get(projection);
      const fresh = !waiters;
      if (!waiters) waiting.set(projection, (waiters = new Set()));
      waiters.add({ target, deadline, resolve });
      if (fresh) void watch(projection, waiters);
    });
  }

  return {
    async reach(projections, target, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const reached = await Promise.all(projections.map((p) => reachOne(p, target, deadline)));
      return reached.every(Boolean);
    },
  };
}
