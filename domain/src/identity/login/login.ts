import { randomBytes } from 'node:crypto';
import type { LoginRequest, LoginResponse } from '@concierge/contracts';
import { UnauthorizedError } from '@concierge/platform/errors';
import { formatPosition } from '@concierge/platform/event-store/position';
import { passwordMatches, type PasswordDeps } from '../credentials.js';
import type { ContextFor } from '../session/refresh.js';
import { startSession, type SessionDeps } from '../session/start-session.js';
import { findUserByEmail } from '../user/find-user.js';
import { userDtoOf } from '../user/user-dto.js';
import { blockedAccountError, INVALID_CREDENTIALS_MESSAGE } from './account-status.js';

export interface LoginDeps extends SessionDeps, PasswordDeps {}

/** `passwordAccepted` runs once the password is known right, whatever the account's status. */
export type LogIn = (input: LoginRequest, contextFor: ContextFor, passwordAccepted?: () => Promise<void>) => Promise<LoginResponse>;

/**
 * Sign-in on the write side: email reservation -> account stream -> argon2id verification.
 * An unknown email is verified against a dummy hash of the same cost, so the answer takes as
 * long as for a wrong password and does not tell which emails have accounts. The account's
 * status is told only to whoever knows its password.
 */
export function createLogin(deps: LoginDeps): LogIn {
  const dummyHash = deps.hasher.hash(randomBytes(18).toString('base64url'));
  dummyHash.catch(() => undefined); // awaited (and reported) at the first unknown email
  return async (input, contextFor, passwordAccepted) => {
    const user = await findUserByEmail(deps.eventStore, input.email);
    const valid = user ? await passwordMatches(deps, user.password, input.password) : await deps.hasher.verify(await dummyHash, input.password);
    if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE);
    await passwordAccepted?.();
    if (user.status !== 'approved') throw blockedAccountError(user.status);
    const ctx = contextFor({ type: 'user', userId: user.userId, role: user.role });
    const { token, refreshToken, position } = await startSession(deps, user, input.rememberMe, ctx);
    return { token, refreshToken, user: await userDtoOf(deps.eventStore, user), position: position ? formatPosition(position) : null };
  };
}
