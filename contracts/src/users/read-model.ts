import type { UserRole, UserStatus } from './fields.js';

/** Collection of the users read model, written by the workers' users projection. */
export const USERS_COLLECTION = 'users';

/** A document of the users read model: what admins list and search. Never holds credentials. */
export type UserReadModel = {
  id: string;
  firstName: string;
  lastName: string;
  /** "First Last", for search by full name. */
  fullName: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  walletAddress: string | null;
  subscriptionPlan: string | null;
  primaryWithdrawalAddress: string | null;
  rejectionReason: string | null;
  /** False until the owner opens the confirmation link mailed at registration. */
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
};

/**
 * The events after which an account's standing (status, role, sessions) is no longer what it was:
 * the access projection applies them, and the command side announces them to every process.
 */
export const STANDING_CHANGE_EVENT_TYPES = [
  'UserApproved',
  'UserRejected',
  'UserStatusChanged',
  'UserRoleChanged',
  'UserPasswordChanged',
  'UserPasswordReset',
  'UserPasswordReplaced',
  'UserSessionsEnded',
  'RefreshSessionRevoked',
] as const;

/** Collection of the access read model: one document per account, what every request is checked against. */
export const ACCESS_COLLECTION = 'access';

/**
 * An account's standing as the query API checks it on every authenticated request: its current
 * status and role, the instant before which every session is void, and the sessions ended one by
 * one (kept for a day, far beyond the life of an access token).
 */
export type AccessReadModel = {
  id: string;
  status: UserStatus;
  role: UserRole;
  /** ISO instant; sessions that began before it are void. */
  sessionsValidAfter: string | null;
  endedSessions: { sessionId: string; endedAt: string }[];
};
