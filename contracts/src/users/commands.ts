import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { PendingRegistration, SessionsEndedReason } from './events.js';
import { EntityId, UserRole, UserStatus } from './fields.js';

/**
 * Commands on `user-<userId>`. Use cases hash passwords (argon2id) and verify presented ones
 * before deciding: no raw password enters a command, and no hash either: the use case keeps the
 * hash in the credential store and the command names it by its credential id. The decision time is `metadata.now` and
 * whoever decides is `metadata.actor`; `data` never repeats them.
 */

/** The id of a password's (or a link secret's) hash in the credential store. */
const CredentialId = EntityId;

/** Register a person; the use case reserves the email (`EmailReserved`, "no stream") first. Every registration is a pending `user`. */
export const RegisterUser = defineCommand('RegisterUser', {
  userId: EntityId,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  email: z.string().min(1),
  passwordCredentialId: CredentialId,
  /** The confirmation link mailed with this registration (its secret's hash's credential id); absent for users an operator creates. */
  emailVerificationSecretId: CredentialId.optional(),
});

export const ApproveUser = defineCommand('ApproveUser', { userId: EntityId });
export const RejectUser = defineCommand('RejectUser', { userId: EntityId, reason: z.string().min(1) });

/**
 * PUT /users/:id: each given field that differs appends its own change event. An admin acting on
 * their own user (`metadata.actor`) may not change its status or remove its admin role.
 */
export const UpdateUserDetails = defineCommand('UpdateUserDetails', {
  userId: EntityId,
  status: UserStatus.optional(),
  role: UserRole.optional(),
  /** Present with null: remove the plan. Absent: leave it. */
  subscriptionPlanId: EntityId.nullable().optional(),
});

/** The user edits their own first and last name. */
export const UpdateProfile = defineCommand('UpdateProfile', {
  userId: EntityId,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  /** The email the form sent along (read-only there); anything but the current one is refused. */
  email: z.string().optional(),
});

/**
 * The use case has verified the current password, the one `verifiedPassword` names (its credential
 * id, or the legacy hash); `passwordCredentialId` is the new one.
 */
export const ChangePassword = defineCommand('ChangePassword', { userId: EntityId, verifiedPassword: z.string().min(1), passwordCredentialId: CredentialId });

/** A reset link was spent (its stream holds `PasswordResetTokenUsed`): set the new password. */
export const ResetUserPassword = defineCommand('ResetUserPassword', {
  userId: EntityId,
  passwordCredentialId: CredentialId,
  /** When the spent link was mailed: a password set since then makes the link void. */
  linkIssuedAt: z.iso.datetime(),
});

/** End every session of the user that began before `metadata.now` (the asking device's included); `metadata.actor` ended them. */
export const EndSessions = defineCommand('EndSessions', { userId: EntityId, reason: SessionsEndedReason });

/** The operator of the platform sets the password from the command line (a take-over). */
export const SetPasswordByOperator = defineCommand('SetPasswordByOperator', {
  userId: EntityId,
  passwordCredentialId: CredentialId,
  /** Who ran it (OS user on host); the actor is the platform itself. */
  operator: z.string().min(1),
});

/** The operator confirms the email while taking the account over from the command line (an email they control). */
export const VerifyEmailByOperator = defineCommand('VerifyEmailByOperator', {
  userId: EntityId,
  /** Who ran it (OS user on host), as on `SetPasswordByOperator`. */
  operator: z.string().min(1),
});

/** Mail a new confirmation link for a repeated registration before the email is confirmed; `registration` is that registration. */
export const IssueEmailVerification = defineCommand('IssueEmailVerification', { userId: EntityId, secretId: CredentialId, registration: PendingRegistration });
/**
 * Whoever opened a link presented a secret that the use case found to be the secret of the link
 * `linkKey` names (its secret id, or a legacy link's token hash).
 */
export const VerifyEmail = defineCommand('VerifyEmail', { userId: EntityId, linkKey: z.string().min(1) });
/** Someone registered again with this user's email. */
export const NoteRepeatedRegistration = defineCommand('NoteRepeatedRegistration', { userId: EntityId });

export const userCommands = {
  RegisterUser,
  ApproveUser,
  RejectUser,
  UpdateUserDetails,
  UpdateProfile,
  ChangePassword,
  ResetUserPassword,
  EndSessions,
  SetPasswordByOperator,
  VerifyEmailByOperator,
  IssueEmailVerification,
  VerifyEmail,
  NoteRepeatedRegistration,
} as const;

export type RegisterUser = z.infer<typeof RegisterUser>;
export type ApproveUser = z.infer<typeof ApproveUser>;
export type RejectUser = z.infer<typeof RejectUser>;
export type UpdateUserDetails = z.infer<typeof UpdateUserDetails>;
export type UpdateProfile = z.infer<typeof UpdateProfile>;
export type ChangePassword = z.infer<typeof ChangePassword>;
export type ResetUserPassword = z.infer<typeof ResetUserPassword>;
export type EndSessions = z.infer<typeof EndSessions>;
export type SetPasswordByOperator = z.infer<typeof SetPasswordByOperator>;
export type VerifyEmailByOperator = z.infer<typeof VerifyEmailByOperator>;
export type IssueEmailVerification = z.infer<typeof IssueEmailVerification>;
export type VerifyEmail = z.infer<typeof VerifyEmail>;
export type NoteRepeatedRegistration = z.infer<typeof NoteRepeatedRegistration>;
/** Every command decided on `user-<userId>`. */
export type UserCommand = z.infer<(typeof userCommands)[keyof typeof userCommands]>;
