import { z } from 'zod';

const isMissing = (input: unknown): boolean => input === undefined || input === null;

export const RESET_TOKEN_MESSAGE = 'Invalid or missing reset token';

/** A password-reset token from a link: 16 to 256 URL-safe characters (hex or base64url). */
export const ResetToken = z
  .string({ error: RESET_TOKEN_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,256}$/, { error: RESET_TOKEN_MESSAGE });

/**
 * An opaque refresh token, `<sessionId>.<secret>`: the session id names the stream
 * `session-<sessionId>`; only the SHA-256 of the whole token is ever stored.
 */
export const RefreshToken = z
  .string({ error: (issue) => (isMissing(issue.input) ? 'Refresh token is required' : 'Refresh token must be text') })
  .trim()
  .min(1, { error: 'Refresh token is required' })
  .max(512, { error: 'Refresh token is not valid' })
  .regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{16,400}$/, { error: 'Refresh token is not valid' });

/**
 * Why a refresh session ended. `reuse_detected`: an already rotated token was presented again;
 * `sessions_ended`: the account's sessions were all ended (role change, sign-out everywhere, take-over).
 */
export const SessionRevocationReason = z.enum([
  'logout',
  'reuse_detected',
  'password_changed',
  'password_reset',
  'account_blocked',
  'sessions_ended',
]);
export type SessionRevocationReason = z.infer<typeof SessionRevocationReason>;

/** SHA-256 hex digest of a secret (refresh token, reset token). */
export const TokenHash = z.string().regex(/^[0-9a-f]{64}$/, { error: 'Expected a SHA-256 hex digest' });
