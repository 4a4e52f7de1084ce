import { afterEach, describe, expect, it } from 'vitest';
import { chainHash, contentDigest } from '../event-store/hash-chain.js';
import type { EventStore } from '../event-store/port.js';
import type { TestSchemas } from '../testing/postgres.js';
import { merkleRoot } from './stream-heads.js';
import { seededStore } from './testing/seeded-store.js';
import { verifyChains } from './verify.js';
import { tamper } from '../testing/tamper.js';

describe('verify against a tampered PostgreSQL store', () => {
  let schemas: TestSchemas | undefined;
  let store: EventStore;
  afterEach(async () => schemas?.drop());

  async function seed(label: string) {
    ({ schemas, store } = await seededStore(label));
    return { events: `${schemas.eventStoreSchema}.events`, pool: schemas.pool };
  }

  it('finds an untouched store clean and reports each stream head', async () => {
    await seed('verifyclean');
    const report = await verifyChains(store, { pageSize: 7 });
    expect(report.breaks).toEqual([]);
    expect([report.streams, report.events, report.unhashed]).toEqual([4, 40, 0]);
    const last = (await store.readStream('account-2', { direction: 'backwards', maxCount: 1 }))[0];
    expect(report.heads.get('account-2')).toEqual({ revision: 9n, hash: last?.hash });
    expect(report.upTo).toEqual((await store.headPosition()));
  });

  it('names the stream and revision of an event whose data was changed in place', async () => {
    const { events, pool } = await seed('verifyupdate');
    await tamper(pool, `UPDATE ${events} SET data = jsonb_set(data::jsonb, '{amount}', '"9999.50"') WHERE stream_id = 'account-1' AND stream_revision = 3`);
    const report = await verifyChains(store);
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-1', 3n, 'content-changed']]);
    expect(report.breaks[0]?.message).toContain('account-1 revision 3');
  });

  it('finds a changed actor in the metadata and a previous hash pointing elsewhere', async () => {
    const { events, pool } = await seed('verifymeta');
    await tamper(pool, `UPDATE ${events} SET metadata = jsonb_set(metadata::jsonb, '{actor}', '{"type":"user","userId":"u-1","role":"admin"}') WHERE stream_id = 'account-0' AND stream_revision = 0`);
    await tamper(pool, `UPDATE ${events} SET previous_hash = (SELECT hash FROM ${events} WHERE stream_id = 'account-3' AND stream_revision = 1) WHERE stream_id = 'account-3' AND stream_revision = 5`);
    const report = await verifyChains(store);
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([
      ['account-0', 0n, 'content-changed'],
      ['account-3', 5n, 'broken-link'],
    ]);
  });

  it('names the gap left by an event deleted from the middle of a stream', async () => {
    const { events, pool } = await seed('verifydelete');
    await tamper(pool, `DELETE FROM ${events} WHERE stream_id = 'account-2' AND stream_revision = 4`);
    const report = await verifyChains(store);
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-2', 5n, 'revision-gap']]);
    expect(report.breaks[0]?.message).toContain('revision 4 to 4 missing');
  });

  it('sees a truncated tail only against the heads recorded before it', async () => {
    const { events, pool } = await seed('verifytail');
    const before = await verifyChains(store);
    await tamper(pool, `DELETE FROM ${events} WHERE stream_id = 'account-3' AND stream_revision >= 7`);
    // The chain that is left is whole: without a checkpoint nothing shows.
    // Signed checkpoints keep such heads: `npm run audit -- verify` compares with the latest one
    // (workers/src/jobs/audit-checkpoints/audit-checkpoints.int.spec.ts, workers/src/audit/integrity-cli.int.spec.ts).
    expect((await verifyChains(store)).breaks).toEqual([]);
    const report = await verifyChains(store, { against: before.heads });
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-3', 7n, 'truncated']]);
    expect(merkleRoot(report.heads)).not.toBe(merkleRoot(before.heads));
  });

  it('sees a whole stream deleted only against the heads recorded before it', async () => {
    const { events, pool } = await seed('verifystream');
    const before = await verifyChains(store);
    await tamper(pool, `DELETE FROM ${events} WHERE stream_id = 'account-1'`);
    // As above: the signed checkpoint's heads show it (audit-checkpoints.int.spec.ts).
    expect((await verifyChains(store)).breaks).toEqual([]);
    const report = await verifyChains(store, { against: before.heads });
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-1', 9n, 'stream-missing']]);
  });

  it('sees a tail rewritten with freshly computed hashes against the heads recorded before it', async () => {
    const { events, pool } = await seed('verifyrewrite');
    const before = await verifyChains(store);
    const [event] = await store.readStream('account-0', { fromRevision: 9n, maxCount: 1 });
    if (!event?.previousHash) throw new Error('seeded stream has no revision 9');
    const forged = { ...event, data: { ...event.data, amount: '1000000.50' } };
    const hash = chainHash(event.previousHash, 9n, contentDigest(forged));
    await tamper(pool, `UPDATE ${events} SET data = $1, hash = decode($2, 'hex') WHERE stream_id = 'account-0' AND stream_revision = 9`, [forged.data, hash]);
    expect((await verifyChains(store)).breaks).toEqual([]);
    const report = await verifyChains(store, { against: before.heads });
    expect(report.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-0', 9n, 'checkpoint-mismatch']]);
  });

  it('checks one stream, or only the events after a position, linked to the event before them', async () => {
    const { events, pool } = await seed('verifysince');
    const [fifth] = await store.readStream('account-1', { fromRevision: 5n, maxCount: 1 });
    if (!fifth) throw new Error('seeded stream has no revision 5');
    await tamper(pool, `UPDATE ${events} SET data = '{}' WHERE stream_id = 'account-1' AND stream_revision IN (2, 8)`);
    const one = await verifyChains(store, { streamId: 'account-1', pageSize: 3 });
    expect([one.streams, one.events, one.breaks.map((b) => b.revision)]).toEqual([1, 10, [2n]]);
    const since = await verifyChains(store, { since: fifth.position });
    expect(since.breaks.map((b) => [b.streamId, b.revision, b.kind])).toEqual([['account-1', 8n, 'content-changed']]);
    expect(since.events).toBeLessThan(40);
  });
});
