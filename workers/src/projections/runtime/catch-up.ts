import type { EventStore } from '@concierge/platform/event-store/port';
import { comparePositions, START, type Position } from '@concierge/platform/event-store/position';
import { CheckpointMovedError, type ReadStore } from '@concierge/platform/read-store/port';
import type { Reactor } from '../../reactors/reactor.js';
import type { ParsedEvent } from './handlers.js';
import type { Projection } from './projection.js';
import { createUnitOfWork } from './unit-of-work.js';

/** Everything the workers run over the event store: projections write documents, reactors act. */
export type Processor = Projection | Reactor;

export interface CatchUpDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly batchSize?: number;
  /** Stops after the last event at or before this position (replay-verify rebuilds to the live checkpoint); default: the head. */
  readonly until?: Position;
}

export interface CatchUpResult {
  readonly events: number;
  readonly position: Position | undefined;
}

/** The range of the store one batch covers: its checkpoint moves from `from` to `to` by compare-and-set. */
interface Claim {
  readonly from: Position | undefined;
  readonly to: Position;
}

/**
 * Runs a projection or a reactor over every event after its checkpoint, batch by batch: each
 * batch's events of the types in its `on` are parsed once with their contract schemas (data a
 * schema refuses stops the run, naming the event), handed to its handlers, and the checkpoint
 * moves by compare-and-set, so a second runner of the same processor loses. What a batch
 * guarantees depends on the kind (see `commit`); a re-run continues where the last commit ended.
 */
export async function catchUp(processor: Processor, deps: CatchUpDeps): Promise<CatchUpResult> {
  const batchSize = deps.batchSize ?? 500;
  let from = await startingPoint(processor, deps);
  let events = 0;
  for (;;) {
    const read = await deps.eventStore.readAll({ after: from ?? START, maxCount: batchSize });
    const { until } = deps;
    const batch = until === undefined ? read : read.filter((event) => comparePositions(event.position, until) <= 0);
    const last = batch[batch.length - 1];
    if (!last) return { events, position: from };
    await commit(processor, processor.select(batch), { from, to: last.position }, deps.readStore);
    from = last.position;
    events += batch.length;
    if (batch.length < batchSize) return { events, position: from };
  }
}

/** Drops the read model and replays it from the first event. */
export async function rebuild(projection: Projection, deps: CatchUpDeps): Promise<CatchUpResult> {
  await deps.readStore.reset(projection.name, projection.readModels);
  return catchUp(projection, deps);
}

/**
 * A projection's documents and the checkpoint that covers them commit in one read-store
 * transaction, so a crash leaves the whole batch or none of it. A reactor's effects cannot share
 * that transaction: they go first and the checkpoint after, so a crash between them repeats
 * effects, which reactors key by event id.
 */
async function commit(processor: Processor, events: readonly ParsedEvent[], claim: Claim, readStore: ReadStore): Promise<void> {
  if (processor.kind === 'projection') {
    await readStore.transaction(async (session) => {
      // Claim the range first: a second runner of the same projection blocks here, then loses.
      if (!(await session.advanceCheckpoint(processor.name, claim.from, claim.to))) throw new CheckpointMovedError(processor.name);
      const unit = createUnitOfWork(session);
      for (const event of events) await processor.handle(event, unit);
      await unit.flush();
    });
    return;
  }
  if (events.length > 0) await processor.react(events);
  // Two overlapping runners fail here, having repeated only effects the other one also had.
  const moved = await readStore.transaction((session) => session.advanceCheckpoint(processor.name, claim.from, claim.to));
  if (!moved) throw new CheckpointMovedError(processor.name);
}

/**
 * A projection without a checkpoint starts at the first event. A reactor without one starts at
 * the head of the store unless it asks for 'start': added to a deployment with history, it must
 * not act on the past (mail every member ever approved). On a fresh store the head is the start.
 */
async function startingPoint(processor: Processor, deps: CatchUpDeps): Promise<Position | undefined> {
  const checkpoint = await deps.readStore.getCheckpoint(processor.name);
  if (checkpoint || processor.kind === 'projection') return checkpoint;
  const head = processor.startFrom === 'start' ? START : await deps.eventStore.headPosition();
  // Set only if still unset: a runner that got here first wins, and both continue from its choice.
  await deps.readStore.transaction((session) => session.advanceCheckpoint(processor.name, undefined, head));
  return (await deps.readStore.getCheckpoint(processor.name)) ?? head;
}
