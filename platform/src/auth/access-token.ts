import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

export const ACCESS_TOKEN_ISSUER = 'concierge';
export const ACCESS_TOKEN_AUDIENCE = 'concierge-api';

/** What an access token says about its bearer. */
export const AccessClaims = z.object({
  sub: z.string().min(1),
  role: z.enum(['user', 'admin', 'auditor']),
  status: z.enum(['pending', 'approved', 'rejected', 'suspended']),
  /** The refresh session the token was issued under. */
  sid: z.string().min(1),
  /** When that session began (epoch milliseconds); tokens signed before this claim existed lack it. */
  sit: z.number().int().nonnegative().optional(),
});
export type AccessClaims = z.infer<typeof AccessClaims>;

export interface Principal {
  readonly userId: string;
  readonly role: AccessClaims['role'];
  readonly status: AccessClaims['status'];
  readonly sessionId: string;
  /** When the session began (epoch ms; 0 when unknown): sessions begun before the account's cut-off are void. */
  readonly sessionStartedAt: number;
}

/** Signs a short-lived ES256 access token (command API only: it alone holds the private key). */
export function signAccessToken(claims: AccessClaims, privateKey: string, ttlSeconds: number): string {
  return jwt.sign({ role: claims.role, status: claims.status, sid: claims.sid, sit: claims.sit }, privateKey, {
    algorithm: 'ES256',
    subject: claims.sub,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}

export type VerifyResult = { ok: true; principal: Principal } | { ok: false; reason: 'expired' | 'invalid' };

// Parsing a PEM costs about as much as verifying a signature; every request verifies one.
const parsedKeys = new Map<string, KeyObject>();
function publicKeyObject(pem: string): KeyObject {
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/** Verifies with the public key only; any other algorithm, issuer or audience is refused. */
export function verifyAccessToken(token: string, publicKey: string, now = new Date()): VerifyResult {
  try {
    const payload = jwt.verify(token, publicKeyObject(publicKey), {
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    const claims = AccessClaims.safeParse(payload);
    if (!claims.success) return { ok: false, reason: 'invalid' };
    const { sub, role, status, sid, sit } = claims.data;
    return { ok: true, principal: { userId: sub, role, status, sessionId: sid, sessionStartedAt: sit ?? 0 } };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
