import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '../config/env.js';
import { readOrCreateSecretFile } from '../config/secret-file.js';

export interface SigningKeys {
  readonly privateKey: string;
  readonly publicKey: string;
}

/**
 * The ES256 key pair of access tokens. In production both come from the environment
 * (JWT_PRIVATE_KEY for the command API, JWT_PUBLIC_KEY for everyone). In development a pair is
 * generated once into `<DATA_DIR>/keys` so a fresh clone runs without setup.
 */
export function loadOrCreateDevKeys(dir: string): SigningKeys {
  const stored = readOrCreateSecretFile(`${dir}/jwt-es256.json`, () => {
    const pair = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    return JSON.stringify({ privateKey: pair.privateKey, publicKey: pair.publicKey });
  });
  const keys = JSON.parse(stored) as SigningKeys;
  return { privateKey: keys.privateKey, publicKey: keys.publicKey };
}

/** PEM from an environment variable, where newlines are often written as `\n`. */
export function pemFromEnv(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}

/** Access-token keys from the environment, or a development pair; production must configure them. */
export function signingKeysFrom(env: {
  NODE_ENV: string;
  DATA_DIR: string;
  JWT_PRIVATE_KEY?: string | undefined;
  JWT_PUBLIC_KEY?: string | undefined;
}): SigningKeys {
  if (env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEY) {
    return { privateKey: pemFromEnv(env.JWT_PRIVATE_KEY), publicKey: pemFromEnv(env.JWT_PUBLIC_KEY) };
  }
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('JWT_PRIVATE_KEY and JWT_PUBLIC_KEY (ES256, PEM) are required in production');
  }
  return loadOrCreateDevKeys(`${env.DATA_DIR}/keys`);
}

/** Only the public key, for services that verify tokens and must never hold the private one. */
export function publicKeyFrom(env: { NODE_ENV: string; DATA_DIR: string; JWT_PUBLIC_KEY?: string | undefined }): string {
  if (env.JWT_PUBLIC_KEY) return pemFromEnv(env.JWT_PUBLIC_KEY);
  if (env.NODE_ENV === 'production') throw new ConfigError('JWT_PUBLIC_KEY (ES256, PEM) is required in production');
  return loadOrCreateDevKeys(`${env.DATA_DIR}/keys`).publicKey;
}
