import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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

  it('builds the indexes again after a bulk load whose process was killed: on restoreIndexes, or at the next bulk load', async () => {
    const before = await indexes();
    const killedMidLoad = async () => {
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', fileURLToPath(new URL('./testing/bulk-load-child.ts', import.meta.url))], {
        env: { ...process.env, DATABASE_URL: schemas.connectionString, READ_STORE_SCHEMA: schemas.readStoreSchema, COLLECTION: 'people' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('loading') && resolve());
        child.on('exit', (code) => reject(new Error(`the bulk load child exited with ${code} before loading`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      expect(await indexes()).toEqual(before.filter((definition) => definition.includes('UNIQUE')));
    };

    await killedMidLoad();
    expect(await store.restoreIndexes()).toBe(before.length - 1);
    expect(await indexes()).toEqual(before);
    expect(await store.restoreIndexes()).toBe(0);

    // Killed twice over: the second load finds no index left to drop and builds what the first recorded.
    await killedMidLoad();
    await killedMidLoad();
    await store.bulkLoad(['people'], async () => undefined);
    expect(await indexes()).toEqual(before);
    expect(await store.restoreIndexes()).toBe(0);
  });
});
