import {
  ANY,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  type AppendExpectedRevision,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import type { Actor, EventMetadata, ExpectedRevision, RecordedEvent } from '../port.js';
import { START, comparePositions, type Position } from '../position.js';

/** The port's expected revision in the client's vocabulary (@eventstore/db-client 6.x `expectedRevision`). */
export function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
}

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
  const { data, metadata, position } = event;
  if (!isPlainObject(data) || !isEventMetadata(metadata)) return undefined;
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
