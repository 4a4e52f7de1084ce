import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import type { JsonValue, Snapshot, SnapshotStore } from '../port.js';

/** The event type of a snapshot record; its metadata is not the event store's envelope, so event readers skip it. */
const SNAPSHOT_TYPE = 'SnapshotTaken';

interface SnapshotMetadata {
  readonly snapshotVersion: number;
  /** The folded stream's revision, as decimal text (JSON has no bigint). */
  readonly revision: string;
}

/** One stream per snapshotted stream and aggregate, holding its newest snapshot only (`maxCount: 1`). */
export const snapshotStreamName = (streamId: string, aggregate: string) => `snapshots-${aggregate}-${streamId}`;

function isSnapshotMetadata(value: unknown): value is SnapshotMetadata {
  const m = value as Partial<SnapshotMetadata> | null;
  return typeof m === 'object' && m !== null && typeof m.snapshotVersion === 'number' && typeof m.revision === 'string' && /^\d+$/.test(m.revision);
}

/**
 * Snapshots on EventStoreDB through @eventstore/db-client 6.2.1: each snapshot is an event
 * appended with the snapshot stream's revision read (a racing writer's append fails and is
 * dropped, snapshots being best effort), and the stream's `maxCount` lets the server scavenge
 * the older ones.
 */
export function createEsdbSnapshotStore(connectionString: string): SnapshotStore {
  const client = EventStoreDBClient.connectionString(connectionString);

  /** The snapshot stream's last record: its revision, and the snapshot in it when it is one this store wrote. */
  async function readLatest(name: string): Promise<{ eventRevision: bigint; kept?: { metadata: SnapshotMetadata; state: JsonValue } } | undefined> {
    try {
      for await (const { event } of client.readStream(name, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (!event) return undefined;
        if (event.type !== SNAPSHOT_TYPE || !event.isJson || !isSnapshotMetadata(event.metadata)) return { eventRevision: event.revision };
        const data = event.data as { state?: JsonValue };
        return { eventRevision: event.revision, kept: { metadata: event.metadata, state: data.state ?? null } };
      }
      return undefined;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
  }

  return {
    async read(streamId, aggregate) {
      const kept = (await readLatest(snapshotStreamName(streamId, aggregate)))?.kept;
      if (kept === undefined) return undefined;
      const { snapshotVersion, revision } = kept.metadata;
      return { streamId, aggregate, snapshotVersion, revision: BigInt(revision), state: kept.state };
    },
    async write(snapshot: Snapshot) {
      const name = snapshotStreamName(snapshot.streamId, snapshot.aggregate);
      const latest = await readLatest(name);
      const kept = latest?.kept?.metadata;
      if (kept && kept.snapshotVersion === snapshot.snapshotVersion && BigInt(kept.revision) >= snapshot.revision) return;
      if (latest === undefined) await client.setStreamMetadata(name, { maxCount: 1 });
      const metadata: SnapshotMetadata = { snapshotVersion: snapshot.snapshotVersion, revision: snapshot.revision.toString() };
      try {
        await client.appendToStream(name, jsonEvent({ type: SNAPSHOT_TYPE, data: { state: snapshot.state }, metadata }), {
          expectedRevision: latest === undefined ? NO_STREAM : latest.eventRevision,
        });
      } catch (error) {
        // Another writer's snapshot landed first; it is as good a cache as this one.
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
    },
    close: () => client.dispose(),
  };
}
