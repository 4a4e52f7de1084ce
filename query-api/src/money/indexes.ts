import { DEPOSITS_COLLECTION, WITHDRAWAL_ADDRESSES_COLLECTION, WITHDRAWALS_COLLECTION } from '@concierge/contracts';
import { DEPOSIT_INDEXES } from './deposits/indexes.js';
import type { ReadModelIndexes } from '../shared/read-model-indexes.js';
import { WITHDRAWAL_ADDRESS_INDEXES } from './withdrawal-addresses/indexes.js';
import { WITHDRAWAL_INDEXES } from './withdrawals/indexes.js';

/** The money context's read-model indexes: withdrawal and deposit lists, and each member's address book. */
export const moneyIndexes: readonly ReadModelIndexes[] = [
  { collection: WITHDRAWALS_COLLECTION, indexes: WITHDRAWAL_INDEXES },
  { collection: DEPOSITS_COLLECTION, indexes: DEPOSIT_INDEXES },
  { collection: WITHDRAWAL_ADDRESSES_COLLECTION, indexes: WITHDRAWAL_ADDRESS_INDEXES },
];
