import { randomUUID } from 'node:crypto';
import { auditRoutes, streamName, type AuditRecordsViewed, type RouteDef } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { ServiceUnavailableError } from '@concierge/platform/errors';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import type { RouteHook } from '@concierge/platform/http/route-table';

/** Said instead of the answer when the record of a read could not be written. */
export const UNRECORDED_READ_MESSAGE = 'This read could not be recorded in the audit trail, so it was not shown. Please try again in a moment.';

/**
 * Audit routes whose answers hold no one's records, only the store's integrity status (verdicts,
 * counts, positions, hashes, stream names): the verification panel polls the overview while a
 * replay-verification runs, and recording each poll would only move the store it is verifying.
 */
const HOLD_NO_RECORDS: ReadonlySet<string> = new Set([auditRoutes.verification.id]);

/**
 * Which reads leave a record: every read of the audit routes, whoever asks (auditors and admins),
 * except those in HOLD_NO_RECORDS, and every read an auditor makes through a route opened to
 * auditors by name (the users list and details). An account's own pages (`/auth/me`) are not
 * someone else's records and are not noted.
 */
export function recordsRead(route: RouteDef, role: string): boolean {
  if (route.method !== 'GET' || HOLD_NO_RECORDS.has(route.id)) return false;
  if (route.id.startsWith('audit.')) return true;
  return role === 'auditor' && Array.isArray(route.access) && route.access.includes('auditor');
}

/**
 * Appends `AuditRecordsViewed` to `auditReads-<userId>` before the handler reads anything: the
 * answer leaves only once its record is in the event store, and a failed append answers 503, so
 * no read is ever served unrecorded (a read that fails after its record is recorded all the same).
 */
export function recordRead(eventStore: EventStore | undefined, now: () => Date = () => new Date()): RouteHook {
  return async ({ route, input, request, response }) => {
    // A public route has no caller to record (and no principal to ask for).
    if (route.access === 'public') return;
    const { userId, role } = principalOf(request);
    if (!recordsRead(route, role)) return;
    if (!eventStore) throw new ServiceUnavailableError(UNRECORDED_READ_MESSAGE);
    const requestId = String(response.getHeader('x-request-id') ?? randomUUID());
    const readAt = now().toISOString();
    const data: AuditRecordsViewed = {
      userId,
      role,
      routeId: route.id,
      path: request.path,
      params: (input.params ?? {}) as Record<string, unknown>,
      query: (input.query ?? {}) as Record<string, unknown>,
      readAt,
    };
    const event: NewEvent = {
      id: randomUUID(),
      type: 'AuditRecordsViewed',
      data,
      metadata: { actor: { type: 'user', userId, role }, correlationId: requestId, causationId: requestId, occurredAt: readAt, schemaVersion: 1 },
    };
    try {
      await eventStore.appendToStream(streamName('auditReads', userId), [event], { expectedRevision: 'any' });
    } catch {
      // Whatever the store's reason, the reader is told why they see nothing, and may retry.
      throw new ServiceUnavailableError(UNRECORDED_READ_MESSAGE);
    }
  };
}
