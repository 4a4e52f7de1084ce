import {
  AUDIT_EVENTS_COLLECTION,
  AUDIT_STREAMS_COLLECTION,
  type AuditEventReadModel,
  type AuditEventsQuery,
  type AuditEventsResponse,
  type AuditEventSummary,
  type AuditStreamReadModel,
  type AuditStreamsQuery,
  type AuditStreamsResponse,
} from '@concierge/contracts';
import type { Filter, ReadStore, Search, Sort } from '@concierge/platform/read-store/port';

/** Most recently active streams first. */
export const LAST_ACTIVITY_FIRST: readonly Sort[] = [{ field: 'lastOrder', direction: 'desc' }];
/** Global order, oldest first: one request's events read in the order they happened. */
export const GLOBAL_ORDER: readonly Sort[] = [{ field: 'order', direction: 'asc' }];
/** "Stream id contains": the browser's search box (a prefix such as `account-` is a contains too). */
export const STREAM_SEARCH_FIELDS = ['streamId'] as const;

/** The stream browser's page: streams of a category whose id contains the search, with exact totals per category. */
export async function listStreams(readStore: ReadStore, query: AuditStreamsQuery): Promise<AuditStreamsResponse> {
  const streams = readStore.collection<AuditStreamReadModel>(AUDIT_STREAMS_COLLECTION);
  const filter: Filter | undefined = query.category ? { category: query.category } : undefined;
  const search: Search | undefined = query.search ? { fields: STREAM_SEARCH_FIELDS, text: query.search } : undefined;
  const [docs, total, categories] = await Promise.all([
    streams.find({ filter, search, sort: LAST_ACTIVITY_FIRST, skip: (query.page - 1) * query.limit, limit: query.limit }),
    streams.count({ filter, search }),
    streams.countBy('category'),
  ]);
  return {
    streams: docs.map((doc) => ({
      streamId: doc.streamId,
      category: doc.category,
      eventCount: doc.eventCount,
      lastRevision: doc.lastRevision,
      lastEventType: doc.lastEventType,
      lastEventAt: doc.lastEventAt,
      lastPosition: doc.lastPosition,
    })),
    total,
    page: query.page,
    limit: query.limit,
    categories,
  };
}

/** Event search over every stream in global order; every filter is optional and they all apply together. */
export async function searchEvents(readStore: ReadStore, query: AuditEventsQuery): Promise<AuditEventsResponse> {
  const events = readStore.collection<AuditEventReadModel>(AUDIT_EVENTS_COLLECTION);
  const filter: Record<string, Filter[string]> = {};
  if (query.type) filter['type'] = query.type;
  if (query.category) filter['category'] = query.category;
  if (query.actorId) filter['actorUserId'] = query.actorId;
  if (query.correlationId) filter['correlationId'] = query.correlationId;
  if (query.from !== undefined || query.to !== undefined) {
    filter['time'] = { ...(query.from !== undefined ? { gte: query.from } : {}), ...(query.to !== undefined ? { lte: query.to } : {}) };
  }
  const [docs, total] = await Promise.all([
    events.find({ filter, sort: GLOBAL_ORDER, skip: (query.page - 1) * query.limit, limit: query.limit }),
    events.count({ filter }),
  ]);
  return { events: docs.map(toSummary), total, page: query.page, limit: query.limit };
}

function toSummary(doc: AuditEventReadModel): AuditEventSummary {
  const actor: AuditEventSummary['actor'] =
    doc.actorType === 'user' && doc.actorUserId !== null
      ? { type: 'user', userId: doc.actorUserId, role: doc.actorRole ?? '' }
      : doc.actorType === 'system'
        ? { type: 'system', ...(doc.actorReason !== null ? { reason: doc.actorReason } : {}) }
        : null;
  return {
    id: doc.id,
    streamId: doc.streamId,
    category: doc.category,
    revision: doc.revision,
    position: doc.position,
    type: doc.type,
    time: doc.time,
    recordedAt: doc.recordedAt,
    actor,
    correlationId: doc.correlationId,
    causationId: doc.causationId,
    occurredAt: doc.occurredAt,
  };
}
