import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededStore } from '@concierge/platform/audit/testing/seeded-store';
import type { TestSchemas } from '@concierge/platform/testing/postgres';
import { runAuditCli } from './testing/run-cli.js';
import { tamper } from '@concierge/platform/testing/tamper';

describe('npm run audit -- verify', () => {
  let schemas: TestSchemas;
  let dir: string;
  beforeAll(async () => {
    ({ schemas } = await seededStore('auditcli', 3, 5));
    dir = await mkdtemp(path.join(tmpdir(), 'audit-cli-'));
  });
  afterAll(async () => schemas?.drop());

  const audit = (...args: string[]) => runAuditCli(schemas, args);


  it('exits 0 with a one-line summary on an untouched store, then 1 naming the first broken stream and revision', async () => {
    const heads = path.join(dir, 'heads.json');
    const clean = await audit('verify', '--save-heads', heads);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^verified 3 streams, 15 events in \d+\.\d\d s \(\d+ events\/s\): every chain holds\n$/);
    expect(JSON.parse(await readFile(heads, 'utf8'))).toMatchObject({ heads: [{ stream: 'account-0', revision: '4' }, { stream: 'account-1' }, { stream: 'account-2' }] });

    await tamper(schemas.pool, `UPDATE ${schemas.eventStoreSchema}.events SET data = '{"amount":"0.50"}' WHERE stream_id = 'account-1' AND stream_revision = 2`);
    await tamper(schemas.pool, `DELETE FROM ${schemas.eventStoreSchema}.events WHERE stream_id = 'account-2' AND stream_revision = 4`);
    const broken = await audit('verify', '--heads', heads);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('BROKEN: account-1 at revision 2 (content-changed)');
    expect(broken.stderr).toContain('also truncated: account-2: ends at revision 3');
    expect((await audit('verify', '--stream', 'account-0')).code).toBe(0);
  });

  it('answers 2 with the usage for an unknown command or a bad option', async () => {
    const unknown = await audit('verfy');
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining('Unknown audit command "verfy"')]);
    const bad = await audit('verify', '--since', 'yesterday');
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--since must be a position')]);
  });
});
