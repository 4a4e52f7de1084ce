import { z } from 'zod';
import { EntityId, Instant } from '../shared/fields.js';
import { SessionRevocationReason, TokenHash } from './fields.js';

/**
 * Stream `passwordReset-<linkId>`, one per reset link. The raw token never enters the event store
 * (the command API hands it straight to the mail queue), nor its hash: `secretId` names the hash in
 * the credential store. Links mailed before that store: stream `passwordReset-<tokenHash>` and the
 * hash in `tokenHash`.
 */
export const PasswordResetTokenIssued = z.object({
  userId: EntityId,
  secretId: EntityId.optional(),
  /** Legacy: the token's SHA-256. */
  tokenHash: TokenHash.optional(),
  expiresAt: Instant,
  issuedAt: Instant,
});
/** The link was used to set a new password; it cannot be used again. */
export const PasswordResetTokenUsed = z.object({ userId: EntityId, tokenHash: TokenHash.optional(), usedAt: Instant });

/** Stream `session-<sessionId>`: a login on one device. Refresh tokens rotate on every use. */
export const RefreshSessionIssued = z.object({
  sessionId: EntityId,
  userId: EntityId,
  /** The refresh token's secret hash, by its id in the credential store (command side only). */
  secretId: EntityId.optional(),
  /** Legacy: the token's SHA-256 itself (sessions begun before the credential store). */
  tokenHash: TokenHash.optional(),
  /** "Remember me" on the login form: a longer-lived session. */
  rememberMe: z.boolean(),
  expiresAt: Instant,
  issuedAt: Instant,
});
/** A refresh token was exchanged for a new one; the old one is now spent. */
export const RefreshSessionRotated = z.object({
  sessionId: EntityId,
  userId: EntityId,
  secretId: EntityId.optional(),
  /** Legacy, as in RefreshSessionIssued. */
  tokenHash: TokenHash.optional(),
  expiresAt: Instant,
  rotatedAt: Instant,
});
/** The session ended; its refresh tokens are refused from now on. */
export const RefreshSessionRevoked = z.object({
  sessionId: EntityId,
  userId: EntityId,
  reason: SessionRevocationReason,
  revokedAt: Instant,
});

export const authEvents = {
  PasswordResetTokenIssued,
  PasswordResetTokenUsed,
  RefreshSessionIssued,
  RefreshSessionRotated,
  RefreshSessionRevoked,
} as const;

export type PasswordResetTokenIssued = z.infer<typeof PasswordResetTokenIssued>;
export type PasswordResetTokenUsed = z.infer<typeof PasswordResetTokenUsed>;
export type RefreshSessionIssued = z.infer<typeof RefreshSessionIssued>;
export type RefreshSessionRotated = z.infer<typeof RefreshSessionRotated>;
export type RefreshSessionRevoked = z.infer<typeof RefreshSessionRevoked>;
