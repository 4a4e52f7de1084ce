import { generateKeyPairSync } from 'node:crypto';
import { signAccessToken, type AccessClaims } from '../auth/access-token.js';
import type { SigningKeys } from '../auth/keys.js';

/** A fresh ES256 pair for one test file. */
export function testKeys(): SigningKeys {
  const pair = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey: pair.privateKey, publicKey: pair.publicKey };
}

/** An access token for any principal, as the command API would issue it. */
export function bearerFor(keys: SigningKeys, claims: Partial<AccessClaims> & Pick<AccessClaims, 'sub'>): string {
  const token = signAccessToken({ role: 'user', status: 'approved', sid: 'test-session', sit: Date.now(), ...claims }, keys.privateKey, 900);
  return `Bearer ${token}`;
}
