import { provenanceOf, type AuditStreamQuery, type AuditStreamResponse, type RecordedEventDto } from '@concierge/contracts';
import { withholdCredentials } from '@concierge/platform/audit/withheld';
import type { EventStore, RecordedEvent } from '@concierge/platform/event-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';

/**
 * One page of a stream read from the event store itself (not a projection), with the stream's
 * last revision now, so a reader can page by revision and knows where the stream ends.
 */
export async function readStreamPage(eventStore: EventStore, streamId: string, query: AuditStreamQuery): Promise<AuditStreamResponse> {
  const [events, last] = await Promise.all([
    eventStore.readStream(streamId, {
      direction: query.direction,
      maxCount: query.limit,
      ...(query.fromRevision !== undefined ? { fromRevision: BigInt(query.fromRevision) } : {}),
    }),
    eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 }),
  ]);
  const lastRevision = last[0] ? Number(last[0].revision) : null;
  return { streamId, lastRevision, events: events.map(toRecordedEventDto) };
}

/**
 * The event as recorded: its metadata as stored, and what it says of who and why read leniently
 * beside it; credential material in its data (events recorded before the credential store) is
 * withheld and named, with the digest that keeps its chain step checkable.
 */
export function toRecordedEventDto(event: RecordedEvent): RecordedEventDto {
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: formatPosition(event.position),
    recordedAt: new Date(event.recordedAt).toISOString(),
    ...provenanceOf(event.metadata),
    ...withholdCredentials(event),
    metadata: event.metadata ?? null,
  };
}
