import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId, Instant } from '../shared/fields.js';
import { SessionRevocationReason, TokenHash } from './fields.js';

/**
 * Auth commands. Handlers verify passwords, generate secrets and hash them before deciding;
 * commands carry only hashes.
 */

/** Credentials verified and the user approved (a pending user gets 403): open a refresh session. */
export const LogIn = defineCommand('LogIn', {
  userId: EntityId,
  sessionId: EntityId,
  tokenHash: TokenHash,
  rememberMe: z.boolean(),
  expiresAt: Instant,
});

/** Exchange a refresh token: rotates when `presentedTokenHash` is current, revokes the session on reuse. */
export const RotateRefreshSession = defineCommand('RotateRefreshSession', {
  sessionId: EntityId,
  presentedTokenHash: TokenHash,
  tokenHash: TokenHash,
  expiresAt: Instant,
});

export const RevokeRefreshSession = defineCommand('RevokeRefreshSession', { sessionId: EntityId, reason: SessionRevocationReason });

/** Forgot password for a known, approved email (unknown emails append nothing, yet answer the same). */
export const IssuePasswordResetToken = defineCommand('IssuePasswordResetToken', {
  userId: EntityId,
  tokenHash: TokenHash,
  expiresAt: Instant,
});

/** Spend a valid, unexpired reset token and set the new password hash on the user. */
export const ResetPassword = defineCommand('ResetPassword', { userId: EntityId, tokenHash: TokenHash, passwordHash: z.string().min(1) });

export const authCommands = {
  LogIn,
  RotateRefreshSession,
  RevokeRefreshSession,
  IssuePasswordResetToken,
  ResetPassword,
} as const;

export type LogIn = z.infer<typeof LogIn>;
export type RotateRefreshSession = z.infer<typeof RotateRefreshSession>;
export type RevokeRefreshSession = z.infer<typeof RevokeRefreshSession>;
export type IssuePasswordResetToken = z.infer<typeof IssuePasswordResetToken>;
export type ResetPassword = z.infer<typeof ResetPassword>;
export type AuthCommand = z.infer<(typeof authCommands)[keyof typeof authCommands]>;
