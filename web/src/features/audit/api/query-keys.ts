/** Filters of the stream browser; undefined means none. */
export type StreamListParams = { page: number; limit: number; category: string | undefined; search: string | undefined };

/** One page of one stream, `from` its first revision shown. */
export type StreamPageParams = { streamId: string; fromRevision: number | undefined; limit: number };

/** Filters of the event search; undefined means none. */
export type EventSearchParams = {
  page: number;
  limit: number;
  type: string | undefined;
  from: string | undefined;
  to: string | undefined;
  actorId: string | undefined;
  correlationId: string | undefined;
};

/** Every audit query key starts with 'audit'; the store only grows, so nothing here is invalidated by a write of the SPA. */
export const auditKeys = {
  all: ['audit'] as const,
  streams: (params: StreamListParams) => ['audit', 'streams', params] as const,
  stream: (params: StreamPageParams) => ['audit', 'stream', params] as const,
  events: (params: EventSearchParams) => ['audit', 'events', params] as const,
  members: (search: string) => ['audit', 'members', search] as const,
};
