import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { memberAddresses } from './queries.js';

/** Handlers of the routes served from the withdrawal addresses read model, by route id. */
export function withdrawalAddressQueryHandlers(deps: { readonly readStore: ReadStore }) {
  return {
    'withdrawalAddresses.list': async ({ caller }) => memberAddresses(deps.readStore, caller.userId),
  } satisfies SomeHandlers<'query'>;
}
