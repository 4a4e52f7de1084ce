import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyChains } from '../audit/verify.js';
import { GENESIS_HASH } from '../event-store/hash-chain.js';
import { createPgEventStore } from '../event-store/postgres/pg-event-store.js';
import { testEvent } from '../event-store/testing/events.js';
import { TEST_DATABASE_URL } from '../testing/postgres.js';
import { createPool } from './database.js';
import { migrate } from './migrations.js';
import { sealUnhashedEvents } from './seal-chain.js';

describe('events stored before the hash chain', () => {
  const pool = createPool(TEST_DATABASE_URL, 4);
  const schema = `es_sealchain_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  });

  it('are sealed in stream order by the migration, so the migrated store verifies clean and appends continue the chain', async () => {
    await migrate(pool, { eventStoreSchema: schema, eventStoreUpTo: 3 });
    // Written as the release before the chain wrote them, interleaving streams.
    const legacy = (stream: string, expected: string | null, types: string[]) => {
      const events = types.map((t) => testEvent(t, { t, price: 1.25, tags: ['x', 'ÿ'] }));
      return pool.query(`SELECT outcome FROM ${schema}.append_events($1, $2, $3, $4, $5, $6, $7)`, [
        stream,
        expected === null ? 'no_stream' : 'exact',
        expected,
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
      ]);
    };
    await legacy('user-1', null, ['A', 'B']);
    await legacy('user-2', null, ['C']);
    await legacy('user-1', '1', ['D']);

    // 4 seals them; 5 stores them as json in jsonb's spelling, which verification re-encodes to hash; 6 and 7 replace the append; 8 makes the table append-only; 9 adds the credential store.
    expect(await migrate(pool, { eventStoreSchema: schema })).toBe(6);
    const store = createPgEventStore({ pool, connectionString: TEST_DATABASE_URL, schema });
    const first = await verifyChains(store);
    expect(first.breaks).toEqual([]);
    expect([first.streams, first.events]).toEqual([2, 4]);
    expect((await store.readStream('user-2'))[0]?.previousHash).toBe(GENESIS_HASH);

    await store.appendToStream('user-1', [testEvent('E')], { expectedRevision: 2n });
    const after = await verifyChains(store);
    expect(after.breaks).toEqual([]);
    expect(after.heads.get('user-1')?.revision).toBe(3n);

    // Sealing again finds nothing to do.
    const client = await pool.connect();
    try {
      expect(await sealUnhashedEvents(client, schema)).toBe(0);
    } finally {
      client.release();
    }
  });
});
