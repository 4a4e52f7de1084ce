import { createPrivateKey, createPublicKey, generateKeyPairSync, hash, sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { pemFromEnv } from '../auth/keys.js';
import { ConfigError } from '../config/env.js';
import { readOrCreateSecretFile } from '../config/secret-file.js';

/**
 * The audit key signs checkpoints of the hash chains (Ed25519). Production sets AUDIT_SIGNING_KEY
 * (PKCS#8 PEM) in the workers and AUDIT_PUBLIC_KEY (SPKI PEM) wherever checkpoints are verified;
 * elsewhere a pair is generated once into `<DATA_DIR>/keys/audit-ed25519.json`, like the token keys.
 * The private key is only ever held in memory by the process that signs: never logged, queued or stored.
 */
export const AuditKeyConfig = z.object({
  /** Ed25519 private key (PKCS#8 PEM, `\n` may stand for newlines) the workers sign checkpoints with. */
  AUDIT_SIGNING_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Its public half (SPKI PEM): what `verify`, exports and auditors check signatures with. */
  AUDIT_PUBLIC_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});
export type AuditKeyConfig = z.infer<typeof AuditKeyConfig>;

interface KeyEnv extends AuditKeyConfig {
  readonly NODE_ENV: string;
  readonly DATA_DIR: string;
}

/** A public audit key with its id: the first 16 hex digits of SHA-256 over its DER (SPKI) form. */
export interface AuditPublicKey {
  readonly key: KeyObject;
  readonly pem: string;
  readonly keyId: string;
}

/** The signing half, which never leaves the process. */
export interface AuditSigningKey extends AuditPublicKey {
  readonly privateKey: KeyObject;
}

function publicOf(key: KeyObject): AuditPublicKey {
  if (key.asymmetricKeyType !== 'ed25519') throw new ConfigError(`The audit key must be Ed25519, not ${key.asymmetricKeyType ?? 'unknown'}`);
  const der = key.export({ type: 'spki', format: 'der' });
  return { key, pem: key.export({ type: 'spki', format: 'pem' }).toString(), keyId: hash('sha256', der, 'hex').slice(0, 16) };
}

/** The development pair in DATA_DIR, generated on first use (mode 0600). */
function devPrivateKey(dataDir: string): KeyObject {
  const text = readOrCreateSecretFile(`${dataDir}/keys/audit-ed25519.json`, () => {
    const pair = generateKeyPairSync('ed25519', { privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    return JSON.stringify({ privateKey: pair.privateKey, publicKey: pair.publicKey });
  });
  return createPrivateKey((JSON.parse(text) as { privateKey: string }).privateKey);
}

function parseKey(label: string, parse: () => KeyObject): KeyObject {
  try {
    return parse();
  } catch {
    // The message never repeats the value: it may be the private key.
    throw new ConfigError(`${label} is not a PEM key`);
  }
}

/** The key the checkpoint job signs with; production must configure it. */
export function auditSigningKeyFrom(env: KeyEnv): AuditSigningKey {
  let privateKey: KeyObject;
  if (env.AUDIT_SIGNING_KEY) {
    const pem = pemFromEnv(env.AUDIT_SIGNING_KEY);
    privateKey = parseKey('AUDIT_SIGNING_KEY', () => createPrivateKey(pem));
  } else if (env.NODE_ENV === 'production') {
    throw new ConfigError('AUDIT_SIGNING_KEY (Ed25519, PKCS#8 PEM) is required in production: it signs the audit checkpoints');
  } else {
    privateKey = devPrivateKey(env.DATA_DIR);
  }
  return { ...publicOf(createPublicKey(privateKey)), privateKey };
}

/** The key checkpoints are verified with: AUDIT_PUBLIC_KEY, else the public half of the signing key. */
export function auditPublicKeyFrom(env: KeyEnv): AuditPublicKey {
  if (env.AUDIT_PUBLIC_KEY) {
    const pem = pemFromEnv(env.AUDIT_PUBLIC_KEY);
    return publicOf(parseKey('AUDIT_PUBLIC_KEY', () => createPublicKey(pem)));
  }
  if (env.AUDIT_SIGNING_KEY || env.NODE_ENV !== 'production') return publicOf(createPublicKey(auditSigningKeyFrom(env).privateKey));
  throw new ConfigError('AUDIT_PUBLIC_KEY (Ed25519, SPKI PEM) is required in production to verify audit checkpoints');
}

/** The public key where one is configured or (outside production) generated; undefined in production without one. */
export function auditPublicKeyIfKnown(env: KeyEnv): AuditPublicKey | undefined {
  return env.AUDIT_PUBLIC_KEY || env.AUDIT_SIGNING_KEY || env.NODE_ENV !== 'production' ? auditPublicKeyFrom(env) : undefined;
}

/** A public key from its PEM text (an export's, or a file an auditor was given). */
export function auditPublicKeyFromPem(pem: string): AuditPublicKey {
  return publicOf(parseKey('The public key', () => createPublicKey(pem)));
}

/** Ed25519 signature of a text, base64. */
export function signText(key: AuditSigningKey, text: string): string {
  return sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
}

/** Whether `signature` (base64) is the key's signature of `text`. */
export function verifyText(key: AuditPublicKey, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text, 'utf8'), key.key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
