import { AUDIT_EVENTS_COLLECTION, AUDIT_STREAMS_COLLECTION, DEPOSITS_COLLECTION, USERS_COLLECTION, WITHDRAWAL_ADDRESSES_COLLECTION, WITHDRAWALS_COLLECTION } from '@concierge/contracts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { AUDIT_EVENT_INDEXES, AUDIT_STREAM_INDEXES } from './audit/indexes.js';
import { DEPOSIT_INDEXES } from './money/deposits/indexes.js';
import { USER_INDEXES } from './identity/users/indexes.js';
import { WITHDRAWAL_ADDRESS_INDEXES } from './money/withdrawal-addresses/indexes.js';
import { WITHDRAWAL_INDEXES } from './money/withdrawals/indexes.js';

/** Creates the read-model indexes the query API's queries rely on; run once at start, idempotent. */
export async function ensureQueryIndexes(readStore: ReadStore): Promise<void> {
  await readStore.ensureIndexes(USERS_COLLECTION, USER_INDEXES);
  await readStore.ensureIndexes(WITHDRAWALS_COLLECTION, WITHDRAWAL_INDEXES);
  await readStore.ensureIndexes(DEPOSITS_COLLECTION, DEPOSIT_INDEXES);
  await readStore.ensureIndexes(WITHDRAWAL_ADDRESSES_COLLECTION, WITHDRAWAL_ADDRESS_INDEXES);
  await readStore.ensureIndexes(AUDIT_STREAMS_COLLECTION, AUDIT_STREAM_INDEXES);
  await readStore.ensureIndexes(AUDIT_EVENTS_COLLECTION, AUDIT_EVENT_INDEXES);
}
