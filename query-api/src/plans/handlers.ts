import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listPlans } from './queries.js';

/** Handlers of the routes served from the plans read model, by route id. */
export function planHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    'subscriptions.list': async () => listPlans(deps.readStore),
  } satisfies SomeHandlers<'query'>;
}
