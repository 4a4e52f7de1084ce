import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import type { PasswordHasher } from './password-hasher.js';
import { hashToken } from './session/refresh-token.js';

/**
 * Where a user's password hash is: in the credential store under `credentialId`, or (events
 * recorded before that store) in the event itself as `hash`.
 */
export type PasswordRef = { readonly credentialId: string } | { readonly hash: string };

/** Where a link secret's hash is: in the credential store, or (legacy events) in the event itself. */
export type SecretRef = { readonly secretId: string } | { readonly tokenHash: string };

export interface PasswordDeps {
  readonly hasher: PasswordHasher;
  readonly credentials: CredentialStore;
}

/** What names a password in commands (a race check compares these): its credential id, else the legacy hash. */
export const passwordKey = (ref: PasswordRef): string => ('credentialId' in ref ? ref.credentialId : ref.hash);

/** What names a link in commands: its secret id, else the legacy token hash. */
export const secretKey = (ref: SecretRef): string => ('secretId' in ref ? ref.secretId : ref.tokenHash);

/** The ref of a password as an event gives it (`passwordCredentialId`, else the legacy `passwordHash`). */
export function passwordRefOf(data: { readonly passwordCredentialId?: string | undefined; readonly passwordHash?: string | undefined }): PasswordRef {
  if (data.passwordCredentialId !== undefined) return { credentialId: data.passwordCredentialId };
  if (data.passwordHash !== undefined) return { hash: data.passwordHash };
  throw new Error('a password event names neither a credential id nor a hash');
}

/** Hashes the password (argon2id), keeps the hash in the credential store and returns its credential id. */
export async function keepPassword(deps: PasswordDeps, password: string): Promise<string> {
  const hash = await deps.hasher.hash(password);
  const credentialId = randomUUID();
  await deps.credentials.put(credentialId, hash);
  return credentialId;
}

/** The argon2id hash a ref names; an id with nothing stored is a broken store, never a wrong password. */
export async function passwordHashOf(credentials: CredentialStore, ref: PasswordRef): Promise<string> {
  if ('hash' in ref) return ref.hash;
  const hash = await credentials.get(ref.credentialId);
  if (hash === undefined) throw new Error(`credential ${ref.credentialId} is named by an event but missing from the credential store`);
  return hash;
}

export async function passwordMatches(deps: PasswordDeps, ref: PasswordRef, password: string): Promise<boolean> {
  return deps.hasher.verify(await passwordHashOf(deps.credentials, ref), password);
}

/** Keeps the SHA-256 of a fresh link secret in the credential store; returns its secret id. */
export async function keepSecret(credentials: CredentialStore, secret: string): Promise<string> {
  const secretId = randomUUID();
  await credentials.put(secretId, hashToken(secret));
  return secretId;
}

/** Whether `secret` is the secret whose hash the ref names (compared in constant time). */
export async function secretMatches(credentials: CredentialStore, ref: SecretRef, secret: string): Promise<boolean> {
  const stored = 'tokenHash' in ref ? ref.tokenHash : await credentials.get(ref.secretId);
  if (stored === undefined) return false;
  const presented = Buffer.from(hashToken(secret), 'utf8');
  const expected = Buffer.from(stored, 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
