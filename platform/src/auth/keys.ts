import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SigningKeys {
  readonly privateKey: string;
  readonly publicKey: string;
}

/**
 * The ES256 key pair of access tokens. In production both come from the environment
 * (JWT_PRIVATE_KEY for the command API, JWT_PUBLIC_KEY for everyone). In development a pair is
 * generated once into `.data/keys` so a fresh clone runs without setup.
 */
export function loadOrCreateDevKeys(dir: string): SigningKeys {
  const privatePath = `${dir}/jwt-es256-private.pem`;
  const publicPath = `${dir}/jwt-es256-public.pem`;
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    const pair = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    mkdirSync(dirname(privatePath), { recursive: true, mode: 0o700 });
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600, flag: 'wx' });
    writeFileSync(publicPath, pair.publicKey, { mode: 0o644, flag: 'wx' });
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

/** PEM from an environment variable, where newlines are often written as `\n`. */
export function pemFromEnv(value: string): string {
  return value.includes('\\n') ? value.replaceAll('\\n', '\n') : value;
}
