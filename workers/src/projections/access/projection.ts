import { ACCESS_COLLECTION, type AccessReadModel } from '@concierge/contracts';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

/** Ended sessions are remembered this long: far beyond the 15-minute life of their access tokens. */
const ENDED_SESSION_MEMORY_MS = 24 * 3600 * 1000;

async function update(tx: ProjectionContext, userId: string, change: (doc: AccessReadModel) => Partial<AccessReadModel>) {
  const docs = tx.collection<AccessReadModel>(ACCESS_COLLECTION);
  const doc = await docs.get(userId);
  if (doc) await docs.update(userId, change(doc));
}

/** Moves the account's cut-off for sessions forward to `at` (never back). */
const voidSessionsBefore = (tx: ProjectionContext, userId: string, at: string) =>
  update(tx, userId, (doc) => ({ sessionsValidAfter: later(doc.sessionsValidAfter, at) }));

const later = (a: string | null, b: string) => (a !== null && Date.parse(a) > Date.parse(b) ? a : b);

/**
 * Each account's standing (status, role, void sessions), checked by the query API on every
 * request. It follows registration and every STANDING_CHANGE_EVENT_TYPES (registry.unit.spec.ts).
 */
export const accessProjection = defineProjection({
  name: 'access',
  readModels: [ACCESS_COLLECTION],
  on: {
    async UserRegistered({ data }, tx) {
      const doc: AccessReadModel = { id: data.userId, status: 'pending', role: data.role, sessionsValidAfter: null, endedSessions: [] };
      await tx.collection<AccessReadModel>(ACCESS_COLLECTION).upsert(doc);
    },
    UserApproved: ({ data }, tx) => update(tx, data.userId, () => ({ status: 'approved' })),
    UserRejected: ({ data }, tx) => update(tx, data.userId, () => ({ status: 'rejected' })),
    UserStatusChanged: ({ data }, tx) => update(tx, data.userId, () => ({ status: data.to })),
    UserRoleChanged: ({ data }, tx) => update(tx, data.userId, (doc) => ({ role: data.to, sessionsValidAfter: later(doc.sessionsValidAfter, data.changedAt) })),
    UserPasswordChanged: ({ data }, tx) => voidSessionsBefore(tx, data.userId, data.changedAt),
    UserPasswordReset: ({ data }, tx) => voidSessionsBefore(tx, data.userId, data.resetAt),
    UserPasswordReplaced: ({ data }, tx) => voidSessionsBefore(tx, data.userId, data.setAt),
    UserSessionsEnded: ({ data }, tx) => voidSessionsBefore(tx, data.userId, data.endedAt),
    RefreshSessionRevoked: ({ data }, tx) => {
      const horizon = Date.parse(data.revokedAt) - ENDED_SESSION_MEMORY_MS;
      return update(tx, data.userId, (doc) => ({
        endedSessions: [
          ...doc.endedSessions.filter((s) => s.sessionId !== data.sessionId && Date.parse(s.endedAt) >= horizon),
          { sessionId: data.sessionId, endedAt: data.revokedAt },
        ],
      }));
    },
  },
});
