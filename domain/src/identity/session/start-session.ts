import { randomUUID } from 'node:crypto';
import { signAccessToken } from '@concierge/platform/auth/access-token';
import type { SigningKeys } from '@concierge/platform/auth/keys';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { RegisteredUser } from '../user/user.js';
import { sessionAggregate } from './decide.js';
import { keepSecret } from '../credentials.js';
import { newRefreshToken } from './refresh-token.js';

/** Access tokens are short-lived: a role or status change reaches every device within this time. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const DAY_MS = 24 * 3600 * 1000;
/** Refresh-session lifetime: "remember me" keeps a device signed in longer. */
export const SESSION_TTL_MS = { rememberMe: 30 * DAY_MS, default: 14 * DAY_MS } as const;

export interface SessionDeps extends AggregateDeps {
  readonly keys: SigningKeys;
  /** Where refresh tokens' hashes are kept (never in event data). */
  readonly credentials: CredentialStore;
}

export interface IssuedTokens {
  readonly token: string;
  readonly refreshToken: string;
  readonly position: Position | null;
}

/** The ES256 access token of a user within one session, which began at `sessionIssuedAt`. */
export function accessTokenFor(keys: SigningKeys, user: RegisteredUser, sessionId: string, sessionIssuedAt: Date | string): string {
  const sit = new Date(sessionIssuedAt).getTime();
  return signAccessToken({ sub: user.userId, role: user.role, status: user.status, sid: sessionId, sit }, keys.privateKey, ACCESS_TOKEN_TTL_SECONDS);
}

/** Opens a refresh session (only its token's hash is stored) and signs the first access token. */
export async function startSession(
  deps: SessionDeps,
  input: { readonly user: RegisteredUser; readonly rememberMe: boolean },
  ctx: CommandContext,
): Promise<IssuedTokens> {
  const { user, rememberMe } = input;
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken(sessionId);
  const expiresAt = new Date(ctx.now.getTime() + (rememberMe ? SESSION_TTL_MS.rememberMe : SESSION_TTL_MS.default)).toISOString();
  const data = { sessionId, userId: user.userId, secretId: await keepSecret(deps.credentials, refreshToken), rememberMe, expiresAt };
  const { position } = await sessionAggregate.handle(deps, sessionId, { type: 'IssueRefreshSession', data, metadata: commandMetadata(ctx) }, ctx);
  return { token: accessTokenFor(deps.keys, user, sessionId, ctx.now), refreshToken, position };
}
