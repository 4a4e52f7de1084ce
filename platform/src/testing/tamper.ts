import type pg from 'pg';
import { GENESIS_HASH, canonicalJson, chainHash, contentDigest } from '../event-store/hash-chain.js';
import { inTransaction } from '../postgres/database.js';
import { schemaName } from '../postgres/identifiers.js';

/**
 * Runs one statement as a person with a superuser's access to the database would have to in
 * order to change stored events: past the append-only triggers (migration 8), by setting
 * session_replication_role to replica for one transaction, which only a superuser may. For tests
 * that tamper with the store on purpose; the product never does this.
 */
export async function tamper(pool: pg.Pool, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL session_replication_role = replica');
    return client.query(sql, params);
  });
}

interface StoredRow {
  seq: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string;
}

/**
 * What a person with superuser access would do to make an edit pass the unkeyed chain: changes the
 * data of the event at `revision` of `streamId` with `edit`, then recomputes that event's hash and
 * the hash and previousHash of every event after it exactly as the writer does (hash-chain.ts), so
 * each event hashes to what it records and links to the one before it. Returns the new head hash.
 */
export async function editAndRechain(
  pool: pg.Pool,
  schema: string,
  streamId: string,
  revision: bigint,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const s = schemaName(schema);
  return inTransaction(pool, async (client) => {
    await client.query('SET LOCAL session_replication_role = replica');
    const { rows } = await client.query<StoredRow>(
      `SELECT seq, stream_revision, event_id, type, data, metadata, encode(hash, 'hex') AS hash
         FROM ${s}.events WHERE stream_id = $1 AND stream_revision >= $2::bigint - 1 ORDER BY stream_revision`,
      [streamId, revision.toString()],
    );
    let previous = revision === 0n ? GENESIS_HASH : (rows.shift()?.hash ?? GENESIS_HASH);
    for (const row of rows) {
      const atEdit = BigInt(row.stream_revision) === revision;
      const data = atEdit ? edit(row.data as Record<string, unknown>) : row.data;
      const hash = chainHash(previous, BigInt(row.stream_revision), contentDigest({ streamId, id: row.event_id, type: row.type, data, metadata: row.metadata }));
      await client.query(`UPDATE ${s}.events SET data = $2::json, previous_hash = decode($3, 'hex'), hash = decode($4, 'hex') WHERE seq = $1`, [
        row.seq,
        canonicalJson(data),
        previous,
        hash,
      ]);
      previous = hash;
    }
    return previous;
  });
}
