import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../event-store/port.js';
import type { TestSchemas } from '../../testing/postgres.js';
import { signTestCheckpoint, testAuditKey } from '../testing/checkpoint.js';
import { seededStore } from '../testing/seeded-store.js';
import { checkExport } from './check.js';
import type { ExportFilter } from './format.js';
import { exportLines } from './write.js';

async function* from(lines: readonly string[]) {
  yield* lines;
}

describe('exports of a chained PostgreSQL store, checked offline', () => {
  const { key } = testAuditKey();
  let schemas: TestSchemas;
  let store: EventStore;
  beforeAll(async () => {
    ({ schemas, store } = await seededStore('auditexportcheck', 3, 6));
    await signTestCheckpoint(store, key);
  }, 30_000);
  afterAll(async () => schemas?.drop());

  const exported = async (filter: ExportFilter, publicKey = key) => {
    const lines: string[] = [];
    for await (const line of exportLines(store, { filter, publicKey, pageSize: 4 })) lines.push(line);
    return lines;
  };

  it('verifies a category export with every checkpointed head of the category reached', async () => {
    const lines = await exported({ category: 'account' });
    const check = await checkExport(from(lines), key);
    expect([check.problems, check.events, check.streams, check.headsMatched, check.checkpoint?.sequence]).toEqual([[], 18, 3, 3, 1]);
  });

  it('verifies an export that starts mid-stream by time from the previousHash it carries, and refuses the same start without a time range', async () => {
    const events = await store.readStream('account-1');
    const middle = events[3]?.recordedAt ?? '';
    const lines = await exported({ stream: 'account-1', from: middle });
    const first = JSON.parse(lines[1] ?? '{}') as { revision: string };
    expect(Number(first.revision)).toBeGreaterThan(0);
    expect((await checkExport(from(lines), key)).problems).toEqual([]);
    const header = JSON.parse(lines[0] ?? '{}') as { filter: ExportFilter };
    const unranged = [JSON.stringify({ ...header, filter: { stream: 'account-1' } }), ...lines.slice(1)];
    expect((await checkExport(from(unranged), key)).problems[0]).toEqual({ line: 2, message: expect.stringContaining('revisions 0 to') });
  });

  it('refuses a checkpoint whose signature does not hold, a key other than the trusted one, a rewritten head and a file cut short', async () => {
    const lines = await exported({ stream: 'account-2' });
    const header = JSON.parse(lines[0] ?? '{}') as { checkpoint: { merkleRoot: string }; heads: { hash: string }[] };
    const forged = [JSON.stringify({ ...header, checkpoint: { ...header.checkpoint, events: 1 } }), ...lines.slice(1)];
    expect((await checkExport(from(forged), key)).problems).toEqual([{ line: 1, message: expect.stringContaining('the signature does not match its fields') }]);
    const otherKey = testAuditKey().key;
    expect((await checkExport(from(lines), otherKey)).problems.map((p) => p.message)).toEqual([
      `the header's public key ${key.keyId} is not the trusted key ${otherKey.keyId}`,
      `the checkpoint was signed by key ${key.keyId}, not ${otherKey.keyId}`,
    ]);
    const movedHead = [JSON.stringify({ ...header, heads: header.heads.map((h) => ({ ...h, hash: 'e'.repeat(64) })) }), ...lines.slice(1)];
    expect((await checkExport(from(movedHead), key)).problems[0]?.message).toContain('do not lead to the checkpoint');
    const cut = await checkExport(from(lines.slice(0, -2)), key);
    expect(cut.problems.map((p) => [p.line, p.message])).toEqual([
      [lines.length - 1, 'the file ends without its trailer: it was cut short'],
      [lines.length - 1, 'account-2 ends at revision 4: the signed checkpoint recorded it up to revision 5 (its tail is missing)'],
    ]);
  });
});
