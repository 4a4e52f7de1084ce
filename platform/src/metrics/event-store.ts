import { Counter, Histogram, type Registry } from 'prom-client';
import { decorateEventStore } from '../event-store/decorate.js';
import { WrongExpectedRevisionError, type EventStore } from '../event-store/port.js';
import type { Stores } from '../stores.js';
import { LATENCY_BUCKETS } from './registry.js';

/** A stream's category (`user` of `user-<id>`): a fixed set written in code, so a safe label. */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : 'uncategorised';
}

/**
 * The event store with its appends counted and timed: `concierge_event_appends_total` by stream
 * category and outcome (ok, conflict, error), `concierge_event_append_duration_seconds`,
 * `concierge_events_appended_total` and `concierge_event_append_size_events` (events per append).
 */
export function withAppendMetrics(store: EventStore, registry: Registry): EventStore {
  const appends = new Counter({
    name: 'concierge_event_appends_total',
    help: 'Appends to the event store by stream category and outcome (ok, conflict: wrong expected revision, error).',
    labelNames: ['category', 'outcome'],
    registers: [registry],
  });
  const events = new Counter({
    name: 'concierge_events_appended_total',
    help: 'Events appended to the event store by stream category.',
    labelNames: ['category'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'concierge_event_append_duration_seconds',
    help: 'Time of one append to the event store (one round trip on PostgreSQL), by stream category.',
    labelNames: ['category'],
    buckets: [...LATENCY_BUCKETS],
    registers: [registry],
  });
  const size = new Histogram({
    name: 'concierge_event_append_size_events',
    help: 'Events per successful append.',
    buckets: [1, 2, 3, 5, 10, 25, 50, 100, 500, 1000],
    registers: [registry],
  });
  return decorateEventStore(store, {
    async appendToStream(streamId, newEvents, options) {
      const category = categoryOf(streamId);
      const stopTimer = duration.startTimer({ category });
      try {
        const result = await store.appendToStream(streamId, newEvents, options);
        appends.inc({ category, outcome: 'ok' });
        events.inc({ category }, newEvents.length);
        size.observe(newEvents.length);
        return result;
      } catch (error) {
        appends.inc({ category, outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
        throw error;
      } finally {
        stopTimer();
      }
    },
  });
}

/** The stores with the event store's appends measured (see withAppendMetrics): a service's appends all go through it. */
export function withStoreMetrics(stores: Stores, registry: Registry): Stores {
  return { ...stores, eventStore: withAppendMetrics(stores.eventStore, registry) };
}
