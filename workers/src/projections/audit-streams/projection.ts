import { AUDIT_STREAMS_COLLECTION, type AuditStreamReadModel } from '@concierge/contracts';
import { auditEventDoc } from '../audit-events/projection.js';
import { defineEnvelopeProjection } from '../audit-events/every-event.js';

export { AUDIT_STREAMS_COLLECTION };

/**
 * One document per stream: its category, event count and last event. The count is the last
 * revision plus one, read off the event, so applying an event twice cannot count it twice.
 */
export const auditStreamsProjection = defineEnvelopeProjection({
  name: 'auditStreams',
  readModels: [AUDIT_STREAMS_COLLECTION],
  async apply(event, tx) {
    const streams = tx.collection<AuditStreamReadModel>(AUDIT_STREAMS_COLLECTION);
    const doc = auditEventDoc(event);
    const known = await streams.get(event.streamId);
    if (known && known.lastRevision >= doc.revision) return;
    await streams.upsert({
      id: event.streamId,
      streamId: event.streamId,
      category: doc.category,
      eventCount: doc.revision + 1,
      lastRevision: doc.revision,
      lastEventType: doc.type,
      lastEventAt: doc.time,
      lastPosition: doc.position,
      lastOrder: doc.order,
    });
  },
});
