import { USERS_COLLECTION } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { USER_INDEXES } from './users/indexes.js';

/** Creates the read-model indexes the query API's queries rely on; run once at start, idempotent. */
export async function ensureQueryIndexes(readStore: ReadStore): Promise<void> {
  await readStore.ensureIndexes(USERS_COLLECTION, USER_INDEXES);
}
