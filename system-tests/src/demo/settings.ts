// Where `npm run demo` keeps its own product: database, queue prefix, DATA_DIR and ports, apart from
// `npm start`'s, and the file through which its commands (fund, allocate) find the running chain.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const env = process.env;
export const DEMO = {
  databaseUrl: env.DEMO_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/concierge_demo',
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  queuePrefix: env.DEMO_QUEUE_PREFIX ?? 'concierge-demo',
  dataDir: env.DEMO_DATA_DIR ?? join(ROOT, '.data', 'demo'),
  /** Beside `npm start`'s 8080-8082, so both can run at once. */
  port: Number(env.DEMO_PORT ?? 8090),
  evmPort: Number(env.DEMO_EVM_PORT ?? 8545),
  admin: { email: 'admin@demo.local', password: 'DemoAdmin2026' },
  member: { email: 'member@demo.local', password: 'DemoMember2026', firstName: 'Ada', lastName: 'Demo' },
  /** The member's first USDC, sent on start so the portfolio has something to value. */
  startingFunds: '10000',
  snapshotInterval: '1m',
  /** Hourly valuations built on start by walking the chain's clock forward from this many days back. */
  historyDays: Number(env.DEMO_HISTORY_DAYS ?? 30),
  /**
   * How often the simulator moves every feed: one block per feed, and the chain stamps each block at
   * least a second after the last, so 9 feeds need more than 9 s or the chain's clock runs ahead.
   */
  tickMs: 12_000,
  seed: Number(env.DEMO_SEED ?? 2026),
} as const;

export const gatewayUrl = () => `http://localhost:${DEMO.port}`;

/** What a running demo tells its commands: the chain and the deployed market. */
export interface DemoState {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly multicallAddress: string;
  /** Registry symbol -> token and feed addresses. */
  readonly tokens: Record<string, { address: string; decimals: number; feed: string }>;
}

const stateFile = () => join(DEMO.dataDir, 'demo-chain.json');
export const registryFile = () => join(DEMO.dataDir, 'token-registry-31337.json');

export function writeState(state: DemoState): void {
  writeFileSync(stateFile(), JSON.stringify(state, null, 2));
}

export function readState(): DemoState {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8')) as DemoState;
  } catch {
    throw new Error('No demo is running: start one with `npm run demo` first.');
  }
}
