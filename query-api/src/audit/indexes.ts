import { AUDIT_EVENTS_COLLECTION, AUDIT_STREAMS_COLLECTION } from '@concierge/contracts';
import type { IndexSpec } from '@concierge/platform/read-store/port';
import type { ReadModelIndexes } from '../shared/read-model-indexes.js';
import { GLOBAL_ORDER, LAST_ACTIVITY_FIRST, STREAM_SEARCH_FIELDS } from './queries.js';

/** The stream browser: all streams or one category by last activity, and "stream id contains". */
export const AUDIT_STREAM_INDEXES: readonly IndexSpec[] = [
  { kind: 'sorted', sort: LAST_ACTIVITY_FIRST },
  { kind: 'sorted', equals: ['category'], sort: LAST_ACTIVITY_FIRST },
  { kind: 'search', fields: STREAM_SEARCH_FIELDS },
];

/**
 * The event search, in global order: one index per equality filter an auditor starts from (a
 * request's correlation id, an actor, a type, a category), each ordered as the answer is; the time
 * range is a range on `time` over whichever of them the planner picks, or over the last one.
 */
export const AUDIT_EVENT_INDEXES: readonly IndexSpec[] = [
  { kind: 'sorted', sort: GLOBAL_ORDER },
  { kind: 'sorted', equals: ['correlationId'], sort: GLOBAL_ORDER },
  { kind: 'sorted', equals: ['actorUserId'], sort: GLOBAL_ORDER },
  { kind: 'sorted', equals: ['type'], sort: GLOBAL_ORDER },
  { kind: 'sorted', equals: ['category'], sort: GLOBAL_ORDER },
  { kind: 'sorted', sort: [{ field: 'time', direction: 'asc' }] },
];

/** The audit context's read-model indexes. */
export const auditIndexes: readonly ReadModelIndexes[] = [
  { collection: AUDIT_STREAMS_COLLECTION, indexes: AUDIT_STREAM_INDEXES },
  { collection: AUDIT_EVENTS_COLLECTION, indexes: AUDIT_EVENT_INDEXES },
];
