import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import type { FindQuery, ReadModelDoc, ReadStore } from '../port.js';
import { describeReadStoreContract } from '../read-store.contract.js';
import { createHash } from 'node:crypto';
import { searchColumnsOf, trigramOperatorClass } from './pg-indexes.js';
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
      { kind: 'search', fields: ['name', 'email'], shortValues: true },
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
    const table = `${schemas.readStoreSchema}.c_people`;
    const q = new SqlBuilder(await searchColumnsOf(schemas.pool, table));
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

  it("counts a search that no trigram narrows from the fields' lowercased columns, never from the JSON", async () => {
    const search = { fields: ['name', 'email'], text: 'HO' };
    const counted = await plan({ search }, true);
    expect(counted).toMatch(/ci_name.*~~ '%ho%'/);
    // Short values are also kept in a B-tree of the columns, for when it is smaller to read than the table.
    const { rows } = await schemas.pool.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'c_people'`, [
      schemas.readStoreSchema,
    ]);
    expect(rows.map((row) => row.indexdef)).toContainEqual(expect.stringMatching(/USING btree \(ci_name, ci_email\)$/));
    expect(counted).not.toMatch(/doc #>>|~~\*/);
    expect(await store.collection('people').count({ search })).toBe(100);
  });
});

describe('PostgreSQL read store search columns', () => {
  let schemas: TestSchemas;
  type Named = ReadModelDoc & { name: string; email: string; tags: { label: string } | null; n?: number };
  const docs: Named[] = [
    { id: 'a', name: 'ÉMILE Zola', email: 'emile@zola.fr', tags: { label: 'Naturalisme' } },
    { id: 'b', name: 'Łukasz ŻÓŁW', email: 'lukasz@example.pl', tags: null },
    { id: 'c', name: 'Straße Weiß', email: 'STRASSE@EXAMPLE.DE', tags: { label: 'ΣΟΦΊΑ' } },
    { id: 'd', name: 'plain 100% ascii', email: 'under_score@example.com', tags: { label: 'x' } },
    { id: 'e', name: 'no email', email: '', tags: null, n: 42 },
  ];
  const texts = ['émile', 'ÉMILE', 'żółw', 'ŁUKASZ', 'weiß', 'WEISS', 'strasse', 'σοφία', 'ΣΟΦΊΑ', '100%', 'r_s', 'e', 'zz', '.'];
  const fields = ['name', 'email', 'tags.label'];

  beforeAll(async () => {
    schemas = await createTestSchemas('rssearchcols');
  });
  afterAll(async () => schemas?.drop());

  it('matches exactly what the same search matches without them, non-ASCII case folding included', async () => {
    // A process that knew the tables before any index existed, and one that declares the indexes.
    const before = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await before.collection<Named>('plain').upsertMany(docs);
    await before.collection<Named>('indexed').upsertMany(docs);
    // The trigram index an older adapter built over the JSON expression, under the name it gave it.
    const table = `${schemas.readStoreSchema}.c_indexed`;
    const olderDefinition = `USING gin ((doc #>> '{name}') ${await trigramOperatorClass(schemas.pool)})`;
    const olderName = `c_indexed_ix_${createHash('sha256').update(olderDefinition).digest('hex').slice(0, 12)}`;
    await schemas.pool.query(`CREATE INDEX ${olderName} ON ${table} ${olderDefinition}`);
    const after = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    await after.ensureIndexes('indexed', [{ kind: 'search', fields }]);
    const { rows: left } = await schemas.pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'c_indexed'`,
      [schemas.readStoreSchema],
    );
    expect(left.filter((index) => index.indexdef.includes('gin'))).toHaveLength(3);
    expect(left.map((index) => index.indexdef).join('\n')).not.toMatch(/doc #>>/);
    const columns = await searchColumnsOf(schemas.pool, `${schemas.readStoreSchema}.c_indexed`);
    expect([...columns.keys()].sort()).toEqual(fields.slice().sort());
    const ids = async (store: ReadStore, collection: string, text: string) =>
      (await store.collection<Named>(collection).find({ search: { fields, text }, sort: [{ field: 'name', direction: 'asc' }] })).map((d) => d.id);
    for (const text of texts) {
      const expected = await ids(before, 'plain', text);
      expect(await ids(after, 'indexed', text), text).toEqual(expected);
      expect(await ids(before, 'indexed', text), text).toEqual(expected);
    }
    expect(await ids(after, 'indexed', 'ÉMILE')).toEqual(['a']);
    expect(await ids(after, 'indexed', 'σοφία')).toEqual(['c']);
    // Written after the columns were added, by a process that never heard of them.
    await before.collection<Named>('indexed').upsert({ id: 'f', name: 'Émile Late', email: 'late@example.fr', tags: null });
    expect(await ids(after, 'indexed', 'émile')).toEqual(['a', 'f']);
  });
});
