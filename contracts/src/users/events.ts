import { z } from 'zod';
import { EntityId, UserRole, UserStatus } from './fields.js';

/** Stream `user-<userId>`: the account's lifecycle. */
export const UserRegistered = z.object({
  userId: EntityId,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /**
   * The password, as the id of its argon2id hash in the credential store (which only the command
   * side reads), so no credential material is in event data. Events recorded before that store
   * carry `passwordHash` (the argon2id PHC string) instead; one of the two is always present.
   */
  passwordCredentialId: EntityId.optional(),
  /** Legacy: the argon2id PHC string itself (events recorded before the credential store). */
  passwordHash: z.string().optional(),
  role: UserRole,
  registeredAt: z.iso.datetime(),
});

/** An admin approved a pending registration; the member can now log in. */
export const UserApproved = z.object({ userId: EntityId, approvedAt: z.iso.datetime() });
/** An admin rejected a pending registration. */
export const UserRejected = z.object({ userId: EntityId, reason: z.string(), rejectedAt: z.iso.datetime() });
/** An admin set the status on the user detail screen (any of the four). */
export const UserStatusChanged = z.object({ userId: EntityId, from: UserStatus, to: UserStatus, changedAt: z.iso.datetime() });
/** An admin changed the user's role. */
export const UserRoleChanged = z.object({ userId: EntityId, from: UserRole, to: UserRole, changedAt: z.iso.datetime() });
/** An admin assigned a subscription plan (null: the default plan). Later deposits use its fee percentage. */
export const UserSubscriptionPlanChanged = z.object({
  userId: EntityId,
  planId: EntityId.nullable(),
  /** The admin who moved the member (absent on events recorded before it was kept). */
  changedBy: EntityId.optional(),
  changedAt: z.iso.datetime(),
});
/** The user edited their own name (the email cannot change). */
export const UserProfileUpdated = z.object({
  userId: EntityId,
  firstName: z.string(),
  lastName: z.string(),
  updatedAt: z.iso.datetime(),
});
/**
 * A new password, as in `UserRegistered`: `passwordCredentialId` names its hash in the credential
 * store; `passwordHash` (the hash itself) only on events recorded before that store.
 */
const NewPassword = { passwordCredentialId: EntityId.optional(), passwordHash: z.string().optional() };

/** The user changed their password after presenting the current one. Refresh sessions are revoked. */
export const UserPasswordChanged = z.object({ userId: EntityId, ...NewPassword, changedAt: z.iso.datetime() });
/** The password was set through a reset link (see `PasswordResetTokenUsed`). Refresh sessions are revoked. */
export const UserPasswordReset = z.object({ userId: EntityId, ...NewPassword, resetAt: z.iso.datetime() });

/** Who asked for a confirmation link: the registration it confirms, whose name and password become the account's. */
export const PendingRegistration = z.object({ firstName: z.string(), lastName: z.string(), passwordCredentialId: EntityId });

/**
 * A confirmation link was mailed to the account's email (at registration, and again when someone
 * registers with that email before it is confirmed). The newest link replaces the older ones,
 * which no longer confirm anything. `secretId` names the hash of the link's secret in the
 * credential store; `registration` is the registration that asked for this link (confirming the
 * link makes its name and password the account's). Events recorded before the credential store
 * carry `tokenHash` (the secret's SHA-256) and no registration.
 */
export const UserEmailVerificationIssued = z.object({
  userId: EntityId,
  secretId: EntityId.optional(),
  /** Legacy: the SHA-256 of the link's secret (events recorded before the credential store). */
  tokenHash: z.string().optional(),
  registration: PendingRegistration.optional(),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
/**
 * The email is confirmed: the account may now be approved. Its owner opened the link, or, with
 * `operator`, the platform's operator confirmed it while taking the account over (`create-admin
 * --take-over`). When the link named its registration, that registration's name and password are
 * the account's from here on (any earlier registration of the email is void).
 */
export const UserEmailVerified = z.object({
  userId: EntityId,
  registration: PendingRegistration.optional(),
  verifiedAt: z.iso.datetime(),
  operator: z.string().min(1).optional(),
});
/** Someone registered again with the email of this (confirmed) account; its owner was told by mail. */
export const UserRegistrationRepeated = z.object({ userId: EntityId, attemptedAt: z.iso.datetime() });

/** Why every session of an account ended at once (beyond a password change, a role change or a block). */
export const SessionsEndedReason = z.enum(['logout_everywhere', 'taken_over', 'password_attempts']);
export type SessionsEndedReason = z.infer<typeof SessionsEndedReason>;

/**
 * Every session of the account that began before `endedAt` ended: its access tokens are refused on
 * the next request and its refresh tokens cannot be exchanged. `endedBy` names the person who ended
 * them (the account itself, or an operator for a take-over).
 */
export const UserSessionsEnded = z.object({
  userId: EntityId,
  reason: SessionsEndedReason,
  endedBy: z.string().min(1),
  endedAt: z.iso.datetime(),
});

/**
 * An operator set the password from the command line (`create-admin --take-over`): the account's
 * earlier holder loses it. `operator` says who ran it (OS user on host).
 */
export const UserPasswordReplaced = z.object({
  userId: EntityId,
  ...NewPassword,
  operator: z.string().min(1),
  setAt: z.iso.datetime(),
});

/** Stream `userEmail-<sha256(email)>`: reserves an email for one account, appended with "no stream". */
export const EmailReserved = z.object({ email: z.string(), userId: EntityId, reservedAt: z.iso.datetime() });

export const userEvents = {
  UserRegistered,
  UserApproved,
  UserRejected,
  UserStatusChanged,
  UserRoleChanged,
  UserSubscriptionPlanChanged,
  UserProfileUpdated,
  UserPasswordChanged,
  UserPasswordReset,
  UserSessionsEnded,
  UserPasswordReplaced,
  UserEmailVerificationIssued,
  UserEmailVerified,
  UserRegistrationRepeated,
  EmailReserved,
} as const;

export type UserRegistered = z.infer<typeof UserRegistered>;
export type UserApproved = z.infer<typeof UserApproved>;
export type UserRejected = z.infer<typeof UserRejected>;
export type UserStatusChanged = z.infer<typeof UserStatusChanged>;
export type UserRoleChanged = z.infer<typeof UserRoleChanged>;
export type UserSubscriptionPlanChanged = z.infer<typeof UserSubscriptionPlanChanged>;
export type UserProfileUpdated = z.infer<typeof UserProfileUpdated>;
export type UserPasswordChanged = z.infer<typeof UserPasswordChanged>;
export type UserPasswordReset = z.infer<typeof UserPasswordReset>;
export type UserSessionsEnded = z.infer<typeof UserSessionsEnded>;
export type UserPasswordReplaced = z.infer<typeof UserPasswordReplaced>;
export type EmailReserved = z.infer<typeof EmailReserved>;
export type PendingRegistration = z.infer<typeof PendingRegistration>;
export type UserEmailVerificationIssued = z.infer<typeof UserEmailVerificationIssued>;
export type UserEmailVerified = z.infer<typeof UserEmailVerified>;
export type UserRegistrationRepeated = z.infer<typeof UserRegistrationRepeated>;
