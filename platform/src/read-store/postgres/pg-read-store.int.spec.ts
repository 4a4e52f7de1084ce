import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import type { FindQuery, ReadModelDoc, ReadStore } from '../port.js';
import { describeReadStoreContract } from '../read-store.contract.js';
import { SqlBuilder } from './pg-query.js';
import { createPgReadStore } from './pg-read-store.js';

describeReadStoreContract('PostgreSQL JSONB', async () => {
  const schemas = await createTestSchemas('rscontract');
  return { store: createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema }), cleanup: schemas.drop };
});

type Person = ReadModelDoc & { name: string; email: string; status: string; createdAt: string };

describe('PostgreSQL read store indexes', () => {
  let schemas: TestSchemas;
  let store: ReadStore;
  const newestFirst = [{ field: 'createdAt', direction: 'desc' }] as const;

  beforeAll(async () => {
    schemas = await createTestSchemas('rsindexes');
    store = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await store.ensureIndexes('people', [
      { kind: 'sorted', sort: newestFirst },
      { kind: 'sorted', equals: ['status'], sort: newestFirst },
      { kind: 'search', fields: ['name', 'email'] },
    ]);
    const people: Person[] = Array.from({ length: 5000 }, (_, i) => ({
      id: `p${i}`,
      name: `Person ${i} ${i % 50 === 0 ? 'Hopper' : ['Lovelace', 'Turing', 'Liskov'][i % 3]}`,
      email: `person${i}@example.com`,
      status: ['approved', 'pending', 'rejected', 'suspended', 'approved'][i % 5] ?? 'approved',
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    }));
    await store.collection<Person>('people').upsertMany(people);
    // As autovacuum leaves a table after a bulk load: statistics fresh, GIN pending entries merged.
    await schemas.pool.query(`VACUUM ANALYZE ${schemas.readStoreSchema}.c_people`);
  });
  afterAll(async () => schemas?.drop());

  /** The plan PostgreSQL picks for the statement the adapter sends for `query`. */
  async function plan(query: FindQuery, count = false): Promise<string> {
    const q = new SqlBuilder();
    const table = `${schemas.readStoreSchema}.c_people`;
    const sql = count
      ? `SELECT count(*)::int AS n FROM ${table} ${q.where(query)}`
      : `SELECT doc FROM ${table} ${q.where(query)} ${q.orderBy(query.sort)}${q.page(query)}`;
    const { rows } = await schemas.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, q.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('reads the first page newest first from an index instead of sorting every document', async () => {
    expect(await plan({ sort: newestFirst, limit: 10 })).toMatch(/^Limit[\s\S]*Index Scan using c_people_ix_/);
    expect(await plan({ filter: { status: 'pending' }, sort: newestFirst, limit: 10 })).toMatch(/Index Cond: \(\(doc #> '\{status\}'/);
    expect(await plan({ sort: newestFirst, limit: 10 })).not.toMatch(/Seq Scan|Sort Key/);
  });

  it('finds and counts a selective name or email search through trigram indexes', async () => {
    const search = { fields: ['name', 'email'], text: 'hopper' };
    expect(await plan({ search }, true)).toMatch(/BitmapOr/);
    expect(await plan({ search }, true)).not.toMatch(/Seq Scan/);
    expect(await store.collection('people').count({ search })).toBe(100);
  });
});
