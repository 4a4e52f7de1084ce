import type { SessionsEndedReason, UserRole, UserStatus } from '@concierge/contracts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import { invalidResetLink, spentByLaterPassword } from '../password-reset/reset-token.js';
import { decideEmailVerification, EMAIL_UNVERIFIED_MESSAGE, verificationIssued, type EmailVerificationCommand } from './email-verification.js';
import { initialUserState, evolveUser, type RegisteredUser, type UserEvent, type UserState } from './user.js';

export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly registeredAt: Date;
  /** The hash of the confirmation link mailed with this registration; absent for accounts an operator creates. */
  readonly emailVerificationTokenHash?: string;
}

export interface ApproveUser {
  readonly type: 'ApproveUser';
  readonly approvedAt: Date;
}

export interface RejectUser {
  readonly type: 'RejectUser';
  readonly reason: string;
  readonly rejectedAt: Date;
}

/** PUT /users/:id. Absent fields are left alone; `subscriptionPlanId: null` removes the plan. */
export interface UpdateUserDetails {
  readonly type: 'UpdateUserDetails';
  readonly status?: UserStatus | undefined;
  readonly role?: UserRole | undefined;
  readonly subscriptionPlanId?: string | null | undefined;
  /** The admin deciding, so they cannot lock themselves out; undefined for the platform itself. */
  readonly changedBy?: string | undefined;
  readonly changedAt: Date;
}

export interface UpdateProfile {
  readonly type: 'UpdateProfile';
  readonly firstName: string;
  readonly lastName: string;
  /** The email the form sent along (read-only there); anything but the current one is refused. */
  readonly email?: string | undefined;
  readonly updatedAt: Date;
}

/** The handler has verified the current password against `verifiedPasswordHash`. */
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly verifiedPasswordHash: string;
  readonly passwordHash: string;
  readonly changedAt: Date;
}

/** A reset link was spent (its stream holds `PasswordResetTokenUsed`); set the new password. */
export interface ResetUserPassword {
  readonly type: 'ResetUserPassword';
  readonly passwordHash: string;
  readonly resetAt: Date;
  /** When the spent link was mailed: a password set since then makes the link void. */
  readonly linkIssuedAt: string;
}

/** End every session of the account that began before `endedAt` (this device's included). */
export interface EndSessions {
  readonly type: 'EndSessions';
  readonly reason: SessionsEndedReason;
  /** Who ended them: the account's own id, or the operator of a take-over. */
  readonly endedBy: string;
  readonly endedAt: Date;
}

/** The operator of the platform sets the password from the command line (a take-over). */
export interface SetPasswordByOperator {
  readonly type: 'SetPasswordByOperator';
  readonly passwordHash: string;
  readonly operator: string;
  readonly setAt: Date;
}

export type UserCommand =
  | RegisterUser
  | ApproveUser
  | RejectUser
  | UpdateUserDetails
  | UpdateProfile
  | ChangePassword
  | ResetUserPassword
  | EndSessions
  | SetPasswordByOperator
  | EmailVerificationCommand;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const USER_NOT_FOUND_MESSAGE = 'No user found with this ID.';
export const EMAIL_READ_ONLY_MESSAGE = 'Email cannot be changed.';
export const OWN_ROLE_MESSAGE = 'You cannot remove your own admin role.';
export const OWN_STATUS_MESSAGE = 'You cannot change the status of your own account.';
export const PASSWORD_RACE_MESSAGE = 'Your password was changed at the same moment. Please try again.';

const notPendingMessage = (action: 'approved' | 'rejected', status: UserStatus) =>
  `Only a pending registration can be ${action}; this account is ${status}.`;

function registered(state: UserState): RegisteredUser {
  if (state.status === 'unregistered') throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return state;
}

export function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  const { userId, firstName, lastName, email, passwordHash } = command;
  const registeredAt = command.registeredAt.toISOString();
  const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, firstName, lastName, email, passwordHash, role: 'user', registeredAt } }];
  if (command.emailVerificationTokenHash) events.push(verificationIssued(userId, command.emailVerificationTokenHash, command.registeredAt));
  return events;
}

/** Approving an approved account again changes nothing, so a repeated click is harmless. */
export function approveUser(command: ApproveUser, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.status === 'approved') return [];
  if (user.status !== 'pending') throw new ConflictError(notPendingMessage('approved', user.status));
  if (!user.emailVerified) throw new ConflictError(EMAIL_UNVERIFIED_MESSAGE);
  return [{ type: 'UserApproved', data: { userId: user.userId, approvedAt: command.approvedAt.toISOString() } }];
}

export function rejectUser(command: RejectUser, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.status === 'rejected') return [];
  if (user.status !== 'pending') throw new ConflictError(notPendingMessage('rejected', user.status));
  return [{ type: 'UserRejected', data: { userId: user.userId, reason: command.reason, rejectedAt: command.rejectedAt.toISOString() } }];
}

/**
 * One event per field that actually changes. A pending account set to approved is an approval
 * (`UserApproved`), the same fact as the approve button, so whatever follows an approval
 * (deposit wallet, approval mail) follows either way.
 */
export function updateUserDetails(command: UpdateUserDetails, state: UserState): UserEvent[] {
  const user = registered(state);
  const { userId } = user;
  const changedAt = command.changedAt.toISOString();
  const self = command.changedBy === userId;
  const events: UserEvent[] = [];
  if (command.status !== undefined && command.status !== user.status) {
    if (self) throw new ConflictError(OWN_STATUS_MESSAGE);
    if (command.status === 'approved' && !user.emailVerified) throw new ConflictError(EMAIL_UNVERIFIED_MESSAGE);
    events.push(
      user.status === 'pending' && command.status === 'approved'
        ? { type: 'UserApproved', data: { userId, approvedAt: changedAt } }
        : { type: 'UserStatusChanged', data: { userId, from: user.status, to: command.status, changedAt } },
    );
  }
  if (command.role !== undefined && command.role !== user.role) {
    if (self) throw new ConflictError(OWN_ROLE_MESSAGE);
    events.push({ type: 'UserRoleChanged', data: { userId, from: user.role, to: command.role, changedAt } });
  }
  if (command.subscriptionPlanId !== undefined && command.subscriptionPlanId !== user.planId) {
    events.push({ type: 'UserSubscriptionPlanChanged', data: { userId, planId: command.subscriptionPlanId, changedAt } });
  }
  return events;
}

export function updateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  const user = registered(state);
  if (command.email !== undefined && command.email !== user.email) {
    throw new ValidationError([{ field: 'email', message: EMAIL_READ_ONLY_MESSAGE }]);
  }
  if (command.firstName === user.firstName && command.lastName === user.lastName) return [];
  const { firstName, lastName } = command;
  return [{ type: 'UserProfileUpdated', data: { userId: user.userId, firstName, lastName, updatedAt: command.updatedAt.toISOString() } }];
}

/** Refused when the password changed between the handler's check of the current one and now. */
export function changePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.passwordHash !== command.verifiedPasswordHash) throw new AppError(409, PASSWORD_RACE_MESSAGE);
  return [
    { type: 'UserPasswordChanged', data: { userId: user.userId, passwordHash: command.passwordHash, changedAt: command.changedAt.toISOString() } },
  ];
}

export function resetUserPassword(command: ResetUserPassword, state: UserState): UserEvent[] {
  const user = registered(state);
  if (spentByLaterPassword(command.linkIssuedAt, user.credentialsChangedAt)) throw invalidResetLink();
  return [{ type: 'UserPasswordReset', data: { userId: user.userId, passwordHash: command.passwordHash, resetAt: command.resetAt.toISOString() } }];
}

export function endSessions(command: EndSessions, state: UserState): UserEvent[] {
  const user = registered(state);
  const { reason, endedBy } = command;
  return [{ type: 'UserSessionsEnded', data: { userId: user.userId, reason, endedBy, endedAt: command.endedAt.toISOString() } }];
}

export function setPasswordByOperator(command: SetPasswordByOperator, state: UserState): UserEvent[] {
  const user = registered(state);
  const { passwordHash, operator } = command;
  return [{ type: 'UserPasswordReplaced', data: { userId: user.userId, passwordHash, operator, setAt: command.setAt.toISOString() } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    case 'ApproveUser':
      return approveUser(command, state);
    case 'RejectUser':
      return rejectUser(command, state);
    case 'UpdateUserDetails':
      return updateUserDetails(command, state);
    case 'UpdateProfile':
      return updateProfile(command, state);
    case 'ChangePassword':
      return changePassword(command, state);
    case 'ResetUserPassword':
      return resetUserPassword(command, state);
    case 'EndSessions':
      return endSessions(command, state);
    case 'SetPasswordByOperator':
      return setPasswordByOperator(command, state);
    case 'IssueEmailVerification':
    case 'VerifyEmail':
    case 'NoteRepeatedRegistration':
      return decideEmailVerification(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown user command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

export const userAggregate = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };
