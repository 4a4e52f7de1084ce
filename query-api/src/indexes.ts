import type { ContextName } from '@concierge/contracts/shared/contexts';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { auditIndexes } from './audit/indexes.js';
import { identityIndexes } from './identity/indexes.js';
import { moneyIndexes } from './money/indexes.js';
import type { ReadModelIndexes } from './shared/read-model-indexes.js';

/** Each context's read-model indexes (`<context>/indexes.ts`); a context whose queries need none says so. */
const BY_CONTEXT: { readonly [C in ContextName]: readonly ReadModelIndexes[] } = {
  identity: identityIndexes,
  money: moneyIndexes,
  plans: [],
  strategies: [],
  portfolio: [],
  audit: auditIndexes,
};

/** Every read-model index the query API's queries rely on, context by context. */
export const QUERY_INDEXES: readonly ReadModelIndexes[] = Object.values(BY_CONTEXT).flat();

/** Creates the read-model indexes the query API's queries rely on; run once at start, idempotent. */
export async function ensureQueryIndexes(readStore: ReadStore): Promise<void> {
  for (const { collection, indexes } of QUERY_INDEXES) await readStore.ensureIndexes(collection, indexes);
}
