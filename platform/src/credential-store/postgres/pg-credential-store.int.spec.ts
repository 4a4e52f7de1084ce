import { createTestSchemas } from '../../testing/postgres.js';
import { describeCredentialStoreContract } from '../credential-store.contract.js';
import { createPgCredentialStore } from './pg-credential-store.js';

describeCredentialStoreContract('PostgreSQL', async () => {
  const schemas = await createTestSchemas('credcontract');
  return { store: createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }), cleanup: schemas.drop };
});
