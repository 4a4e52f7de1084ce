import { createPublicKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { VerifiedTokens } from './verified-tokens.js';

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

/** How many verified tokens a process remembers per public key (a few MB at most). */
export const VERIFIED_TOKENS_KEPT = 10_000;

const verifiedByKey = new Map<string, VerifiedTokens<Principal>>();
function verifiedWith(publicKey: string): VerifiedTokens<Principal> {
  let tokens = verifiedByKey.get(publicKey);
  if (!tokens) {
    tokens = new VerifiedTokens<Principal>(VERIFIED_TOKENS_KEPT);
    verifiedByKey.set(publicKey, tokens);
  }
  return tokens;
}

/** Verifies with the public key only; any other algorithm, issuer or audience is refused. */
export function verifyAccessToken(token: string, publicKey: string, now = new Date()): VerifyResult {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const tokens = verifiedWith(publicKey);
  const known = tokens.get(token, nowSeconds);
  if (known === 'expired') return { ok: false, reason: 'expired' };
  if (known) return { ok: true, principal: known.principal };
  try {
    const payload = jwt.verify(token, publicKeyObject(publicKey), {
      algorithms: ['ES256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      clockTimestamp: nowSeconds,
    });
    const claims = AccessClaims.safeParse(payload);
    if (!claims.success) return { ok: false, reason: 'invalid' };
    const { sub, role, status, sid, sit } = claims.data;
    const principal: Principal = { userId: sub, role, status, sessionId: sid, sessionStartedAt: sit ?? 0 };
    const expiresAtSeconds = typeof payload === 'object' ? payload.exp : undefined;
    // A token without an expiry is never remembered, so nothing outlives what the signer meant.
    if (typeof expiresAtSeconds === 'number') {
      tokens.remember(token, { principal: Object.freeze(principal), expiresAtSeconds });
    }
    return { ok: true, principal };
  } catch (error) {
    return { ok: false, reason: error instanceof jwt.TokenExpiredError ? 'expired' : 'invalid' };
  }
}
