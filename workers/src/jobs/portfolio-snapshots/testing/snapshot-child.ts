// A snapshot worker in a process of its own that stops dead after its valuations land, before
// their jobs can complete: snapshot-kill.int.spec.ts SIGKILLs it there, a window too short to hit
// by timing alone. Settings come from the environment with the workers' own variable names.
import { loadConfig } from '@concierge/platform/config/env';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createLogger } from '@concierge/platform/logging/logger';
import { openStores } from '@concierge/platform/stores';
import { WorkersConfig } from '../../../config.js';
import { ledgerSnapshotSources } from '../sources.js';
import { startPortfolioSnapshots } from '../start.js';

const config = loadConfig(WorkersConfig);
const stores = await openStores(config);
// A pending promise alone would let node exit; the timer keeps the process alive until the kill.
const never = () => new Promise<never>(() => setInterval(() => {}, 1_000));
const stuckAfterRecording: EventStore = {
  ...stores.eventStore,
  async appendToStream(streamId, events, options) {
    const result = await stores.eventStore.appendToStream(streamId, events, options);
    if (!streamId.startsWith('portfolio-')) return result;
    process.stdout.write(`recorded ${streamId}\n`);
    return never();
  },
};

await startPortfolioSnapshots({
  eventStore: stuckAfterRecording,
  readStore: stores.readStore,
  snapshotSources: ledgerSnapshotSources({ eventStore: stores.eventStore }),
  redisUrl: config.REDIS_URL,
  prefix: config.QUEUE_PREFIX,
  intervalMs: config.SNAPSHOT_INTERVAL,
  concurrency: config.SNAPSHOT_CONCURRENCY,
  lockDurationMs: config.SNAPSHOT_LOCK_MS,
  schedule: false,
  logger: createLogger('snapshot-child', config.LOG_LEVEL),
});
process.stdout.write('ready\n');
