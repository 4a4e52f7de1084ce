import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { rebuild } from '../projections/runtime/catch-up.js';
import { findProjection, projections } from '../projections/registry.js';

/** `npm run rebuild-projection -- <name>|--all`: drops read models and replays them from position 0. */
const names = process.argv.slice(2).filter((a) => a !== '--');
const selected = names.includes('--all') ? projections : names.map((n) => findProjection(n));
if (selected.length === 0 || selected.some((p) => p === undefined)) {
  console.error(`Usage: npm run rebuild-projection -- <${projections.map((p) => p.name).join('|')}|--all>`);
  process.exit(2);
}
const config = loadConfig(BaseConfig);
await prepareStorage(config);
const stores = await openStores(config);
try {
  for (const projection of selected) {
    if (!projection) continue;
    const started = performance.now();
    const { events } = await rebuild(projection, { ...stores, batchSize: 2000 });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${projection.name}: replayed ${events} events in ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s)`);
  }
} finally {
  await stores.close();
}
