import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { START, type Position } from '@concierge/platform/event-store/position';
import { CheckpointMovedError, type ReadStore } from '@concierge/platform/read-store/port';

/**
 * Follows the event store in global order, like a projection, but acts on the outside world
 * (enqueues mail) instead of writing documents. Such effects cannot share the read store's
 * transaction, so they must be idempotent: a crash after `react` and before the checkpoint moves
 * delivers the same events again.
 */
export interface Reactor {
  /** Also the name of its checkpoint in the read store; must not clash with a projection's. */
  readonly name: string;
  readonly eventTypes: ReadonlySet<string>;
  /** Where a first run begins: 'head' (default) skips history; 'start' replays it, for effects the past also needs. */
  readonly startFrom?: 'head' | 'start';
  /** Acts on the batch's events of `eventTypes`, in order; keyed by event id so a repeat is a no-op. */
  react(events: readonly RecordedEvent[]): Promise<void>;
}

export interface ReactorDeps {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly batchSize?: number;
}

export interface ReactorRun {
  readonly events: number;
  readonly position: Position;
}

/**
 * Runs the reactor over every event after its checkpoint: per batch, effects first, checkpoint
 * after. The checkpoint moves by compare-and-set, so when two runners overlap one of them fails
 * here, having repeated only effects the other one also had (same ids, no-ops).
 */
export async function runReactor(reactor: Reactor, deps: ReactorDeps): Promise<ReactorRun> {
  const batchSize = deps.batchSize ?? 500;
  let from = await startingPoint(reactor, deps);
  let events = 0;
  for (;;) {
    const batch = await deps.eventStore.readAll({ after: from, maxCount: batchSize });
    const last = batch[batch.length - 1];
    if (!last) return { events, position: from };
    const relevant = batch.filter((event) => reactor.eventTypes.has(event.type));
    if (relevant.length > 0) await reactor.react(relevant);
    const claimed = from;
    const moved = await deps.readStore.transaction((session) => session.advanceCheckpoint(reactor.name, claimed, last.position));
    if (!moved) throw new CheckpointMovedError(reactor.name);
    from = last.position;
    events += batch.length;
    if (batch.length < batchSize) return { events, position: from };
  }
}

/**
 * A reactor without a checkpoint starts at the head of the store, not at its first event: added to
 * a deployment with history, it must not act on the past (mail every member ever approved). On a
 * fresh store the head is the start, so nothing is missed there.
 */
async function startingPoint({ name, startFrom }: Reactor, deps: ReactorDeps): Promise<Position> {
  const checkpoint = await deps.readStore.getCheckpoint(name);
  if (checkpoint) return checkpoint;
  const head = startFrom === 'start' ? START : await deps.eventStore.headPosition();
  // Set only if still unset: a runner that got here first wins, and both continue from its choice.
  await deps.readStore.transaction((session) => session.advanceCheckpoint(name, undefined, head));
  return (await deps.readStore.getCheckpoint(name)) ?? head;
}
