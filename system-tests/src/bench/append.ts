import { testEvent } from '@concierge/platform/event-store/testing/events';
import { benchStores } from './setup.js';
import { round } from './stats.js';

/** Concurrent writers, each appending one event at a time to its own stream, for a fixed time. */
export async function benchAppend(writers = 50, seconds = 5, eventsPerAppend = 1) {
  const stores = await benchStores('append');
  try {
    let events = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        let revision = -1n;
        while (performance.now() < deadline) {
          const batch = Array.from({ length: eventsPerAppend }, () => testEvent('BenchHappened', { w }));
          const result = await stores.eventStore.appendToStream(`bench-${w}`, batch, {
            expectedRevision: revision < 0n ? 'no_stream' : revision,
          });
          revision = result.nextRevision;
          events += eventsPerAppend;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    return { writers, eventsPerAppend, eventsPerSecond: round(events / elapsed) };
  } finally {
    await stores.drop();
  }
}
