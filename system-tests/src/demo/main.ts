import { openCredentialStore } from '@concierge/platform/credential-store/open';
// `npm run demo`: the product on a development chain (see README.md, "A development chain").
//   npm run demo                                   start it (a fresh chain and database every time)
//   npm run demo -- fund <email> <amount>          send USDC to a member's deposit address
//   npm run demo -- allocate <email> <group>=<percent>...   a simulated swap of the member's USDC
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PORTFOLIO_SNAPSHOT_QUEUE, type TokenRegistry } from '@concierge/contracts';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { argon2idHasher } from '@concierge/command-api/identity/password-hasher';
import { updateUser } from '@concierge/domain/identity/admin/update-user';
import { registerUser } from '@concierge/domain/identity/registration/register-user';
import { startServices } from '@concierge/supervisor';
import { startLocalEvm } from '@concierge/workers/chain/testing/local-evm';
import { deployLocalMarket } from '@concierge/workers/chain/testing/local-market';
import { portfolioEventStore } from '@concierge/workers/jobs/portfolio-snapshots/states';
import { scheduleSnapshotRounds } from '@concierge/workers/jobs/portfolio-snapshots/start';
import { createLogger } from '@concierge/platform/logging/logger';
import { healthy, memberAddress, memberSettled, memberToken, strategyGroups } from './api.js';
import { demoChain, type DemoChain } from './chain.js';
import { fail, until } from './cli.js';
import { allocateCommand, fundCommand } from './commands.js';
import { buildHistory, DEMO_STORY, historyStart } from './history.js';
import { LIVE_WALK, simulatedMarket, type Market } from './market.js';
import { parseDuration } from '@concierge/workers/jobs/portfolio-snapshots/interval';
import { deleteKeys } from '../system/redis-keys.js';
import { DEMO, gatewayUrl, registryFile, ROOT, writeState, type DemoState } from './settings.js';

async function reset(): Promise<void> {
  const url = new URL(DEMO.databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect().catch(() => fail(`PostgreSQL is not reachable at ${url.host}.`));
  await client.query(`DROP DATABASE IF EXISTS "${database.replaceAll('"', '""')}" WITH (FORCE)`);
  await client.end();
  const redis = new Redis(DEMO.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect().catch(() => fail(`Redis is not reachable at ${DEMO.redisUrl}.`));
  await deleteKeys(redis, `${DEMO.queuePrefix}*`);
  redis.disconnect();
  rmSync(DEMO.dataDir, { recursive: true, force: true });
  mkdirSync(DEMO.dataDir, { recursive: true });
}

function build(): void {
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'turbo', 'bin', 'turbo'), 'run', 'build', '--output-logs=errors-only'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env },
  });
  if (result.status !== 0) fail('the build failed.');
}

/** Every feed moves one step of the market's walk, one transaction after another. */
function startSimulator(chain: DemoChain, market: Market): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    for (const [symbol, answer] of market.step(LIVE_WALK)) {
      const feed = chain.feed(symbol);
      await chain.transact(() => feed.getFunction('updateAnswer')(answer));
    }
  };
  const timer = setInterval(() => {
    running = running.then(tick).catch((error: unknown) => console.error(`[market] a price move failed: ${String(error)}`));
  }, DEMO.tickMs);
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** The demo's member, registered and approved straight through the domain's use cases; answers their id. */
async function seedMember(env: Record<string, string>): Promise<string> {
  const config = loadConfig(BaseConfig, env);
  await prepareStorage(config);
  const stores = await openStores(config, 2);
  try {
    const ctx = { actor: { type: 'system' as const, reason: 'npm run demo' }, correlationId: 'demo', causationId: 'demo', now: new Date() };
    const hasher = argon2idHasher({ memoryKiB: 19_456, timeCost: 2 });
    const { member } = DEMO;
    const credentials = await openCredentialStore(config);
    const { userId } = await registerUser({ eventStore: stores.eventStore, hasher, credentials }, member, ctx).finally(() => credentials.close());
    await updateUser({ eventStore: stores.eventStore }, { userId, changes: { status: 'approved', role: 'user', subscriptionPlan: undefined } }, ctx);
    return userId;
  } finally {
    await stores.close();
  }
}

/** The history the chain is walked through, valued hour by hour into the demo's own event store. */
async function history(env: Record<string, string>, chain: DemoChain, state: DemoState, registry: TokenRegistry, market: Market, member: { userId: string; address: string }, startMs: number): Promise<number> {
  const config = loadConfig(BaseConfig, env);
  const stores = await openStores(config, 4);
  const logger = createLogger('demo', 'warn');
  const groups = new Map((await strategyGroups()).map((group) => [group.name, group.tokenSymbols]));
  const { eventStore, aggregateStates } = portfolioEventStore(stores.eventStore, stores.snapshots, logger);
  let reported = -1;
  try {
    return await buildHistory({
      chain,
      state,
      registry,
      market,
      eventStore,
      aggregateStates,
      member,
      groups,
      startMs,
      story: DEMO_STORY,
      onProgress(hour, hours) {
        const percent = Math.floor((100 * hour) / hours);
        if (percent % 10 === 0 && percent !== reported) console.log(`[demo] history: ${new Date(startMs + hour * 3_600_000).toISOString().slice(0, 13)}h (${percent}%)`);
        reported = percent;
      },
    });
  } finally {
    await stores.close();
  }
}

/** From now on the workers value everyone every SNAPSHOT_INTERVAL, as `npm start`'s do from the start. */
async function scheduleRounds(): Promise<void> {
  const connection = new Redis(DEMO.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection, prefix: DEMO.queuePrefix });
  try {
    await scheduleSnapshotRounds(queue, parseDuration(DEMO.snapshotInterval) ?? 60_000);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

async function start(): Promise<void> {
  await reset();
  build();

  const startMs = historyStart(DEMO.historyDays);
  // Genesis a few minutes before the first valuation: the market is deployed and the member paid before it.
  const evm = await startLocalEvm({ port: DEMO.evmPort, initialDate: new Date(startMs - 10 * 60_000) }).catch((error: unknown) =>
    fail(`the local EVM did not start on port ${DEMO.evmPort}: ${String(error)}`),
  );
  const deployed = await deployLocalMarket(evm);
  const usdc = deployed.registry.tokens.find((token) => token.symbol === 'USDC');
  if (!usdc) fail('the local market has no USDC');
  writeFileSync(registryFile(), JSON.stringify({ registry: deployed.registry, multicallAddress: deployed.multicallAddress }, null, 2));
  const state: DemoState = {
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    multicallAddress: deployed.multicallAddress,
    tokens: Object.fromEntries(
      deployed.registry.tokens.map((token) => [token.symbol, { address: token.address, decimals: token.decimals, feed: token.priceFeed.address }]),
    ),
  };
  writeState(state);

  const env: Record<string, string> = {
    PORT: String(DEMO.port),
    COMMAND_API_PORT: String(DEMO.port + 1),
    QUERY_API_PORT: String(DEMO.port + 2),
    COMMAND_API_URL: `http://127.0.0.1:${DEMO.port + 1}`,
    QUERY_API_URL: `http://127.0.0.1:${DEMO.port + 2}`,
    PUBLIC_URL: gatewayUrl(),
    DATABASE_URL: DEMO.databaseUrl,
    REDIS_URL: DEMO.redisUrl,
    QUEUE_PREFIX: DEMO.queuePrefix,
    DATA_DIR: DEMO.dataDir,
    ADMIN_EMAIL: DEMO.admin.email,
    ADMIN_PASSWORD: DEMO.admin.password,
    CHAIN_RPC_URL: evm.rpcUrl,
    CHAIN_ID: String(evm.chainId),
    USDC_ADDRESS: usdc.address,
    CHAIN_CONFIRMATIONS: '1',
    DEPOSIT_SCAN_START_BLOCK: '0',
    DEPOSIT_SCAN_INTERVAL_MS: '2000',
    TOKEN_REGISTRY_FILE: registryFile(),
    SNAPSHOT_INTERVAL: DEMO.snapshotInterval,
    // The demo schedules the rounds itself once the history is built: a round now would read the
    // chain's head, still in the past, for the present slot.
    SNAPSHOT_SCHEDULE: 'off',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Beside a running `npm start`, whose metrics hold 8083 and 8084.
    WORKERS_METRICS_PORT: '0',
    GATEWAY_METRICS_PORT: '0',
  };
  const userId = await seedMember(env);

  const services = startServices({ mode: 'dist', env });
  const chain = demoChain(state);
  const running: { simulator?: { stop(): Promise<void> } } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await running.simulator?.stop();
    await services.stop();
    chain.close();
    await evm.stop();
    rmSync(join(DEMO.dataDir, 'demo-chain.json'), { force: true });
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  void services.exited.then((first) => {
    if (stopping) return;
    console.error(`npm run demo: ${first.name} keeps stopping (exit ${first.code ?? first.signal}); stopping the others.`);
    void stop(1);
  });

  await until('the services answering', 90_000, async () => ((await healthy()) ? true : undefined));
  const address = await memberAddress(DEMO.member.email);
  const market = simulatedMarket(
    deployed.registry.tokens.map((token) => token.symbol),
    DEMO.seed,
  );
  const hours = await history(env, chain, state, deployed.registry, market, { userId, address }, startMs);
  await scheduleRounds();
  running.simulator = startSimulator(chain, market);
  const deposits = DEMO_STORY.filter((step) => step.kind === 'fund');
  const funded = deposits.reduce((sum, step) => sum + Number(step.usdc), 0);
  const token = await memberToken();
  await until('the member\'s deposits and valuations reaching the read models', 120_000, () => memberSettled(token, deposits.length, startMs + (hours - 1) * 3_600_000));

  console.log(
    [
      '',
      `Concierge demo on a development chain (chainId ${evm.chainId}, JSON-RPC ${evm.rpcUrl}) at ${gatewayUrl()}`,
      `  admin:  ${DEMO.admin.email} / ${DEMO.admin.password}`,
      `  member: ${DEMO.member.email} / ${DEMO.member.password} (deposit address ${address}, ${funded} USDC deposited, ${DEMO.historyDays} days of hourly history)`,
      `Simulated market: every feed moves every ${DEMO.tickMs / 1000} s (seed ${DEMO.seed}); portfolios are valued every ${DEMO.snapshotInterval}.`,
      'In another terminal: npm run demo -- fund <email> <amount>   |   npm run demo -- allocate <email> <group>=<percent>...',
      'Ctrl+C stops it (the next start begins afresh).',
      '',
    ].join('\n'),
  );
}

const [command, ...rest] = process.argv.slice(2);
// A command's own failure (no demo running, an unknown member) is said in one line, not as a stack.
const said = (error: unknown) => fail(error instanceof Error ? error.message : String(error));
switch (command) {
  case undefined:
    await start();
    break;
  case 'fund':
    await fundCommand(rest).catch(said);
    break;
  case 'allocate':
    await allocateCommand(rest).catch(said);
    break;
  default:
    fail(`unknown command ${command}: run it with nothing, fund <email> <amount> or allocate <email> <group>=<percent>...`);
}
