import { USERS_COLLECTION } from '@concierge/contracts';
import type { ReadModelIndexes } from '../shared/read-model-indexes.js';
import { USER_INDEXES } from './users/indexes.js';

/** The identity context's read-model indexes: the admin user list. */
export const identityIndexes: readonly ReadModelIndexes[] = [{ collection: USERS_COLLECTION, indexes: USER_INDEXES }];
