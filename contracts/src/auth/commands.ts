import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId, Instant } from '../shared/fields.js';
import { UserStatus } from '../users/fields.js';
import { SessionRevocationReason } from './fields.js';

/**
 * Commands on `session-<sessionId>`, `passwordReset-<linkId>` and `stepUp-<adminId>`. Use
 * cases verify passwords, generate secrets and hash them before deciding: commands carry only
 * hashes. The decision time is `metadata.now`; `data` never repeats it.
 */

/** The user a session belongs to, as it stands now (see the glossary's "standing"). */
export const UserStanding = z.object({
  status: UserStatus,
  credentialsChangedAt: Instant.nullable(),
  /** Sessions begun before it are void (password, role change, sign-out everywhere). */
  sessionsValidAfter: Instant.nullable(),
});
export type UserStanding = z.infer<typeof UserStanding>;

/** Credentials checked and the user approved: open a refresh session for one device. */
export const IssueRefreshSession = defineCommand('IssueRefreshSession', {
  sessionId: EntityId,
  userId: EntityId,
  /** The refresh token's secret hash, by its id in the credential store. */
  secretId: EntityId,
  rememberMe: z.boolean(),
  expiresAt: Instant,
});

/**
 * Exchange the presented refresh token for the one `secretId` names: rotates when it is current,
 * revokes the session on reuse. `presented` is the key (secret id, or legacy hash) of the session's
 * token the presented one matched, as the use case found in the credential store; anything else when none.
 */
export const RotateRefreshSession = defineCommand('RotateRefreshSession', {
  sessionId: EntityId,
  presented: z.string().min(1),
  secretId: EntityId,
  /** Undefined when the user no longer exists. */
  standing: UserStanding.optional(),
});

/** End the session of a presented token (current or already spent); anything else changes nothing. */
export const RevokeRefreshSession = defineCommand('RevokeRefreshSession', {
  sessionId: EntityId,
  presented: z.string().min(1),
  reason: SessionRevocationReason,
});

/** Forgot password for a known, approved or pending email (unknown emails append nothing, yet answer the same). */
export const IssuePasswordResetToken = defineCommand('IssuePasswordResetToken', {
  userId: EntityId,
  /** The link secret's hash, by its id in the credential store. */
  secretId: EntityId,
  expiresAt: Instant,
});

/** Spend a usable reset link, once; the new password is then set by `ResetUserPassword` on the user. */
export const UsePasswordResetToken = defineCommand('UsePasswordResetToken', {});

/** Who asks, in which session, for which member's key: `adminId` names the stream `stepUp-<adminId>`. */
const stepUpScope = { adminId: EntityId, sessionId: EntityId, memberId: EntityId };

/** The admin re-entered a password (checked by the use case, argon2id) and gave a reason. */
export const IssueStepUpGrant = defineCommand('IssueStepUpGrant', {
  ...stepUpScope,
  passwordCorrect: z.boolean(),
  /** The grant's id (its first 32 hex digits) and its secret's hash by id in the credential store; neither the grant nor its hash reaches an event. */
  grantId: EntityId,
  secretId: EntityId,
  reason: z.string().min(1),
});

/** Spend a presented grant on a reveal of `memberId`'s key in session `sessionId`. */
/** `grantKey`: the grant the use case found the presented one to be (its id; a legacy grant's hash), anything else when none. */
export const UseStepUpGrant = defineCommand('UseStepUpGrant', { ...stepUpScope, grantKey: z.string().min(1) });

export const authCommands = {
  IssueRefreshSession,
  RotateRefreshSession,
  RevokeRefreshSession,
  IssuePasswordResetToken,
  UsePasswordResetToken,
  IssueStepUpGrant,
  UseStepUpGrant,
} as const;

export type IssueRefreshSession = z.infer<typeof IssueRefreshSession>;
export type RotateRefreshSession = z.infer<typeof RotateRefreshSession>;
export type RevokeRefreshSession = z.infer<typeof RevokeRefreshSession>;
export type IssuePasswordResetToken = z.infer<typeof IssuePasswordResetToken>;
export type UsePasswordResetToken = z.infer<typeof UsePasswordResetToken>;
export type IssueStepUpGrant = z.infer<typeof IssueStepUpGrant>;
export type UseStepUpGrant = z.infer<typeof UseStepUpGrant>;
/** Commands on `session-<sessionId>`. */
export type SessionCommand = IssueRefreshSession | RotateRefreshSession | RevokeRefreshSession;
/** Commands on `passwordReset-<linkId>`. */
export type PasswordResetTokenCommand = IssuePasswordResetToken | UsePasswordResetToken;
/** Commands on `stepUp-<adminId>`. */
export type StepUpCommand = IssueStepUpGrant | UseStepUpGrant;
export type AuthCommand = z.infer<(typeof authCommands)[keyof typeof authCommands]>;
