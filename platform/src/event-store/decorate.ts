import type { EventStore } from './port.js';

/**
 * An event store that passes every call to `store` except those in `overrides`: how a service adds
 * behaviour around appends (change notices, cached states) without re-listing the whole port.
 */
export function decorateEventStore(store: EventStore, overrides: Partial<EventStore> = {}): EventStore {
  const readChained = store.readChained?.bind(store);
  const readAllOf = store.readAllOf?.bind(store);
  return {
    ...(readChained ? { readChained } : {}),
    ...(readAllOf ? { readAllOf } : {}),
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    readStream: (streamId, options) => store.readStream(streamId, options),
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    lastPosition: () => store.lastPosition(),
    subscribeToAll: (options) => store.subscribeToAll(options),
    close: () => store.close(),
    ...overrides,
  };
}
