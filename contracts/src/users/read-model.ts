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
  createdAt: string;
  updatedAt: string;
};
