import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import type { Snapshot, SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { statesOf, type AggregateStates, type FoldedState } from './aggregate-states.js';
import { decodeState, encodeState } from './state-codec.js';

/** What folding a stream needs of an aggregate (its decisions are the handler's business). */
export interface Evolver<S, E> {
  readonly initialState: S;
  evolve(state: S, event: E): S;
  readonly name?: string;
  readonly snapshotVersion?: number;
}

/** A stream folded into state; `revision` -1n when the stream has no event yet. */
export interface Fold<S> {
  readonly state: S;
  readonly revision: bigint;
  readonly snapshotRevision: bigint;
}

type Named<S, E> = Evolver<S, E> & { readonly name: string; readonly snapshotVersion: number };

const isNamed = <S, E>(aggregate: Evolver<S, E>): aggregate is Named<S, E> =>
  aggregate.name !== undefined && aggregate.snapshotVersion !== undefined;

const keyOf = (aggregate: Named<unknown, unknown>, streamId: string) => `${aggregate.name}\u0000${streamId}`;

async function readSnapshot<S, E>(states: AggregateStates, streamId: string, aggregate: Named<S, E>): Promise<FoldedState | undefined> {
  if (states.snapshots === undefined) return undefined;
  try {
    const snapshot = await states.snapshots.read(streamId, aggregate.name);
    // A snapshot of another version was folded by another `evolve`: ignored here, replaced by the next one written.
    if (snapshot === undefined || snapshot.snapshotVersion !== aggregate.snapshotVersion) return undefined;
    return { state: decodeState(snapshot.state), revision: snapshot.revision, snapshotRevision: snapshot.revision };
  } catch (error) {
    states.onSnapshotError?.(error, streamId);
    return undefined;
  }
}

/**
 * The stream's current state. An aggregate that names itself starts from this process's cached
 * fold or the newest snapshot and reads the events from its revision on; the first one read must
 * be at that very revision, otherwise the stream is not what the start state says and it is
 * replayed whole. Every event after the start is always read: a cached state is never served stale.
 */
export async function foldStream<S, E>(
  store: EventStore,
  streamId: string,
  aggregate: Evolver<S, E>,
  toEvent: (recorded: RecordedEvent) => E,
): Promise<Fold<S>> {
  const states = statesOf(store);
  const fold = (from: S, recorded: readonly RecordedEvent[]) => recorded.reduce((s, r) => aggregate.evolve(s, toEvent(r)), from);
  if (states === undefined || !isNamed(aggregate)) {
    const recorded = await store.readStream(streamId);
    return { state: fold(aggregate.initialState, recorded), revision: recorded.at(-1)?.revision ?? -1n, snapshotRevision: -1n };
  }
  const key = keyOf(aggregate, streamId);
  const start = states.cache.get(key) ?? (await readSnapshot(states, streamId, aggregate));
  if (start !== undefined) {
    const tail = await store.readStream(streamId, { fromRevision: start.revision });
    const last = tail.at(-1);
    if (tail[0]?.revision === start.revision && last !== undefined) {
      const folded: Fold<S> = { state: fold(start.state as S, tail.slice(1)), revision: last.revision, snapshotRevision: start.snapshotRevision };
      states.cache.remember(key, folded);
      return folded;
    }
  }
  const recorded = await store.readStream(streamId);
  const folded: Fold<S> = { state: fold(aggregate.initialState, recorded), revision: recorded.at(-1)?.revision ?? -1n, snapshotRevision: -1n };
  if (folded.revision >= 0n) states.cache.remember(key, folded);
  return folded;
}

/** Writes a snapshot after the command has answered: encoding and writing a large state take longer than the command itself. */
function writeSnapshotLater(states: AggregateStates, snapshots: SnapshotStore, snapshot: Omit<Snapshot, 'state'>, state: unknown): void {
  const write = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await snapshots.write({ ...snapshot, state: encodeState(state) });
    } catch (error) {
      states.onSnapshotError?.(error, snapshot.streamId);
    }
  })();
  states.writing.add(write);
  void write.finally(() => states.writing.delete(write));
}

/**
 * After an append of `appended` events at `before.revision`: caches the new state and, once
 * enough events were appended since the last snapshot, starts writing one. Best effort: a
 * snapshot that cannot be written is reported and never fails the command.
 */
export function rememberAppend<S, E>(
  store: EventStore,
  streamId: string,
  aggregate: Evolver<S, E>,
  before: Fold<S>,
  after: { readonly state: S; readonly appended: number; readonly nextRevision: bigint },
): void {
  const states = statesOf(store);
  // An append answered with another revision than ours added (a repeated event id) says nothing we can cache.
  if (states === undefined || !isNamed(aggregate) || after.nextRevision !== before.revision + BigInt(after.appended)) return;
  let snapshotRevision = before.snapshotRevision;
  if (states.snapshots !== undefined && after.nextRevision - snapshotRevision >= BigInt(states.snapshotEvery)) {
    const { name, snapshotVersion } = aggregate;
    writeSnapshotLater(states, states.snapshots, { streamId, aggregate: name, snapshotVersion, revision: after.nextRevision }, after.state);
    snapshotRevision = after.nextRevision;
  }
  states.cache.remember(keyOf(aggregate, streamId), { state: after.state, revision: after.nextRevision, snapshotRevision });
}
