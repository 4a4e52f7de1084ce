import type { EventData, EventType } from '@concierge/contracts';

/**
 * The events of a stream as a union derived from the contracts' event schemas: each type named
 * with its schema's data. A stream names its types from the contracts' lists (for example
 * `EventOf<keyof typeof withdrawalAddressEvents>`), so an event added to its context's list joins
 * the union, and every exhaustive `evolve` stops compiling until it handles it.
 */
export type EventOf<T extends EventType> = { [K in T]: { type: K; data: EventData<K> } }[T];
