import type pg from 'pg';
import { schemaName } from '../../postgres/identifiers.js';
import type { JsonValue, Snapshot, SnapshotStore } from '../port.js';

export interface PgSnapshotStoreOptions {
  readonly pool: pg.Pool;
  /** The event store's schema: snapshots sit beside the events they fold (see migrations). */
  readonly schema: string;
}

interface SnapshotRow {
  snapshot_version: number;
  stream_revision: string;
  state: JsonValue;
}

export function createPgSnapshotStore(options: PgSnapshotStoreOptions): SnapshotStore {
  const { pool } = options;
  const s = schemaName(options.schema);
  return {
    async read(streamId, aggregate) {
      const { rows } = await pool.query<SnapshotRow>({
        name: `${s}.read-snapshot`,
        text: `SELECT snapshot_version, stream_revision, state FROM ${s}.snapshots WHERE stream_id = $1 AND aggregate = $2`,
        values: [streamId, aggregate],
      });
      const row = rows[0];
      if (row === undefined) return undefined;
      return { streamId, aggregate, snapshotVersion: row.snapshot_version, revision: BigInt(row.stream_revision), state: row.state };
    },
    async write(snapshot: Snapshot) {
      // One statement: two writers racing keep the later revision, never a mix of the two.
      await pool.query({
        name: `${s}.write-snapshot`,
        text: `INSERT INTO ${s}.snapshots AS kept (stream_id, aggregate, snapshot_version, stream_revision, state)
               VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (stream_id, aggregate) DO UPDATE
                 SET snapshot_version = EXCLUDED.snapshot_version, stream_revision = EXCLUDED.stream_revision,
                     state = EXCLUDED.state, taken_at = now()
                 WHERE kept.snapshot_version <> EXCLUDED.snapshot_version OR kept.stream_revision < EXCLUDED.stream_revision`,
        values: [snapshot.streamId, snapshot.aggregate, snapshot.snapshotVersion, snapshot.revision.toString(), JSON.stringify(snapshot.state)],
      });
    },
    close: async () => undefined, // the pool belongs to the caller
  };
}
