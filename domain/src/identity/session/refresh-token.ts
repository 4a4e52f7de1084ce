import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a secret token; the only form in which tokens are ever stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** An opaque refresh token `<sessionId>.<secret>`: the id finds the session, the secret proves possession. */
export function newRefreshToken(sessionId: string): string {
  return `${sessionId}.${newSecret()}`;
}

/** The session a refresh token belongs to (the contracts schema has already checked its shape). */
export function sessionIdOf(refreshToken: string): string {
  return refreshToken.slice(0, refreshToken.indexOf('.'));
}
