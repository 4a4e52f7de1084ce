/** The stream view of `streamId`, opened at `fromRevision` when given. */
export function streamPath(streamId: string, fromRevision?: number): string {
  const base = `/audit/streams/${encodeURIComponent(streamId)}`;
  return fromRevision === undefined ? base : `${base}?from=${fromRevision}`;
}

/** The event search with these filters filled in. */
export function eventSearchPath(filters: { correlationId?: string; actorId?: string; type?: string }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const query = params.toString();
  return query === '' ? '/audit/events' : `/audit/events?${query}`;
}

/** The stream browser showing streams whose id contains `search` (a member's id finds all their streams). */
export function streamsPath(search: string): string {
  return `/audit/streams?search=${encodeURIComponent(search)}`;
}

/** Time travel with this member filled in. */
export function timeTravelPath(userId: string): string {
  return `/audit/time-travel?userId=${encodeURIComponent(userId)}`;
}
