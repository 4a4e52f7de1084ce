import { describe, expect, it } from 'vitest';
import { createTestSchemas } from '../../testing/postgres.js';
import { describeSnapshotStoreContract } from '../snapshot-store.contract.js';
import { createPgSnapshotStore } from './pg-snapshot-store.js';

describeSnapshotStoreContract('PostgreSQL', async () => {
  const schemas = await createTestSchemas('snapcontract');
  return { store: createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }), cleanup: schemas.drop };
});

describe('PostgreSQL snapshot store under concurrent writers', () => {
  it('keeps the latest revision when many processes write at once', async () => {
    const schemas = await createTestSchemas('snaprace');
    try {
      const store = createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
      const revisions = Array.from({ length: 20 }, (_, i) => BigInt(i * 500 + 499));
      await Promise.all(revisions.reverse().map((revision) => store.write({ streamId: 's-1', aggregate: 'account', snapshotVersion: 1, revision, state: { revision: String(revision) } })));
      expect(await store.read('s-1', 'account')).toMatchObject({ revision: 9_999n, state: { revision: '9999' } });
    } finally {
      await schemas.drop();
    }
  });
});
