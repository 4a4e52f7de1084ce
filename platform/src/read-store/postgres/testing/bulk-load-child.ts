// A process that starts a bulk load of one collection and never finishes it: the test SIGKILLs it
// once it has said the load began, as a rebuild is killed by a deployment or the OOM killer.
import { createPool } from '../../../postgres/database.js';
import { createPgReadStore } from '../pg-read-store.js';

const pool = createPool(process.env['DATABASE_URL'] ?? '', 2);
const store = createPgReadStore({ pool, schema: process.env['READ_STORE_SCHEMA'] ?? '' });
await store.bulkLoad([process.env['COLLECTION'] ?? ''], async () => {
  process.stdout.write('loading\n');
  await new Promise(() => undefined);
});
