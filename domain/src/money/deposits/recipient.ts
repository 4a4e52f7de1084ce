import type { UserRole, UserStatus } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { RegisteredUser } from '../../identity/user/user.js';

const STATUS_WORDS: Record<Exclude<UserStatus, 'approved'>, string> = {
  pending: 'is pending approval',
  rejected: 'was rejected',
  suspended: 'is suspended',
};

const ROLE_WORDS: Record<Exclude<UserRole, 'user'>, string> = {
  admin: 'an administrator',
  auditor: 'an auditor',
};

/** A deposit for an account that is not an approved member (role user, status approved). */
export class DepositRecipientError extends ConflictError {
  constructor(
    readonly userId: string,
    readonly accountStatus: UserStatus,
    readonly accountRole: UserRole,
  ) {
    super(
      accountRole !== 'user'
        ? `Deposits can only be recorded for members; this account is ${ROLE_WORDS[accountRole]}.`
        : `Deposits can only be recorded for approved members; this account ${STATUS_WORDS[accountStatus as Exclude<UserStatus, 'approved'>]}.`,
      { accountStatus, accountRole },
    );
  }
}

/**
 * Only approved members hold money here: a pending or rejected registration has no relationship
 * with the platform yet (or any more), a suspended one must not grow, and staff accounts have no
 * portfolio. Both doors (an admin's entry and on-chain detection) pass through this rule.
 */
export function assertMayReceiveDeposits(user: Pick<RegisteredUser, 'userId' | 'status' | 'role'>): void {
  if (user.role === 'user' && user.status === 'approved') return;
  throw new DepositRecipientError(user.userId, user.status, user.role);
}
