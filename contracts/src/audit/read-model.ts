/** Collection of the audit stream index: one document per stream (id = stream id). */
export const AUDIT_STREAMS_COLLECTION = 'audit_streams';
/** Collection of the audit event index: one small document per event (id = event id), never its data. */
export const AUDIT_EVENTS_COLLECTION = 'audit_events';

/**
 * A stream as the auditors' browser lists it. `lastOrder` is the global position of its last event
 * as fixed-width text (see `positionOrder`), so text order is global order in both read stores.
 */
export type AuditStreamReadModel = {
  id: string;
  streamId: string;
  category: string;
  eventCount: number;
  lastRevision: number;
  lastEventType: string;
  lastEventAt: string;
  lastPosition: string;
  lastOrder: string;
};

/** One event as the auditors' search finds it; the actor fields are null where none was recorded. */
export type AuditEventReadModel = {
  id: string;
  streamId: string;
  category: string;
  revision: number;
  position: string;
  order: string;
  type: string;
  /** When it happened: the metadata's occurredAt, else when the store recorded it. */
  time: string;
  /** The metadata's occurredAt; null where none was recorded. */
  occurredAt: string | null;
  recordedAt: string;
  actorType: 'user' | 'system' | null;
  actorUserId: string | null;
  actorRole: string | null;
  actorReason: string | null;
  correlationId: string | null;
  causationId: string | null;
};

const ORDER_DIGITS = 20;

/** `1200-7` -> fixed-width `00000000000000001200-00000000000000000007`, whose text order is the global order. */
export function positionOrder(position: string): string {
  const [commit = '0', prepare = '0'] = position.split('-');
  return `${commit.padStart(ORDER_DIGITS, '0')}-${prepare.padStart(ORDER_DIGITS, '0')}`;
}
