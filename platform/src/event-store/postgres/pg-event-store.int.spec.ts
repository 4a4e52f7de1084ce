import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import { describeEventStoreContract } from '../event-store.contract.js';
import { verifyChains } from '../../audit/verify.js';
import { GENESIS_HASH, canonicalJson, chainInto, hexDigestOfCanonicalParts } from '../hash-chain.js';
import { START } from '../position.js';
import { testEvent } from '../testing/events.js';
import { createPgEventStore } from './pg-event-store.js';
import { tamper } from '../../testing/tamper.js';

describeEventStoreContract('PostgreSQL', async () => {
  const schemas = await createTestSchemas('escontract');
  const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  return { store, cleanup: schemas.drop };
});

describe('PostgreSQL event store ordering', () => {
  let schemas: TestSchemas;
  beforeAll(async () => {
    schemas = await createTestSchemas('esorder');
  });
  afterAll(async () => schemas.drop());

  it('never lets a reader pass an event that a concurrent transaction commits late', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const slow = await schemas.pool.connect();
    try {
      // A writer that has inserted but not yet committed...
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO ${schemas.eventStoreSchema}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
         VALUES ('slow-1', 0, $1, 'Slow', '{}', $2, '\\x00', '\\x00')`,
        [testEvent().id, JSON.stringify(testEvent().metadata)],
      );
      // ...while a later writer commits.
      await store.appendToStream('fast-1', [testEvent('Fast')], { expectedRevision: 'no_stream' });
      const whileOpen = await store.readAll({ after: START, maxCount: 100 });
      expect(whileOpen.map((e) => e.type)).toEqual([]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const afterCommit = await store.readAll({ after: START, maxCount: 100 });
    expect(afterCommit.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });
});

describe('PostgreSQL hash chain: the chain step by the writer', () => {
  let schemas: TestSchemas;
  beforeAll(async () => {
    schemas = await createTestSchemas('eswriterchain');
  });
  afterAll(async () => schemas.drop());
  const storeFor = () => createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });

  /** append_events as the adapter calls it, with the link the test chooses. */
  async function callAppend(stream: string, expected: bigint, previousHash: string) {
    const event = testEvent('Direct', { n: 1 });
    const [data, metadata] = [canonicalJson(event.data), canonicalJson(event.metadata)];
    const contents = Buffer.from(hexDigestOfCanonicalParts(stream, event.id, event.type, data, metadata), 'hex');
    const chain = Buffer.alloc(64);
    const writerHash = chainInto(chain, previousHash, expected + 1n, contents, 1);
    const { rows } = await schemas.pool.query<{ outcome: string; last_hash: string | null }>(
      `SELECT outcome, last_hash FROM ${schemas.eventStoreSchema}.append_events($1, 'exact', $2, $3, $4, $5, $6, $7, $8)`,
      [stream, expected.toString(), [event.id], [event.type], [data], [metadata], contents, chain],
    );
    const stored = (await storeFor().readStream(stream, { direction: 'backwards', maxCount: 1 }))[0];
    return { ...rows[0], writerHash, stored };
  }

  it("stores the writer's hashes when its link matches the head, and computes the chain itself when it does not", async () => {
    const store = storeFor();
    await store.appendToStream('link-1', [testEvent('A'), testEvent('B')], { expectedRevision: 'no_stream' });
    const head = (await store.readStream('link-1'))[1];

    const linked = await callAppend('link-1', 1n, head?.hash ?? '');
    expect([linked.outcome, linked.last_hash]).toEqual(['ok', null]);
    expect(linked.stored?.hash).toBe(linked.writerHash);

    // A writer that remembered another head (the stream was rewritten since it looked): PostgreSQL
    // chains from the recorded head instead, and says so with the hash it computed.
    const unlinked = await callAppend('link-1', 2n, GENESIS_HASH);
    expect(unlinked.outcome).toBe('ok');
    expect(unlinked.last_hash).not.toBe(unlinked.writerHash);
    expect(unlinked.stored?.previousHash).toBe(linked.stored?.hash);
    expect(unlinked.stored?.hash).toBe(unlinked.last_hash);
    expect((await verifyChains(store)).breaks).toEqual([]);
  });

  it('keeps one chain when writers that remember different heads take turns on a stream, or the stream is rewritten behind one', async () => {
    const [first, second] = [storeFor(), storeFor()];
    let revision = (await first.appendToStream('turns-1', [testEvent()], { expectedRevision: 'no_stream' })).nextRevision;
    for (let i = 0; i < 6; i += 1) {
      const writer = i % 3 === 0 ? first : second;
      revision = (await writer.appendToStream('turns-1', [testEvent(), testEvent()], { expectedRevision: revision })).nextRevision;
    }
    await first.appendToStream('rewritten-1', [testEvent('Old')], { expectedRevision: 'no_stream' });
    // The stream replaced behind the first writer's back at the same revision, with other content.
    await tamper(schemas.pool, `DELETE FROM ${schemas.eventStoreSchema}.events WHERE stream_id = 'rewritten-1'`);
    await second.appendToStream('rewritten-1', [testEvent('New')], { expectedRevision: 'no_stream' });
    await first.appendToStream('rewritten-1', [testEvent('After'), testEvent('After')], { expectedRevision: 0n });

    const report = await verifyChains(first);
    expect(report.breaks).toEqual([]);
    expect(report.heads.get('turns-1')?.revision).toBe(12n);
    expect((await first.readStream('rewritten-1')).map((e) => e.type)).toEqual(['New', 'After', 'After']);
  });
});
