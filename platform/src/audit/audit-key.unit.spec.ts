import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPublicKeyFrom, auditPublicKeyIfKnown, auditSigningKeyFrom, signText, verifyText } from './audit-key.js';
import { testAuditKey } from './testing/checkpoint.js';

describe('the audit key', () => {
  it('is generated once into DATA_DIR outside production (0600), and its public half verifies what it signs', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'audit-key-'));
    const key = auditSigningKeyFrom({ NODE_ENV: 'development', DATA_DIR: dir });
    const again = auditSigningKeyFrom({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(again.keyId).toBe(key.keyId);
    expect(key.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect((await stat(path.join(dir, 'keys/audit-ed25519.json'))).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(path.join(dir, 'keys/audit-ed25519.json'), 'utf8'))).toMatchObject({ publicKey: key.pem });
    const publicKey = auditPublicKeyFrom({ NODE_ENV: 'development', DATA_DIR: dir });
    const signature = signText(key, 'root');
    expect([verifyText(publicKey, 'root', signature), verifyText(publicKey, 'roots', signature), verifyText(publicKey, 'root', 'bm90IGEgc2lnbmF0dXJl')]).toEqual([true, false, false]);
  });

  it('is required in production, and a bad value is refused without being repeated', () => {
    expect(() => auditSigningKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow('AUDIT_SIGNING_KEY (Ed25519, PKCS#8 PEM) is required in production');
    expect(() => auditPublicKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toThrow('AUDIT_PUBLIC_KEY');
    expect(auditPublicKeyIfKnown({ NODE_ENV: 'production', DATA_DIR: '/nonexistent' })).toBeUndefined();
    const secret = '-----BEGIN PRIVATE KEY-----\nc2VjcmV0LXZhbHVl\n-----END PRIVATE KEY-----';
    expect(() => auditSigningKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/x', AUDIT_SIGNING_KEY: secret })).toThrow(/^AUDIT_SIGNING_KEY is not a PEM key$/);
  });

  it('takes PEM with \\n for newlines, and the configured public key over the signing key', () => {
    const { key, privatePem } = testAuditKey();
    const other = testAuditKey().key;
    const fromEnv = auditSigningKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/x', AUDIT_SIGNING_KEY: privatePem.replaceAll('\n', '\\n') });
    expect(fromEnv.keyId).toBe(key.keyId);
    expect(auditPublicKeyFrom({ NODE_ENV: 'production', DATA_DIR: '/x', AUDIT_SIGNING_KEY: privatePem, AUDIT_PUBLIC_KEY: other.pem }).keyId).toBe(other.keyId);
  });
});
