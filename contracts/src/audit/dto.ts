import { z } from 'zod';
import { EventMetadata, PositionText } from '../shared/envelope.js';
import { blankAsAbsent, limitQuery, pageQuery } from '../shared/fields.js';

/** An addition to the first design: read-only access to the event store for auditors (and admins). */

/** GET /audit/streams: stream names, optionally of one category (`user`, `account`, ...). */
export const AuditStreamsQuery = z.object({
  category: blankAsAbsent(z.string({ error: 'category must be text' }).regex(/^[A-Za-z]{1,40}$/, { error: 'category must be letters only, such as account' })),
  page: pageQuery(),
  limit: limitQuery(50),
});
export type AuditStreamsQuery = z.infer<typeof AuditStreamsQuery>;

export const AuditStreamSummary = z.object({
  streamId: z.string(),
  category: z.string(),
  /** Revision of the stream's last event (0-based), i.e. event count - 1. */
  lastRevision: z.number().int(),
  lastEventType: z.string(),
  lastEventAt: z.string(),
});
export const AuditStreamsResponse = z.object({
  streams: z.array(AuditStreamSummary),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditStreamsResponse = z.infer<typeof AuditStreamsResponse>;

/** An event as it was recorded. */
export const RecordedEventDto = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.number().int(),
  position: PositionText,
  recordedAt: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
});
export type RecordedEventDto = z.infer<typeof RecordedEventDto>;

/** GET /audit/streams/:streamId. */
export const AuditStreamParams = z.object({
  streamId: z
    .string({ error: 'streamId is required' })
    .regex(/^[A-Za-z]{1,40}-.{1,200}$/, { error: 'streamId must look like <category>-<id>, such as account-42' }),
});
export type AuditStreamParams = z.infer<typeof AuditStreamParams>;

/** Read a stream from `fromRevision` (inclusive; default its first or, backwards, its last event). */
export const AuditStreamQuery = z.object({
  direction: blankAsAbsent(z.enum(['forwards', 'backwards'], { error: 'direction must be forwards or backwards' })).transform(
    (direction) => direction ?? 'forwards',
  ),
  fromRevision: blankAsAbsent(
    z.coerce
      .number({ error: 'fromRevision must be a number' })
      .int({ error: 'fromRevision must be a whole number' })
      .min(0, { error: 'fromRevision must not be negative' }),
  ),
  limit: limitQuery(100),
});
export type AuditStreamQuery = z.infer<typeof AuditStreamQuery>;

export const AuditStreamResponse = z.object({ streamId: z.string(), events: z.array(RecordedEventDto) });
export type AuditStreamResponse = z.infer<typeof AuditStreamResponse>;

/** GET /audit/events: events of all streams in global order, strictly after `after` (default: the start). */
export const AuditAllQuery = z.object({
  after: blankAsAbsent(
    z.string({ error: 'after must be text' }).regex(/^\d{1,20}-\d{1,20}$/, { error: 'after must be a position such as 1200-1200' }),
  ).transform((after) => after ?? '0-0'),
  limit: limitQuery(100),
});
export type AuditAllQuery = z.infer<typeof AuditAllQuery>;

/** `next` is the position to pass as `after` for the following page (null when none were returned). */
export const AuditAllResponse = z.object({ events: z.array(RecordedEventDto), next: PositionText.nullable() });
export type AuditAllResponse = z.infer<typeof AuditAllResponse>;
