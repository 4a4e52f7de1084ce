import type { EventStore, TypedPage } from '@concierge/platform/event-store/port';
import { comparePositions, formatPosition, START, type Position } from '@concierge/platform/event-store/position';
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
  /**
   * Keeps reading until it has passed this position (a rebuild passes the store's last committed
   * event), waiting while events before it are still hidden from readers: PostgreSQL shows $all
   * only below the oldest transaction open anywhere on the server, so a short read does not mean
   * the head was reached. Without it a run ends at the first short read (live catch-up: the next
   * wake-up continues).
   */
  readonly reach?: Position;
  /** How long to wait for hidden events before failing; default 60 s. */
  readonly reachTimeoutMs?: number;
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
  const { reach } = deps;
  let from = await startingPoint(processor, deps);
  let events = 0;
  let waitingSince: number | undefined;
  for (;;) {
    // One batch at a time. Reading the next batch while this one commits (tried for the rebuild
    // bench) left the projections standing still after a PostgreSQL restart in the fault test and
    // broke the crash-recovery test; both pass again without it.
    const page = await readPage(processor, deps, from ?? START, batchSize);
    const full = page.read === batchSize;
    if (page.last) {
      await commit(processor, processor.select(page.events), { from, to: page.last }, deps.readStore);
      from = page.last;
      events += page.read;
      waitingSince = undefined;
    }
    if (full) continue;
    if (page.passedUntil || reach === undefined || comparePositions(from ?? START, reach) >= 0) return { events, position: from };
    // A short read below `reach`: a transaction still open elsewhere hides the events after `from`.
    waitingSince ??= Date.now();
    if (Date.now() - waitingSince > (deps.reachTimeoutMs ?? 60_000)) throw new HiddenEventsError(processor.name, from ?? START, reach);
    await sleep(HIDDEN_RETRY_MS);
  }
}

interface Page extends TypedPage {
  /** The read went past `until`: the run is complete. */
  readonly passedUntil: boolean;
}

/**
 * The next batch after `after`: through the store's `readAllOf` when it has one (events of types
 * the processor does not follow come without their data), else `readAll` and the `until` cut.
 */
async function readPage(processor: Processor, deps: CatchUpDeps, after: Position, maxCount: number): Promise<Page> {
  const { until } = deps;
  if (deps.eventStore.readAllOf && until === undefined && !processor.everyType) {
    return { ...(await deps.eventStore.readAllOf({ after, maxCount, types: processor.eventTypes })), passedUntil: false };
  }
  const read = await deps.eventStore.readAll({ after, maxCount });
  const events = until === undefined ? read : read.filter((event) => comparePositions(event.position, until) <= 0);
  return { events, last: events[events.length - 1]?.position, read: events.length, passedUntil: events.length < read.length };
}

/** Pause between reads while events below `reach` are hidden by a transaction open elsewhere. */
const HIDDEN_RETRY_MS = 10;

/** A catch-up that had to reach a position waited too long for events a transaction open elsewhere hides. */
export class HiddenEventsError extends Error {
  override readonly name = 'HiddenEventsError';
  constructor(processor: string, at: Position, reach: Position) {
    super(
      `${processor} stopped at ${formatPosition(at)}, below ${formatPosition(reach)}: events committed before it are still hidden by a transaction ` +
        'open elsewhere on the database server (see pg_stat_activity, oldest backend_xid); end it and run again',
    );
  }
}

/**
 * Drops the read model and replays it up to at least the last event committed when it started,
 * waiting for events that older transactions still open elsewhere hide (see `reach`). The read
 * model's indexes are built once at the end (`bulkLoad`) instead of kept up during the replay.
 */
export async function rebuild(projection: Projection, deps: CatchUpDeps): Promise<CatchUpResult> {
  const last = await deps.eventStore.lastPosition();
  const reach = deps.until === undefined ? last : minPosition(deps.until, last);
  await deps.readStore.reset(projection.name, projection.readModels);
  return deps.readStore.bulkLoad(projection.readModels, () => catchUp(projection, { reach, ...deps }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const minPosition = (a: Position, b: Position) => (comparePositions(a, b) <= 0 ? a : b);

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
