import type { SomeHandlers } from '@concierge/platform/http/handlers';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listStrategies } from './queries.js';

/** Handlers of the routes served from the strategies read model, by route id: the public and the admin list are one list. */
export function strategyHandlers(deps: { readonly readStore: ReadStore; readonly knownTokenSymbols?: ReadonlySet<string> | undefined }) {
  const list = async () => listStrategies(deps.readStore, deps.knownTokenSymbols);
  return { 'strategies.public': list, 'strategies.list': list } satisfies SomeHandlers<'query'>;
}
