import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START as ESDB_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type ReadPosition,
} from '@eventstore/db-client';
import { planAppend } from './esdb-chain.js';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../port.js';
import { START, comparePositions, type Position } from '../position.js';
import { toClientPosition, toRecordedEvent } from './esdb-mapping.js';
import { subscribeToAllEvents } from './esdb-subscription.js';

/** Appends with 'any' or 'stream_exists' that lose the race for the head this many times give up with a conflict. */
const RACE_RETRIES = 5;

/** How many $all records headPosition inspects per round trip while it skips system events. */
const HEAD_PAGE = 64;

/**
 * Event store on EventStoreDB (24.10) through @eventstore/db-client 6.2.1, e.g.
 * `esdb://eventstore:2113?tls=false`. System events (`$` types) and events not written through
 * this port are invisible to readers.
 */
export function createEsdbEventStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  async function appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    { expectedRevision }: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    let nextRevision: bigint;
    for (let attempt = 1; ; attempt += 1) {
      const plan = await planAppend(readStream, streamId, events, expectedRevision);
      if (plan.kind === 'already-appended') return { nextRevision: plan.result.nextRevision, position: plan.result.last.position };
      try {
        const result = await client.appendToStream(
          streamId,
          // The port's id becomes the EventStoreDB event id, which is what the server's idempotency check keys on.
          plan.events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
          { expectedRevision: plan.expected },
        );
        nextRevision = result.nextExpectedRevision;
        break;
      } catch (error) {
        // Another writer appended between our read of the head and our append: chain from the new head.
        if (error instanceof WrongExpectedVersionError && plan.retryOnRace && attempt < RACE_RETRIES) continue;
        throw translateAppendError(streamId, expectedRevision, error);
      }
    }
    // The append result's position is not guaranteed to equal the $all position readers see for the
    // last event (it is absent or differs for idempotent and multi-event writes), so read it back:
    // read-your-writes compares it with projection checkpoints taken from $all.
    const [last] = await readStream(streamId, { fromRevision: nextRevision, maxCount: 1 });
    if (!last) throw new Error(`Event ${nextRevision} of ${streamId} is not readable right after its append`);
    return { nextRevision, position: last.position };
  }

  async function readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const backwards = options.direction === 'backwards';
    try {
      const resolved = await collect(
        client.readStream(streamId, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: options.fromRevision ?? (backwards ? END : ESDB_START),
          maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
        }),
      );
      return resolved.flatMap(({ event }) => {
        const mapped = event && toRecordedEvent(event);
        return mapped ? [mapped] : [];
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
  }

  async function readAll({ after, maxCount }: ReadAllOptions): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    // The client's fromPosition is inclusive: one extra slot per page for the event at `floor` itself.
    const pageSize = maxCount + 1;
    let floor: Position = after;
    // System events are filtered here, not by the server (readAll has no filter in 6.x), so a page
    // can come back short of user events: keep paging until full or the end of $all.
    while (out.length < maxCount) {
      const page = await collect(client.readAll({ fromPosition: toClientPosition(floor), maxCount: pageSize }));
      for (const { event } of page) {
        if (!event || comparePositions(event.position, floor) <= 0) continue;
        floor = event.position;
        const mapped = toRecordedEvent(event);
        if (mapped && out.length < maxCount) out.push(mapped);
      }
      if (page.length < pageSize) break;
    }
    return out;
  }

  async function headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    let ceiling: Position | undefined;
    for (;;) {
      const page = await collect(client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_PAGE }));
      for (const { event } of page) {
        if (!event || (ceiling && comparePositions(event.position, ceiling) >= 0)) continue;
        ceiling = event.position;
        if (toRecordedEvent(event)) return { commit: event.position.commit, prepare: event.position.prepare };
      }
      if (page.length < HEAD_PAGE || !ceiling) return START;
      from = ceiling;
    }
  }

  return {
    appendToStream,
    readStream,
    readAll,
    headPosition,
    // EventStoreDB shows an event to readers as soon as its write is acknowledged.
    lastPosition: headPosition,
    subscribeToAll: (options) => subscribeToAllEvents(client, options),
    close: () => client.dispose(),
  };
}

function translateAppendError(streamId: string, expected: ExpectedRevision, error: unknown): unknown {
  if (!(error instanceof WrongExpectedVersionError)) return error;
  // 'any' is sent as an exact revision (esdb-chain.ts); only a race lost RACE_RETRIES times lands here.
  return new WrongExpectedRevisionError(streamId, expected, error.actualVersion);
}

/** Reads a bounded client stream to its end, so no gRPC call is left half-consumed. */
async function collect<T>(read: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of read) items.push(item);
  return items;
}
