import type { EventStore } from '@concierge/platform/event-store/port';
import { START, type Position } from '@concierge/platform/event-store/position';
import { CheckpointMovedError, type ReadStore } from '@concierge/platform/read-store/port';
import type { Projection } from './projection.js';
import { createUnitOfWork } from './unit-of-work.js';

export interface CatchUpDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly batchSize?: number;
}

export interface CatchUpResult {
  readonly events: number;
  readonly position: Position | undefined;
}

/**
 * Applies every event after the projection's checkpoint, batch by batch. Each batch's documents
 * and the checkpoint that covers them commit in one transaction, so a crash at any point leaves
 * either the whole batch or none of it, and a re-run continues exactly where the last commit ended.
 */
export async function catchUp(projection: Projection, deps: CatchUpDeps): Promise<CatchUpResult> {
  const batchSize = deps.batchSize ?? 500;
  let from = await deps.readStore.getCheckpoint(projection.name);
  let events = 0;
  for (;;) {
    const batch = await deps.eventStore.readAll({ after: from ?? START, maxCount: batchSize });
    const last = batch[batch.length - 1];
    if (!last) return { events, position: from };
    await deps.readStore.transaction(async (session) => {
      // Claim the range first: a second runner of the same projection blocks here, then loses.
      if (!(await session.advanceCheckpoint(projection.name, from, last.position))) {
        throw new CheckpointMovedError(projection.name);
      }
      const unit = createUnitOfWork(session);
      for (const event of batch) {
        if (projection.eventTypes.has(event.type)) await projection.apply(event, unit);
      }
      await unit.flush();
    });
    from = last.position;
    events += batch.length;
    if (batch.length < batchSize) return { events, position: from };
  }
}

/** Drops the read model and replays it from the first event. */
export async function rebuild(projection: Projection, deps: CatchUpDeps): Promise<CatchUpResult> {
  await deps.readStore.reset(projection.name, projection.collections);
  return catchUp(projection, deps);
}
