import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import type { ReadModelDoc, ReadStore } from '../port.js';
import { createPgReadStore } from './pg-read-store.js';

type Person = ReadModelDoc & { name: string; createdAt: string };

describe('PostgreSQL read store bulk load', () => {
  let schemas: TestSchemas;
  let store: ReadStore;
  const indexes = async () =>
    (
      await schemas.pool.query<{ definition: string }>(
        `SELECT pg_get_indexdef(indexrelid) AS definition FROM pg_index WHERE indrelid = '${schemas.readStoreSchema}.c_people'::regclass ORDER BY 1`,
      )
    ).rows.map((row) => row.definition);

  beforeAll(async () => {
    schemas = await createTestSchemas('rsbulkload');
    store = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await store.ensureIndexes('people', [
      { kind: 'sorted', sort: [{ field: 'createdAt', direction: 'desc' }] },
      { kind: 'search', fields: ['name'] },
    ]);
  });
  afterAll(async () => schemas?.drop());

  it('loads with only the primary key in place and builds the same indexes again afterwards, also when the load fails', async () => {
    const before = await indexes();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const people = Array.from({ length: 200 }, (_, i): Person => ({ id: `p${i}`, name: `Person ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));

    const during = await store.bulkLoad(['people'], async () => {
      await store.collection<Person>('people').upsertMany(people);
      return indexes();
    });
    expect(during).toEqual(before.filter((definition) => definition.includes('UNIQUE')));
    expect(await indexes()).toEqual(before);
    expect((await store.collection<Person>('people').find({ sort: [{ field: 'createdAt', direction: 'desc' }], limit: 1 }))[0]?.id).toBe('p199');
    expect(await store.collection('people').count({ search: { fields: ['name'], text: 'son 19' } })).toBe(11);

    await expect(store.bulkLoad(['people'], () => Promise.reject(new Error('replay failed')))).rejects.toThrow('replay failed');
    expect(await indexes()).toEqual(before);
  });
});
