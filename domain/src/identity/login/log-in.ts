import { randomBytes } from 'node:crypto';
import type { LoginRequest } from '@concierge/contracts';
import { UnauthorizedError } from '@concierge/platform/errors';
import type { ContextFor } from '../../shared/command-context.js';
import { passwordMatches, type PasswordDeps } from '../credentials.js';
import { startSession, type IssuedTokens, type SessionDeps } from '../session/start-session.js';
import { findUserByEmail } from '../user/find-user.js';
import { memberProfileOf, type MemberProfile } from '../user/member-profile.js';
import { blockedAccountError, INVALID_CREDENTIALS_MESSAGE } from './account-status.js';

export interface LoginDeps extends SessionDeps, PasswordDeps {}

export interface LogInInput extends LoginRequest {
  /** Runs once the password is known right, whatever the account's status. */
  readonly passwordAccepted?: (() => Promise<void>) | undefined;
}

/** A new session's tokens, and the signed-in user as the sign-in answer shows them. */
export interface SignedIn extends IssuedTokens {
  readonly profile: MemberProfile;
}

export type LogIn = (input: LogInInput, contextFor: ContextFor) => Promise<SignedIn>;

/**
 * Sign-in on the write side: email reservation -> account stream -> argon2id verification.
 * An unknown email is verified against a dummy hash of the same cost, so the answer takes as
 * long as for a wrong password and does not tell which emails have accounts. The account's
 * status is told only to whoever knows its password.
 */
export function createLogIn(deps: LoginDeps): LogIn {
  const dummyHash = deps.hasher.hash(randomBytes(18).toString('base64url'));
  dummyHash.catch(() => undefined); // awaited (and reported) at the first unknown email
  return async (input, contextFor) => {
    const user = await findUserByEmail(deps, input.email);
    const valid = user ? await passwordMatches(deps, user.password, input.password) : await deps.hasher.verify(await dummyHash, input.password);
    if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    await input.passwordAccepted?.();
    if (user.status !== 'approved') throw blockedAccountError(user.status);
    const ctx = contextFor({ type: 'user', userId: user.userId, role: user.role });
    const tokens = await startSession(deps, { user, rememberMe: input.rememberMe }, ctx);
    return { ...tokens, profile: await memberProfileOf(deps, user) };
  };
}
