import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signTestCheckpoint, testAuditKey } from '@concierge/platform/audit/testing/checkpoint';
import { seededStore } from '@concierge/platform/audit/testing/seeded-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { testEvent } from '@concierge/platform/event-store/testing/events';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { runAuditCli } from './testing/run-cli.js';
import { tamper } from '@concierge/platform/testing/tamper';

describe('npm run audit -- public-key, export, verify-export and verify against the signed checkpoint', () => {
  const { key, privatePem } = testAuditKey();
  let schemas: TestSchemas;
  let store: EventStore;
  let dir: string;
  beforeAll(async () => {
    ({ schemas, store } = await seededStore('auditintegritycli', 3, 5));
    await signTestCheckpoint(store, key);
    dir = await mkdtemp(path.join(tmpdir(), 'audit-integrity-'));
  }, 30_000);
  afterAll(async () => schemas?.drop());

  const audit = (args: string[], signingKey = privatePem) => runAuditCli(schemas, args, { AUDIT_SIGNING_KEY: signingKey });


  it('prints the public key as PEM, its id on stderr', async () => {
    const answer = await audit(['public-key']);
    expect([answer.code, answer.stdout, answer.stderr.trim()]).toEqual([0, key.pem, `key id ${key.keyId}`]);
  });

  it('exports every stream with progress on stderr; the file verifies offline, and a changed byte or a removed line is named by its line', async () => {
    const file = path.join(dir, 'all.jsonl');
    const exported = await audit(['export']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/exporting: \d+ events/);
    await writeFile(file, exported.stdout);
    const lines = exported.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 15 + 2 + 1);
    const ok = await audit(['verify-export', file]);
    expect([ok.code, ok.stdout]).toEqual([0, expect.stringMatching(/^export verified: 17 events of 4 streams, every hash and link holds; checkpoint 1 of .* signed by key [0-9a-f]{16} \(the key in the file/)]);
    const keyFile = path.join(dir, 'audit.pem');
    await writeFile(keyFile, key.pem);
    expect((await audit(['verify-export', file, '--public-key', keyFile])).stdout).toContain('(the trusted key)');

    const at = lines.findIndex((line) => line.includes('"stream":"account-1","revision":"2"'));
    const changed = [...lines];
    changed[at] = (lines[at] ?? '').replace('"2.50"', '"3.50"');
    await writeFile(file, `${changed.join('\n')}\n`);
    const edited = await audit(['verify-export', file]);
    expect([edited.code, edited.stderr.split('\n')[0]]).toEqual([1, expect.stringMatching(new RegExp(`^BAD LINE ${at + 1}: account-1 revision 2: recorded hash [0-9a-f]{64} but the content hashes to`))]);

    await writeFile(file, `${lines.filter((_, i) => i !== at).join('\n')}\n`);
    const removed = await audit(['verify-export', file]);
    expect([removed.code, removed.stderr.split('\n')[0]]).toEqual([1, `BAD LINE ${at + 1}: account-1 revision 3: expected revision 2 (revisions 2 to 2 are missing)`]);
  }, 60_000);

  it('exports one stream and refuses usage mistakes', async () => {
    const one = await audit(['export', '--stream', 'account-2']);
    expect([one.code, one.stdout.trimEnd().split('\n').length, one.stderr]).toEqual([0, 7, expect.stringContaining('5/5 events')]);
    const both = await audit(['export', '--stream', 'account-2', '--category', 'account']);
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining('cannot be combined')]);
  });

  it('verify-export says which credential fields an export withheld from events recorded before the credential store', async () => {
    const at = new Date().toISOString();
    const legacy = { userId: 'legacy', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$Y2xpc2FsdGNsaXNhbHQ$UGFzc3dvcmRIYXNoUGFzc3dvcmRIYXNoUGFzc3dvcmQ', role: 'user', registeredAt: at };
    await store.appendToStream('user-legacy', [testEvent('UserRegistered', legacy), testEvent('UserApproved', { userId: 'legacy', approvedAt: at })], { expectedRevision: 'no_stream' });
    const exported = await audit(['export', '--stream', 'user-legacy']);
    expect([exported.code, exported.stdout.includes('$argon2id$')]).toEqual([0, false]);
    const file = path.join(dir, 'legacy.jsonl');
    await writeFile(file, exported.stdout);
    const ok = await audit(['verify-export', file]);
    expect([ok.code, ok.stdout.split('\n')[1]]).toEqual([0, expect.stringMatching(/^1 event with credential material withheld \(passwordHash in 1\): each is chained from the content digest/)]);
  });

  it('verify checks the checkpoint: clean, then a truncated tail named with its revision, and a checkpoint under another key refused', async () => {
    const clean = await audit(['verify']);
    expect([clean.code, clean.stdout]).toEqual([0, expect.stringMatching(/^checkpoint 1 of .*: signature valid \(key [0-9a-f]{16}\), root [0-9a-f]{64}, 3 streams\nverified/)]);
    await tamper(schemas.pool, `DELETE FROM ${schemas.eventStoreSchema}.events WHERE stream_id = 'account-2' AND stream_revision >= 3`);
    const truncated = await audit(['verify']);
    expect([truncated.code, truncated.stderr.split('\n')[0]]).toEqual([1, expect.stringMatching(/^BROKEN: account-2 at revision 3 \(truncated\)/)]);
    const otherKey = await audit(['verify'], testAuditKey().privatePem);
    expect([otherKey.code, otherKey.stderr]).toEqual([1, expect.stringContaining(`CHECKPOINT REFUSED: checkpoint 1 of`)]);
    expect(otherKey.stderr).toContain(`names key ${key.keyId}, not the audit key`);
  }, 60_000);
});
