import type pg from 'pg';
import { GENESIS_HASH, chainHash, contentDigest } from '../event-store/hash-chain.js';

const PAGE = 5_000;

interface UnsealedRow {
  seq: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
}

/**
 * Gives every event without a hash its place in its stream's chain, stream by stream in revision
 * order, from the hash of the event before it (migration 4 runs it over the events written before
 * the chain existed). Events that have a hash keep it, so running it again changes nothing.
 * Returns how many events it sealed.
 */
export async function sealUnhashedEvents(client: pg.ClientBase, s: string): Promise<number> {
  let sealed = 0;
  let cursor: { stream: string; revision: string } | undefined;
  let link = { stream: '', hash: GENESIS_HASH };
  for (;;) {
    const { rows } = await client.query<UnsealedRow>(
      `SELECT seq, stream_id, stream_revision, event_id, type, data, metadata, encode(hash, 'hex') AS hash
         FROM ${s}.events ${cursor ? 'WHERE (stream_id, stream_revision) > ($2, $3::bigint)' : ''}
        ORDER BY stream_id, stream_revision LIMIT $1`,
      cursor ? [PAGE, cursor.stream, cursor.revision] : [PAGE],
    );
    const updates: { seq: string[]; previous: string[]; hash: string[] } = { seq: [], previous: [], hash: [] };
    for (const row of rows) {
      const previous = row.stream_id === link.stream ? link.hash : GENESIS_HASH;
      let hash = row.hash;
      if (hash === null) {
        const content = { streamId: row.stream_id, id: row.event_id, type: row.type, data: row.data, metadata: row.metadata };
        hash = chainHash(previous, BigInt(row.stream_revision), contentDigest(content));
        updates.seq.push(row.seq);
        updates.previous.push(previous);
        updates.hash.push(hash);
      }
      link = { stream: row.stream_id, hash };
    }
    if (updates.seq.length > 0) {
      await client.query(
        `UPDATE ${s}.events e SET previous_hash = decode(u.previous, 'hex'), hash = decode(u.hash, 'hex')
           FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(seq, previous, hash) WHERE e.seq = u.seq`,
        [updates.seq, updates.previous, updates.hash],
      );
      sealed += updates.seq.length;
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return sealed;
    cursor = { stream: last.stream_id, revision: last.stream_revision };
  }
}
