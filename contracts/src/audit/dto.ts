import { z } from 'zod';
import { Actor, PositionText } from '../shared/envelope.js';
import { blankAsAbsent, limitQuery, pageQuery } from '../shared/fields.js';

/** An addition to the first design: read-only access to the event store for auditors (and admins). */

const categoryField = blankAsAbsent(
  z.string({ error: 'category must be text' }).regex(/^[A-Za-z]{1,40}$/, { error: 'category must be letters only, such as account' }),
);

/** An instant in a query: any ISO-8601 date-time with a zone, such as 2026-01-31T09:00:00Z. */
const instantField = (label: string) =>
  blankAsAbsent(
    z.iso.datetime({ offset: true, error: `${label} must be an ISO date-time with a zone, such as 2026-01-31T09:00:00Z` }).transform((text) => new Date(text).toISOString()),
  );

/** GET /audit/streams: streams newest activity first, optionally of one category, whose id contains `search`. */
export const AuditStreamsQuery = z.object({
  category: categoryField,
  search: blankAsAbsent(z.string({ error: 'search must be text' }).trim().max(200, { error: 'search must be at most 200 characters' })),
  page: pageQuery(),
  limit: limitQuery(25),
});
export type AuditStreamsQuery = z.infer<typeof AuditStreamsQuery>;

export const AuditStreamSummary = z.object({
  streamId: z.string(),
  category: z.string(),
  eventCount: z.number().int(),
  /** Revision of the stream's last event (0-based). */
  lastRevision: z.number().int(),
  lastEventType: z.string(),
  lastEventAt: z.string(),
  lastPosition: PositionText,
});
export type AuditStreamSummary = z.infer<typeof AuditStreamSummary>;

export const AuditStreamsResponse = z.object({
  streams: z.array(AuditStreamSummary),
  /** Exact number of streams matching the category and search. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Every category with its number of streams (the whole store, not the filtered page). */
  categories: z.record(z.string(), z.number().int()),
});
export type AuditStreamsResponse = z.infer<typeof AuditStreamsResponse>;

/** Who, why and when of an event; each is null where the event's metadata did not record it. */
const Provenance = {
  /** Null: "actor not recorded" (an event written before metadata was required, or malformed metadata). */
  actor: Actor.nullable(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  occurredAt: z.string().nullable(),
};

/** An event as it was recorded: provenance read leniently out of its metadata, which travels as stored. */
export const RecordedEventDto = z.object({
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  revision: z.number().int(),
  position: PositionText,
  recordedAt: z.string(),
  ...Provenance,
  data: z.record(z.string(), z.unknown()),
  metadata: z.unknown(),
  /**
   * Data fields not shown because they hold credential material (a password hash or the hash of a
   * secret, in events recorded before the credential store); absent when nothing was withheld.
   */
  withheld: z.array(z.string()).optional(),
  /** With `withheld`: hex SHA-256 of the event's content as recorded, the digest its hash chain step hashes. */
  contentDigest: z.string().optional(),
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
  limit: limitQuery(25),
});
export type AuditStreamQuery = z.infer<typeof AuditStreamQuery>;

export const AuditStreamResponse = z.object({
  streamId: z.string(),
  /** Revision of the stream's last event in the store now; null when the stream does not exist. */
  lastRevision: z.number().int().nullable(),
  events: z.array(RecordedEventDto),
});
export type AuditStreamResponse = z.infer<typeof AuditStreamResponse>;

/** GET /audit/events: events of every stream in global order, filtered; each filter is optional. */
export const AuditEventsQuery = z
  .object({
    type: blankAsAbsent(z.string({ error: 'type must be text' }).regex(/^[A-Za-z]{1,80}$/, { error: 'type must be an event type such as DepositRecorded' })),
    category: categoryField,
    from: instantField('from'),
    to: instantField('to'),
    actorId: blankAsAbsent(z.string({ error: 'actorId must be text' }).trim().min(1).max(64, { error: 'actorId must be at most 64 characters' })),
    correlationId: blankAsAbsent(z.string({ error: 'correlationId must be text' }).trim().min(1).max(200, { error: 'correlationId must be at most 200 characters' })),
    page: pageQuery(),
    limit: limitQuery(25),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, { error: 'from must not be after to', path: ['from'] });
export type AuditEventsQuery = z.infer<typeof AuditEventsQuery>;

/** One event as the search lists it; its data is read from the stream view. */
export const AuditEventSummary = z.object({
  id: z.string(),
  streamId: z.string(),
  category: z.string(),
  revision: z.number().int(),
  position: PositionText,
  type: z.string(),
  /** The metadata's occurredAt, else when the store recorded the event. */
  time: z.string(),
  recordedAt: z.string(),
  ...Provenance,
});
export type AuditEventSummary = z.infer<typeof AuditEventSummary>;

export const AuditEventsResponse = z.object({
  events: z.array(AuditEventSummary),
  /** Exact number of events matching every filter. */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AuditEventsResponse = z.infer<typeof AuditEventsResponse>;
