import { START as ESDB_START, type ReadPosition, type RecordedEvent as EsdbRecordedEvent } from '@eventstore/db-client';
import type { Actor, EventMetadata, RecordedEvent } from '../port.js';
import { START, comparePositions, type Position } from '../position.js';
import { splitChain } from './esdb-chain.js';

/** The port's START is "before the first event"; the client spells that as its own START constant. */
export function toClientPosition(position: Position): ReadPosition {
  return comparePositions(position, START) === 0 ? ESDB_START : { commit: position.commit, prepare: position.prepare };
}

/**
 * Maps a recorded event of the client to the port's shape, or undefined for events this store did
 * not write: system events (`$` types), binary events and events without our envelope metadata.
 */
export function toRecordedEvent(event: EsdbRecordedEvent): RecordedEvent | undefined {
  if (event.type.startsWith('$') || !event.isJson) return undefined;
  const { data, position } = event;
  if (!isPlainObject(data) || !isPlainObject(event.metadata)) return undefined;
  // The chain fields are the store's, not the writer's: readers get them as hash and previousHash.
  const { metadata, link } = splitChain(event.metadata);
  if (!isEventMetadata(metadata)) return undefined;
  if (!position) {
    // Stream reads carry the $all position only from server 22.6 on; the compose file runs 24.10.
    throw new Error(`EventStoreDB returned event ${event.id} without a position; server 22.6 or later is required`);
  }
  return {
    id: event.id,
    type: event.type,
    data,
    metadata,
    streamId: event.streamId,
    revision: event.revision,
    position: { commit: position.commit, prepare: position.prepare },
    recordedAt: event.created.toISOString(),
    ...(link ? { hash: link.hash, previousHash: link.previousHash } : {}),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function isActor(value: unknown): value is Actor {
  if (!isPlainObject(value)) return false;
  if (value['type'] === 'system') return true;
  return value['type'] === 'user' && typeof value['userId'] === 'string' && typeof value['role'] === 'string';
}

function isEventMetadata(value: unknown): value is EventMetadata {
  return (
    isPlainObject(value) &&
    isActor(value['actor']) &&
    typeof value['correlationId'] === 'string' &&
    typeof value['causationId'] === 'string' &&
    typeof value['occurredAt'] === 'string' &&
    typeof value['schemaVersion'] === 'number'
  );
}
