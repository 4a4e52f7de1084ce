import { Counter, Gauge } from 'prom-client';
import type { EventStore } from '@concierge/platform/event-store/port';
import { START } from '@concierge/platform/event-store/position';
import type { Registry } from '@concierge/platform/metrics/registry';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { Processor } from '../projections/runtime/catch-up.js';

/** What the lag is read for: a projection's or reactor's checkpoint name, its kind, and where a reactor starts. */
export type LagSubject = Pick<Processor, 'name' | 'kind'> & { readonly startFrom?: 'head' | 'start' };

/** Events behind are counted up to this many; past it the seconds say more than the count. */
export const LAG_EVENTS_CAP = 1000;

/** Checkpoints read at once during a scrape. */
const READ_CONCURRENCY = 4;

export interface ProjectionLagOptions {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly processors: () => readonly LagSubject[];
  readonly now?: () => number;
  /** Told when the store cannot be read: the gauges are then left out of that scrape rather than failing it. */
  readonly onError?: (error: unknown) => void;
}

interface Lag {
  readonly labels: { readonly projection: string; readonly kind: LagSubject['kind'] };
  readonly seconds: number;
  readonly events: number;
}

/**
 * `concierge_projection_lag_seconds` (the age of the oldest event a projection or reactor has not
 * applied yet, 0 when it has reached the store's head) and `concierge_projection_lag_events` (how
 * many events it is behind, counted up to LAG_EVENTS_CAP), read at each scrape from its checkpoint
 * and the store. A reactor that never ran starts at the head, so it counts as not behind.
 */
export function projectionLagGauges(registry: Registry, options: ProjectionLagOptions): void {
  const now = options.now ?? (() => Date.now());
  const measure = async (processor: LagSubject): Promise<Lag> => {
    const labels = { projection: processor.name, kind: processor.kind };
    const checkpoint = await options.readStore.getCheckpoint(processor.name);
    if (!checkpoint && processor.kind === 'reactor' && processor.startFrom === 'head') return { labels, seconds: 0, events: 0 };
    const behind = await options.eventStore.readAll({ after: checkpoint ?? START, maxCount: LAG_EVENTS_CAP });
    const oldest = behind[0];
    return { labels, seconds: oldest ? Math.max(0, now() - Date.parse(oldest.recordedAt)) / 1000 : 0, events: behind.length };
  };
  const failures = new Counter({
    name: 'concierge_projection_lag_read_failures_total',
    help: 'Scrapes whose projection lag could not be read from the stores (the lag series are then missing from that scrape).',
    registers: [registry],
  });
  const read = async (): Promise<Lag[]> => {
    try {
      // A few at a time: the reads share the pool with the projections themselves.
      const subjects = options.processors();
      const lags: Lag[] = [];
      for (let i = 0; i < subjects.length; i += READ_CONCURRENCY) lags.push(...(await Promise.all(subjects.slice(i, i + READ_CONCURRENCY).map(measure))));
      return lags;
    } catch (error) {
      failures.inc();
      options.onError?.(error);
      return [];
    }
  };
  // Both gauges come from one reading per scrape, whichever of them is collected first.
  let reading: { at: number; lags: Promise<Lag[]> } | undefined;
  const lags = (): Promise<Lag[]> => {
    if (!reading || now() - reading.at > 1000) reading = { at: now(), lags: read() };
    return reading.lags;
  };
  new Gauge({
    name: 'concierge_projection_lag_seconds',
    help: "Age of the oldest event each projection or reactor has not applied yet; 0 when it is at the store's head.",
    labelNames: ['projection', 'kind'],
    registers: [registry],
    async collect() {
      const read = await lags();
      this.reset();
      for (const lag of read) this.set(lag.labels, lag.seconds);
    },
  });
  new Gauge({
    name: 'concierge_projection_lag_events',
    help: `Events after each projection's or reactor's checkpoint, counted up to ${LAG_EVENTS_CAP}.`,
    labelNames: ['projection', 'kind'],
    registers: [registry],
    async collect() {
      const read = await lags();
      this.reset();
      for (const lag of read) this.set(lag.labels, lag.events);
    },
  });
}
