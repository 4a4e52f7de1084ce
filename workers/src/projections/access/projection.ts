import {
  ACCESS_COLLECTION,
  STANDING_CHANGE_EVENT_TYPES,
  RefreshSessionRevoked,
  UserApproved,
  UserPasswordChanged,
  UserPasswordReset,
  UserPasswordReplaced,
  UserRegistered,
  UserRejected,
  UserRoleChanged,
  UserSessionsEnded,
  UserStatusChanged,
  type AccessReadModel,
} from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import type { Projection, ProjectionContext, ProjectionCollection } from '../runtime/projection.js';

/** Ended sessions are remembered this long: far beyond the 15-minute life of their access tokens. */
const ENDED_SESSION_MEMORY_MS = 24 * 3600 * 1000;

async function update(docs: ProjectionCollection<AccessReadModel>, userId: string, change: (doc: AccessReadModel) => Partial<AccessReadModel>) {
  const doc = await docs.get(userId);
  if (doc) await docs.update(userId, change(doc));
}

const later = (a: string | null, b: string) => (a !== null && Date.parse(a) > Date.parse(b) ? a : b);

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const docs = ctx.collection<AccessReadModel>(ACCESS_COLLECTION);
  switch (event.type) {
    case 'UserRegistered': {
      const e = UserRegistered.parse(event.data);
      await docs.upsert({ id: e.userId, status: 'pending', role: e.role, sessionsValidAfter: null, endedSessions: [] });
      return;
    }
    case 'UserApproved':
      return update(docs, UserApproved.parse(event.data).userId, () => ({ status: 'approved' }));
    case 'UserRejected':
      return update(docs, UserRejected.parse(event.data).userId, () => ({ status: 'rejected' }));
    case 'UserStatusChanged': {
      const e = UserStatusChanged.parse(event.data);
      return update(docs, e.userId, () => ({ status: e.to }));
    }
    case 'UserRoleChanged': {
      const e = UserRoleChanged.parse(event.data);
      return update(docs, e.userId, (doc) => ({ role: e.to, sessionsValidAfter: later(doc.sessionsValidAfter, e.changedAt) }));
    }
    case 'UserPasswordChanged': {
      const e = UserPasswordChanged.parse(event.data);
      return update(docs, e.userId, (doc) => ({ sessionsValidAfter: later(doc.sessionsValidAfter, e.changedAt) }));
    }
    case 'UserPasswordReset': {
      const e = UserPasswordReset.parse(event.data);
      return update(docs, e.userId, (doc) => ({ sessionsValidAfter: later(doc.sessionsValidAfter, e.resetAt) }));
    }
    case 'UserPasswordReplaced': {
      const e = UserPasswordReplaced.parse(event.data);
      return update(docs, e.userId, (doc) => ({ sessionsValidAfter: later(doc.sessionsValidAfter, e.setAt) }));
    }
    case 'UserSessionsEnded': {
      const e = UserSessionsEnded.parse(event.data);
      return update(docs, e.userId, (doc) => ({ sessionsValidAfter: later(doc.sessionsValidAfter, e.endedAt) }));
    }
    case 'RefreshSessionRevoked': {
      const e = RefreshSessionRevoked.parse(event.data);
      const horizon = Date.parse(e.revokedAt) - ENDED_SESSION_MEMORY_MS;
      return update(docs, e.userId, (doc) => ({
        endedSessions: [
          ...doc.endedSessions.filter((s) => s.sessionId !== e.sessionId && Date.parse(s.endedAt) >= horizon),
          { sessionId: e.sessionId, endedAt: e.revokedAt },
        ],
      }));
    }
    default:
      return;
  }
}

/** Each account's standing (status, role, void sessions), checked by the query API on every request. */
export const accessProjection: Projection = {
  name: 'access',
  collections: [ACCESS_COLLECTION],
  eventTypes: new Set(['UserRegistered', ...STANDING_CHANGE_EVENT_TYPES]),
  apply,
};
