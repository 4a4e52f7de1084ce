import type { EventStore, NewEvent, RecordedEvent } from '@concierge/platform/event-store/port';
import type { Snapshot, SnapshotStore } from '@concierge/platform/snapshot-store/port';
import type { AggregateStates, FoldedState } from './aggregate-states.js';
import { ChainIntegrityError, GENESIS_HEAD, appendedHead, checkAnchor, checkChain, type VerifiedHead } from './chain-check.js';
import { headOf, withHead } from './chained-snapshot.js';
import { decodeState, encodeState } from './state-codec.js';

/** Under which name and format an aggregate's folded states are cached and snapshotted. */
export interface SnapshotSettings {
  /** The cache key's and the snapshot store's name for the aggregate; one name per aggregate. */
  readonly name: string;
  /**
   * The format of its snapshots: bump it whenever `evolve` or the state's shape changes, so a
   * snapshot folded by the old `evolve` is ignored (and replaced) rather than trusted.
   */
  readonly version: number;
}

/** What folding a stream needs of an aggregate (its decisions are the handler's business). */
export interface Evolver<S, E> {
  readonly initialState: S;
  evolve(state: S, event: E): S;
  readonly snapshot: SnapshotSettings;
}

/** A stream folded into state; `revision` -1n when the stream has no event yet; `headHash` the verified hash of its last event. */
export interface Fold<S> {
  readonly state: S;
  readonly revision: bigint;
  readonly headHash: string;
  readonly snapshotRevision: bigint;
}

const keyOf = (aggregate: { readonly snapshot: SnapshotSettings }, streamId: string) => `${aggregate.snapshot.name}\u0000${streamId}`;

async function readSnapshot<S, E>(states: AggregateStates, streamId: string, aggregate: Evolver<S, E>): Promise<FoldedState | undefined> {
  if (states.snapshots === undefined) return undefined;
  try {
    const snapshot = await states.snapshots.read(streamId, aggregate.snapshot.name);
    // A snapshot of another version was folded by another `evolve`: ignored here, replaced by the next one written.
    if (snapshot === undefined || snapshot.snapshotVersion !== aggregate.snapshot.version) return undefined;
    const chained = headOf(snapshot.state);
    if (chained === undefined) return undefined;
    return { state: decodeState(chained.state), revision: snapshot.revision, headHash: chained.head, snapshotRevision: snapshot.revision };
  } catch (error) {
    states.onSnapshotError?.(error, streamId);
    return undefined;
  }
}

const anchorOf = (states: AggregateStates | undefined, streamId: string): Promise<VerifiedHead | undefined> =>
  states?.anchors?.headOf(streamId) ?? Promise.resolve(undefined);

type Folder<S> = (from: S, recorded: readonly RecordedEvent[]) => S;

/**
 * From a snapshot: the events from the snapshot's revision on (from the checkpoint's, when a signed
 * checkpoint recorded an earlier head of the stream) must chain from that head, and pass through
 * the snapshot's head and the checkpoint's. Undefined when the snapshot does not match the stream:
 * it is then folded from its start.
 */
async function foldFromSnapshot<S>(store: EventStore, streamId: string, start: FoldedState, anchor: VerifiedHead | undefined, fold: Folder<S>): Promise<Fold<S> | undefined> {
  const from: VerifiedHead = anchor !== undefined && anchor.revision < start.revision ? anchor : { revision: start.revision, hash: start.headHash };
  const tail = await store.readStream(streamId, { fromRevision: from.revision });
  const at = tail[Number(start.revision - from.revision)];
  if (at?.revision !== start.revision || at.hash !== start.headHash) return undefined;
  const head = checkChain(streamId, tail, from);
  checkAnchor(streamId, tail, from.revision, anchor);
  const after = tail.slice(Number(start.revision - from.revision) + 1);
  return { state: fold(start.state as S, after), revision: head.revision, headHash: head.hash, snapshotRevision: start.snapshotRevision };
}

/**
 * The stream's current state, from events whose hash chain holds (chain-check.ts). With `states`
 * (this process's, see aggregate-states.ts) it starts from the cached fold, which carries the head
 * it verified: the first event read must still be that head. Otherwise it starts from the newest snapshot whose
 * head the stream still has, or from the stream's start; either way the events read must pass
 * through the head the latest signed checkpoint recorded for the stream. Every event after the
 * start is always read: a cached state is never served stale. A chain that does not hold throws
 * ChainIntegrityError (reported to the states' onIntegrityFailure) and nothing is decided.
 */
export async function foldStream<S, E>(
  store: EventStore,
  states: AggregateStates | undefined,
  streamId: string,
  aggregate: Evolver<S, E>,
  toEvent: (recorded: RecordedEvent) => E,
): Promise<Fold<S>> {
  try {
    return await foldChecked(store, states, streamId, aggregate, toEvent);
  } catch (error) {
    if (error instanceof ChainIntegrityError) states?.onIntegrityFailure?.(error);
    throw error;
  }
}

async function foldChecked<S, E>(
  store: EventStore,
  states: AggregateStates | undefined,
  streamId: string,
  aggregate: Evolver<S, E>,
  toEvent: (recorded: RecordedEvent) => E,
): Promise<Fold<S>> {
  const fold: Folder<S> = (from, recorded) => recorded.reduce((s, r) => aggregate.evolve(s, toEvent(r)), from);
  const key = states === undefined ? undefined : keyOf(aggregate, streamId);
  const cached = key === undefined ? undefined : states?.cache.get(key);
  if (cached !== undefined) {
    const tail = await store.readStream(streamId, { fromRevision: cached.revision });
    const head = checkChain(streamId, tail, { revision: cached.revision, hash: cached.headHash });
    const folded: Fold<S> = { state: fold(cached.state as S, tail.slice(1)), revision: head.revision, headHash: head.hash, snapshotRevision: cached.snapshotRevision };
    if (key !== undefined) states?.cache.remember(key, folded);
    return folded;
  }
  const anchor = await anchorOf(states, streamId);
  const snapshot = states === undefined ? undefined : await readSnapshot(states, streamId, aggregate);
  const fromSnapshot = snapshot === undefined ? undefined : await foldFromSnapshot(store, streamId, snapshot, anchor, fold);
  if (fromSnapshot !== undefined) {
    if (key !== undefined) states?.cache.remember(key, fromSnapshot);
    return fromSnapshot;
  }
  const recorded = await store.readStream(streamId);
  const head = checkChain(streamId, recorded, GENESIS_HEAD);
  checkAnchor(streamId, recorded, 0n, anchor);
  const folded: Fold<S> = { state: fold(aggregate.initialState, recorded), revision: head.revision, headHash: head.hash, snapshotRevision: -1n };
  if (key !== undefined && folded.revision >= 0n) states?.cache.remember(key, folded);
  return folded;
}

/** Writes a snapshot after the command has answered: encoding and writing a large state take longer than the command itself. */
function writeSnapshotLater(states: AggregateStates, snapshots: SnapshotStore, snapshot: Omit<Snapshot, 'state'>, state: unknown, headHash: string): void {
  const write = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await snapshots.write({ ...snapshot, state: withHead(headHash, encodeState(state)) });
    } catch (error) {
      states.onSnapshotError?.(error, snapshot.streamId);
    }
  })();
  states.writing.add(write);
  void write.finally(() => states.writing.delete(write));
}

/**
 * After an append of the `appended` events at `before.revision`: caches the new state and, once
 * enough events were appended since the last snapshot, starts writing one. Best effort: a
 * snapshot that cannot be written is reported and never fails the command.
 */
export function rememberAppend<S, E>(
  states: AggregateStates | undefined,
  streamId: string,
  aggregate: Evolver<S, E>,
  before: Fold<S>,
  after: { readonly state: S; readonly appended: readonly NewEvent[]; readonly nextRevision: bigint },
): void {
  // An append answered with another revision than ours added (a repeated event id) says nothing we can cache.
  if (states === undefined || after.nextRevision !== before.revision + BigInt(after.appended.length)) return;
  // The events' hashes as the stores computed them, from the head this fold verified: the next fold must find them.
  const { hash: headHash } = appendedHead(streamId, { revision: before.revision, hash: before.headHash }, after.appended);
  let snapshotRevision = before.snapshotRevision;
  if (states.snapshots !== undefined && after.nextRevision - snapshotRevision >= BigInt(states.snapshotEvery)) {
    const { name, version } = aggregate.snapshot;
    writeSnapshotLater(states, states.snapshots, { streamId, aggregate: name, snapshotVersion: version, revision: after.nextRevision }, after.state, headHash);
    snapshotRevision = after.nextRevision;
  }
  states.cache.remember(keyOf(aggregate, streamId), { state: after.state, revision: after.nextRevision, headHash, snapshotRevision });
}
