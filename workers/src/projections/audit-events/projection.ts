import { AUDIT_EVENTS_COLLECTION, positionOrder, provenanceOf, type AuditEventReadModel } from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { defineEnvelopeProjection } from './every-event.js';

export { AUDIT_EVENTS_COLLECTION };

/** The category of `account-42` is `account`; a name without a dash is its own category. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

/** The index document of one event: where it is, what it is, who and why, but never its data. */
export function auditEventDoc(event: RecordedEvent): AuditEventReadModel {
  const { actor, correlationId, causationId, occurredAt } = provenanceOf(event.metadata);
  const position = formatPosition(event.position);
  const recordedAt = new Date(event.recordedAt).toISOString();
  return {
    id: event.id,
    streamId: event.streamId,
    category: categoryOf(event.streamId),
    revision: Number(event.revision),
    position,
    order: positionOrder(position),
    type: event.type,
    time: occurredAt ?? recordedAt,
    occurredAt,
    recordedAt,
    actorType: actor?.type ?? null,
    actorUserId: actor?.type === 'user' ? actor.userId : null,
    actorRole: actor?.type === 'user' ? actor.role : null,
    actorReason: actor?.type === 'system' ? (actor.reason ?? null) : null,
    correlationId,
    causationId,
  };
}

/** One small document per event of the store, for the auditors' search by type, time, actor and correlation. */
export const auditEventsProjection = defineEnvelopeProjection({
  name: 'auditEvents',
  readModels: [AUDIT_EVENTS_COLLECTION],
  async apply(event, tx) {
    await tx.collection<AuditEventReadModel>(AUDIT_EVENTS_COLLECTION).upsert(auditEventDoc(event));
  },
});
