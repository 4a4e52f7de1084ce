import { createTestSchemas } from '../../testing/postgres.js';
import { describeReadStoreContract } from '../read-store.contract.js';
import { createPgReadStore } from './pg-read-store.js';

describeReadStoreContract('PostgreSQL JSONB', async () => {
  const schemas = await createTestSchemas('rscontract');
  return { store: createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema }), cleanup: schemas.drop };
});
