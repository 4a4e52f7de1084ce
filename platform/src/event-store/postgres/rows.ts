import type { EventMetadata, RecordedEvent } from '../port.js';

export interface EventRow {
  seq: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: Date;
  previous_hash: string;
  hash: string;
}

export const EVENT_COLUMNS =
  'seq, transaction_id::text AS transaction_id, stream_id, stream_revision, event_id, type, data, metadata, recorded_at, ' +
  "encode(previous_hash, 'hex') AS previous_hash, encode(hash, 'hex') AS hash";

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.seq) },
    recordedAt: row.recorded_at.toISOString(),
    previousHash: row.previous_hash,
    hash: row.hash,
  };
}
