import type {
  Actor,
  ApproveUser,
  ChangePassword,
  VerifyEmailByOperator,
  EndSessions,
  RegisterUser,
  RejectUser,
  ResetUserPassword,
  SetPasswordByOperator,
  UpdateProfile,
  UpdateUserDetails,
  UserStatus,
} from '@concierge/contracts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import { passwordKey } from '../credentials.js';
import { invalidResetLink, spentByLaterPassword } from '../password-reset/reset-token.js';
import { decideEmailVerification, EMAIL_UNVERIFIED_MESSAGE, verificationIssued, type EmailVerificationCommand } from './email-verification.js';
import { CONTENDED_RETRY, defineAggregate } from '../../shared/aggregate.js';
import { initialUserState, evolveUser, userStreamId, type RegisteredUser, type UserEvent, type UserState } from './user.js';

/** Every command decided on `user-<userId>`, in the contracts' `{ type, data, metadata }` shape. */
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
  | VerifyEmailByOperator
  | EmailVerificationCommand;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const USER_NOT_FOUND_MESSAGE = 'No user found with this ID.';
export const EMAIL_READ_ONLY_MESSAGE = 'Email cannot be changed.';
export const OWN_ROLE_MESSAGE = 'You cannot remove your own admin role.';
export const OWN_STATUS_MESSAGE = 'You cannot change the status of your own account.';
export const PASSWORD_RACE_MESSAGE = 'Your password was changed at the same moment. Please try again.';

const notPendingMessage = (action: 'approved' | 'rejected', status: UserStatus) =>
  `Only a pending registration can be ${action}; this account is ${status}.`;

/** Whether the actor is this very user (an admin acting on their own user). */
const isUser = (actor: Actor, userId: string) => actor.type === 'user' && actor.userId === userId;

/** Who an event names as having done it: a signed-in user's id, or the platform's reason for acting. */
function nameOf(actor: Actor): string {
  if (actor.type === 'user') return actor.userId;
  return actor.reason !== undefined && actor.reason !== '' ? actor.reason : 'system';
}

function registered(state: UserState): RegisteredUser {
  if (state.status === 'unregistered') throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  return state;
}

export function decideRegisterUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  const { userId, firstName, lastName, email, passwordCredentialId, emailVerificationSecretId } = command.data;
  const registeredAt = command.metadata.now;
  const events: UserEvent[] = [{ type: 'UserRegistered', data: { userId, firstName, lastName, email, passwordCredentialId, role: 'user', registeredAt } }];
  if (emailVerificationSecretId) events.push(verificationIssued(userId, emailVerificationSecretId, { firstName, lastName, passwordCredentialId }, registeredAt));
  return events;
}

/** Approving an approved account again changes nothing, so a repeated click is harmless. */
export function decideApproveUser(command: ApproveUser, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.status === 'approved') return [];
  if (user.status !== 'pending') throw new ConflictError(notPendingMessage('approved', user.status));
  if (!user.emailVerified) throw new ConflictError(EMAIL_UNVERIFIED_MESSAGE);
  return [{ type: 'UserApproved', data: { userId: user.userId, approvedAt: command.metadata.now } }];
}

export function decideRejectUser(command: RejectUser, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.status === 'rejected') return [];
  if (user.status !== 'pending') throw new ConflictError(notPendingMessage('rejected', user.status));
  return [{ type: 'UserRejected', data: { userId: user.userId, reason: command.data.reason, rejectedAt: command.metadata.now } }];
}

/**
 * One event per field that actually changes. A pending account set to approved is an approval
 * (`UserApproved`), the same fact as the approve button, so whatever follows an approval
 * (deposit wallet, approval mail) follows either way.
 */
export function decideUpdateUserDetails(command: UpdateUserDetails, state: UserState): UserEvent[] {
  const user = registered(state);
  const { userId } = user;
  const { status, role, subscriptionPlanId } = command.data;
  const changedAt = command.metadata.now;
  const self = isUser(command.metadata.actor, userId);
  const events: UserEvent[] = [];
  if (status !== undefined && status !== user.status) {
    if (self) throw new ConflictError(OWN_STATUS_MESSAGE);
    if (status === 'approved' && !user.emailVerified) throw new ConflictError(EMAIL_UNVERIFIED_MESSAGE);
    events.push(
      user.status === 'pending' && status === 'approved'
        ? { type: 'UserApproved', data: { userId, approvedAt: changedAt } }
        : { type: 'UserStatusChanged', data: { userId, from: user.status, to: status, changedAt } },
    );
  }
  if (role !== undefined && role !== user.role) {
    if (self) throw new ConflictError(OWN_ROLE_MESSAGE);
    events.push({ type: 'UserRoleChanged', data: { userId, from: user.role, to: role, changedAt } });
  }
  if (subscriptionPlanId !== undefined && subscriptionPlanId !== user.planId) {
    const { actor } = command.metadata;
    const changedBy = actor.type === 'user' ? { changedBy: actor.userId } : {};
    events.push({ type: 'UserSubscriptionPlanChanged', data: { userId, planId: subscriptionPlanId, ...changedBy, changedAt } });
  }
  return events;
}

export function decideUpdateProfile(command: UpdateProfile, state: UserState): UserEvent[] {
  const user = registered(state);
  const { firstName, lastName, email } = command.data;
  if (email !== undefined && email !== user.email) {
    throw new ValidationError([{ field: 'email', message: EMAIL_READ_ONLY_MESSAGE }]);
  }
  if (firstName === user.firstName && lastName === user.lastName) return [];
  return [{ type: 'UserProfileUpdated', data: { userId: user.userId, firstName, lastName, updatedAt: command.metadata.now } }];
}

/** Refused when the password changed between the handler's check of the current one and now. */
export function decideChangePassword(command: ChangePassword, state: UserState): UserEvent[] {
  const user = registered(state);
  if (passwordKey(user.password) !== command.data.verifiedPassword) throw new AppError(409, PASSWORD_RACE_MESSAGE);
  return [{ type: 'UserPasswordChanged', data: { userId: user.userId, passwordCredentialId: command.data.passwordCredentialId, changedAt: command.metadata.now } }];
}

export function decideResetUserPassword(command: ResetUserPassword, state: UserState): UserEvent[] {
  const user = registered(state);
  if (spentByLaterPassword(command.data.linkIssuedAt, user.credentialsChangedAt)) throw invalidResetLink();
  return [{ type: 'UserPasswordReset', data: { userId: user.userId, passwordCredentialId: command.data.passwordCredentialId, resetAt: command.metadata.now } }];
}

export function decideEndSessions(command: EndSessions, state: UserState): UserEvent[] {
  const user = registered(state);
  const endedBy = nameOf(command.metadata.actor);
  return [{ type: 'UserSessionsEnded', data: { userId: user.userId, reason: command.data.reason, endedBy, endedAt: command.metadata.now } }];
}

export function decideSetPasswordByOperator(command: SetPasswordByOperator, state: UserState): UserEvent[] {
  const user = registered(state);
  const { passwordCredentialId, operator } = command.data;
  return [{ type: 'UserPasswordReplaced', data: { userId: user.userId, passwordCredentialId, operator, setAt: command.metadata.now } }];
}

/** The operator vouches for the email while taking the account over; an account already confirmed changes nothing. */
export function decideVerifyEmailByOperator(command: VerifyEmailByOperator, state: UserState): UserEvent[] {
  const user = registered(state);
  if (user.emailVerified) return [];
  return [{ type: 'UserEmailVerified', data: { userId: user.userId, verifiedAt: command.metadata.now, operator: command.data.operator } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return decideRegisterUser(command, state);
    case 'ApproveUser':
      return decideApproveUser(command, state);
    case 'RejectUser':
      return decideRejectUser(command, state);
    case 'UpdateUserDetails':
      return decideUpdateUserDetails(command, state);
    case 'UpdateProfile':
      return decideUpdateProfile(command, state);
    case 'ChangePassword':
      return decideChangePassword(command, state);
    case 'ResetUserPassword':
      return decideResetUserPassword(command, state);
    case 'EndSessions':
      return decideEndSessions(command, state);
    case 'SetPasswordByOperator':
      return decideSetPasswordByOperator(command, state);
    case 'VerifyEmailByOperator':
      return decideVerifyEmailByOperator(command, state);
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

/**
 * `user-<userId>`: admins, the member and registrations of the member's email may write it at
 * once, and each must get a real answer, so a lost race is decided again often. Bump the snapshot
 * version whenever `evolveUser` or `UserState` changes.
 */
export const userAggregate = defineAggregate({
  streamOf: userStreamId,
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
  retry: CONTENDED_RETRY,
  snapshot: { name: 'user', version: 1 },
});
