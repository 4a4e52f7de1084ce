import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventSchemas } from '@concierge/contracts';
import { GENESIS_HASH, chainEvents, chainHash, contentDigest } from '../event-store/hash-chain.js';
import { CREDENTIAL_FIELDS, isCredentialField, withholdCredentials } from './withheld.js';

const ARGON2 = '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$K3bIT4fOk9Xy4x0oZq6nDk9bUzvQy8l1Yk0cV9vK4mE';
const metadata = { actor: { type: 'system', reason: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2025-03-01T10:00:00.000Z', schemaVersion: 1 };
const legacyRegistration = {
  streamId: 'user-42',
  id: '3f6c1a52-8d0e-4f7a-9b1c-2d3e4f5a6b7c',
  type: 'UserRegistered',
  data: { userId: '42', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', passwordHash: ARGON2, role: 'user', registeredAt: '2025-03-01T10:00:00.000Z' },
  metadata,
};

describe('credential material withheld from audit readers', () => {
  it('leaves a legacy password hash out, names it, and gives the digest of the content as recorded, on which the chain still links', () => {
    const shown = withholdCredentials(legacyRegistration);
    expect(shown).toEqual({
      data: { userId: '42', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', role: 'user', registeredAt: '2025-03-01T10:00:00.000Z' },
      withheld: ['passwordHash'],
      contentDigest: contentDigest(legacyRegistration).toString('hex'),
    });
    expect(JSON.stringify(shown)).not.toContain('$argon2id$');
    const [recorded] = chainEvents(GENESIS_HASH, 0n, [legacyRegistration]);
    expect('contentDigest' in shown && chainHash(GENESIS_HASH, 0n, shown.contentDigest)).toBe(recorded?.hash);
    // The event itself is untouched: the caller's copy still hashes as recorded.
    expect(legacyRegistration.data.passwordHash).toBe(ARGON2);
  });

  it('withholds the hashes of link, refresh and step-up secrets the same way', () => {
    const hash = 'ab'.repeat(32);
    const cases = [
      ['UserEmailVerificationIssued', 'tokenHash'],
      ['PasswordResetTokenIssued', 'tokenHash'],
      ['PasswordResetTokenUsed', 'tokenHash'],
      ['RefreshSessionIssued', 'tokenHash'],
      ['RefreshSessionRotated', 'tokenHash'],
      ['StepUpGranted', 'grantHash'],
      ['StepUpGrantUsed', 'grantHash'],
    ] as const;
    for (const [type, field] of cases) {
      const shown = withholdCredentials({ ...legacyRegistration, type, data: { userId: '42', [field]: hash } });
      expect(shown, type).toEqual({ data: { userId: '42' }, withheld: [field], contentDigest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
  });

  it('shows an event that names its credentials by id as it is, with no marker and no digest', () => {
    const data = { userId: '42', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', passwordCredentialId: 'c-1', role: 'user', registeredAt: '2025-03-01T10:00:00.000Z' };
    const current = { ...legacyRegistration, data };
    const shown = withholdCredentials(current);
    expect(shown).toEqual({ data: current.data });
    expect(shown.data).toBe(current.data);
  });

  it('withholds only the listed fields of the listed types: the same name elsewhere is data like any other', () => {
    const other = { ...legacyRegistration, type: 'UserProfileUpdated', data: { userId: '42', passwordHash: 'not a credential here' } };
    expect(withholdCredentials(other)).toEqual({ data: other.data });
    expect(isCredentialField('UserRegistered', 'passwordHash')).toBe(true);
    expect(isCredentialField('UserRegistered', 'email')).toBe(false);
    expect(isCredentialField('UserProfileUpdated', 'passwordHash')).toBe(false);
    expect(isCredentialField('toString', 'length')).toBe(false);
  });

  /** Every field path of a zod schema, nested objects and arrays included. */
  function fieldPaths(schema: z.ZodType, prefix = ''): string[] {
    if (schema instanceof z.ZodObject) {
      return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([name, inner]) => [`${prefix}${name}`, ...fieldPaths(inner, `${prefix}${name}.`)]);
    }
    if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) return fieldPaths(schema.unwrap() as z.ZodType, prefix);
    if (schema instanceof z.ZodArray) return fieldPaths(schema.element as z.ZodType, prefix);
    if (schema instanceof z.ZodPipe) return fieldPaths(schema.in as z.ZodType, prefix);
    if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap((option) => fieldPaths(option, prefix));
    return [];
  }

  it('covers every field of every event schema whose name suggests a credential, or knows why it is none', () => {
    // Not credential material: ids naming what the credential store holds, public chain data, ticker symbols, the audit key's public id, times.
    const notCredentials = new Set(['passwordCredentialId', 'registration.passwordCredentialId', 'secretId', 'grantId', 'grantedAt', 'tokenSymbols', 'transactionHash', 'replacesTransactionHash', 'tokenAddress', 'keyId']);
    const suspicious = /hash|secret|token|password|grant|key|seed|mnemonic|otp|private|salt/i;
    const unexplained: string[] = [];
    for (const [type, schema] of Object.entries(eventSchemas)) {
      for (const path of fieldPaths(schema)) {
        if (suspicious.test(path) && !notCredentials.has(path) && !isCredentialField(type, path)) unexplained.push(`${type}.${path}`);
      }
    }
    expect(unexplained).toEqual([]);
    // And the list names only fields the schemas have.
    for (const [type, fields] of Object.entries(CREDENTIAL_FIELDS)) {
      const schema = (eventSchemas as Record<string, z.ZodType>)[type];
      expect(schema, type).toBeDefined();
      for (const field of fields) expect(fieldPaths(schema ?? z.object({})), type).toContain(field);
    }
  });
});
