// `npm run demo`: the product on a development chain (see README.md, "A development chain").
//   npm run demo                                   start it (a fresh chain and database every time)
//   npm run demo -- fund <email> <amount>          send USDC to a member's deposit address
//   npm run demo -- allocate <email> <group>=<percent>...   a simulated swap of the member's USDC
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatUnits, parseUnits } from 'ethers';
import { Redis } from 'ioredis';
import pg from 'pg';
import { BaseConfig, loadConfig } from '@concierge/platform/config/env';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { argon2idHasher } from '@concierge/command-api/identity/password-hasher';
import { updateUser } from '@concierge/domain/identity/admin/manage-users';
import { registerUser } from '@concierge/domain/identity/registration/register';
import { startServices } from '@concierge/supervisor';
import { startLocalEvm } from '@concierge/workers/chain/testing/local-evm';
import { deployLocalMarket, LOCAL_FEED_DECIMALS, LOCAL_STARTING_PRICES } from '@concierge/workers/chain/testing/local-market';
import { adminToken, healthy, memberByEmail, strategyGroups } from './api.js';
import { demoChain, fund, simulatedSwap, type DemoChain } from './chain.js';
import { nextAnswer, seededRandom } from './random-walk.js';
import { DEMO, gatewayUrl, readState, registryFile, ROOT, writeState, type DemoState } from './settings.js';

const USDC_DECIMALS = 6;

function fail(message: string): never {
  console.error(`npm run demo: ${message}`);
  process.exit(1);
}

/** A fresh demo: its own database dropped, its Redis keys and DATA_DIR removed. */
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
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${DEMO.queuePrefix}*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
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

/** Every feed moves one step of the seeded random walk, one transaction after another. */
function startSimulator(chain: DemoChain, symbols: readonly string[]): { stop(): Promise<void> } {
  const random = seededRandom(DEMO.seed);
  const answers = new Map(symbols.map((symbol) => [symbol, LOCAL_STARTING_PRICES[symbol] ?? 10n ** BigInt(LOCAL_FEED_DECIMALS)]));
  const step = { maxMoveBps: 15, peg: 10n ** BigInt(LOCAL_FEED_DECIMALS), maxPegDeviationBps: 5 };
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    for (const symbol of symbols) {
      const answer = nextAnswer(symbol, answers.get(symbol) ?? step.peg, random, step);
      answers.set(symbol, answer);
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

async function seedMember(env: Record<string, string>): Promise<void> {
  const config = loadConfig(BaseConfig, env);
  await prepareStorage(config);
  const stores = await openStores(config, 2);
  try {
    const ctx = { actor: { type: 'system' as const, reason: 'npm run demo' }, correlationId: 'demo', causationId: 'demo', now: new Date() };
    const hasher = argon2idHasher({ memoryKiB: 19_456, timeCost: 2 });
    const { member } = DEMO;
    const { userId } = await registerUser({ eventStore: stores.eventStore, hasher }, member, ctx);
    await updateUser(stores.eventStore, userId, { status: 'approved', role: 'user', subscriptionPlan: undefined }, ctx);
  } finally {
    await stores.close();
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) fail(`${what} did not happen within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function memberAddress(email: string): Promise<string> {
  const token = await adminToken();
  return until(`the deposit address of ${email}`, 60_000, async () => (await memberByEmail(token, email)).walletAddress ?? undefined);
}

async function start(): Promise<void> {
  await reset();
  build();

  const evm = await startLocalEvm({ port: DEMO.evmPort }).catch((error: unknown) => fail(`the local EVM did not start on port ${DEMO.evmPort}: ${String(error)}`));
  const market = await deployLocalMarket(evm);
  const usdc = market.registry.tokens.find((token) => token.symbol === 'USDC');
  if (!usdc) fail('the local market has no USDC');
  writeFileSync(registryFile(), JSON.stringify({ registry: market.registry, multicallAddress: market.multicallAddress }, null, 2));
  const state: DemoState = {
    rpcUrl: evm.rpcUrl,
    chainId: evm.chainId,
    multicallAddress: market.multicallAddress,
    tokens: Object.fromEntries(
      market.registry.tokens.map((token) => [token.symbol, { address: token.address, decimals: token.decimals, feed: token.priceFeed.address }]),
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
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
  await seedMember(env);

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
  await fund(chain, address, parseUnits(DEMO.startingFunds, USDC_DECIMALS));
  running.simulator = startSimulator(
    chain,
    market.registry.tokens.map((token) => token.symbol),
  );

  console.log(
    [
      '',
      `Concierge demo on a development chain (chainId ${evm.chainId}, JSON-RPC ${evm.rpcUrl}) at ${gatewayUrl()}`,
      `  admin:  ${DEMO.admin.email} / ${DEMO.admin.password}`,
      `  member: ${DEMO.member.email} / ${DEMO.member.password} (deposit address ${address}, sent ${DEMO.startingFunds} USDC)`,
      `Simulated market: every feed moves every ${DEMO.tickMs / 1000} s (seed ${DEMO.seed}); portfolios are valued every ${DEMO.snapshotInterval}.`,
      'In another terminal: npm run demo -- fund <email> <amount>   |   npm run demo -- allocate <email> <group>=<percent>...',
      'Ctrl+C stops it (the next start begins afresh).',
      '',
    ].join('\n'),
  );
}

/** `fund <email> <amount>`: USDC to the member's deposit address; deposit detection credits it. */
async function fundCommand(args: readonly string[]): Promise<void> {
  const [email, amount] = args;
  if (!email || !amount || !/^\d+(\.\d{1,6})?$/.test(amount)) fail('usage: npm run demo -- fund <email> <amount>, e.g. fund member@demo.local 2500');
  const state = readState();
  const address = await memberAddress(email);
  const chain = demoChain(state);
  try {
    await fund(chain, address, parseUnits(amount, USDC_DECIMALS));
  } finally {
    chain.close();
  }
  console.log(`Sent ${amount} USDC to ${email} (${address}) on the development chain; deposit detection credits it in a few seconds.`);
}

/** `allocate <email> <group>=<percent>...`: a simulated swap of that share of the member's USDC into each group's tokens. */
async function allocateCommand(args: readonly string[]): Promise<void> {
  const [email, ...mix] = args;
  const usage = 'usage: npm run demo -- allocate <email> <group>=<percent>..., e.g. allocate member@demo.local largeCaps=50 others=20';
  if (!email || mix.length === 0) fail(usage);
  const groups = await strategyGroups();
  const wanted = mix.map((item) => {
    const match = /^([^=]+)=(\d{1,3}(?:\.\d{1,2})?)$/.exec(item);
    if (!match?.[1] || !match[2]) fail(usage);
    const key = match[1].toLowerCase();
    const group = groups.find((g) => [g.id, g.name, g.displayName].some((name) => name.toLowerCase() === key));
    if (!group) fail(`no strategy group ${match[1]} (there are: ${groups.map((g) => g.name).join(', ')})`);
    return { group, hundredths: BigInt(Math.round(Number(match[2]) * 100)) };
  });
  const total = wanted.reduce((sum, w) => sum + w.hundredths, 0n);
  if (total > 10_000n) fail(`the percentages add up to ${formatUnits(total, 2)}%, more than 100%`);

  const state = readState();
  const address = await memberAddress(email);
  const chain = demoChain(state);
  try {
    const held = (await chain.token('USDC').getFunction('balanceOf')(address)) as bigint;
    if (held === 0n) fail(`${email} holds no USDC on the development chain: fund it first.`);
    const legs = wanted.flatMap(({ group, hundredths }) => {
      const symbols = group.tokenSymbols.filter((symbol) => state.tokens[symbol]);
      return symbols.map((symbol) => ({ symbol, usdc: (held * hundredths) / 10_000n / BigInt(symbols.length) }));
    });
    const minted = await simulatedSwap(chain, state, address, legs);
    console.log(`Simulated swap (development chain) for ${email}, of ${formatUnits(held, USDC_DECIMALS)} USDC held:`);
    for (const leg of minted) console.log(`  ${leg.usdc} USDC -> ${leg.amount} ${leg.symbol}`);
    console.log('The next valuation (at most SNAPSHOT_INTERVAL away, or Refresh on the Portfolio page) shows it.');
  } finally {
    chain.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case undefined:
    await start();
    break;
  case 'fund':
    await fundCommand(rest);
    break;
  case 'allocate':
    await allocateCommand(rest);
    break;
  default:
    fail(`unknown command ${command}: run it with nothing, fund <email> <amount> or allocate <email> <group>=<percent>...`);
}
