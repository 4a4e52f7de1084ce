import { getAddress, JsonRpcProvider, Network, toBeHex, zeroPadValue, type Contract } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenRegistry } from '@concierge/contracts';
import type { HoldingsMember } from '@concierge/domain/portfolio/sources/ports';
import { valueMicro } from '@concierge/domain/portfolio/sources/value';
import { startLocalEvm, type LocalEvm } from '../testing/local-evm.js';
import { deployLocalMarket, type LocalMarket } from '../testing/local-market.js';
import { chainSources } from './chain-sources.js';

type JsonRpcPayloads = Parameters<JsonRpcProvider['_send']>[0];

/** A provider that counts every JSON-RPC request it sends, by method. */
class CountingProvider extends JsonRpcProvider {
  readonly sent: string[] = [];

  constructor(rpcUrl: string, chainId: number) {
    const network = Network.from(chainId);
    super(rpcUrl, network, { staticNetwork: network, cacheTimeout: -1, batchMaxCount: 1, pollingInterval: 20 });
  }

  override async _send(payload: JsonRpcPayloads) {
    for (const request of Array.isArray(payload) ? payload : [payload]) this.sent.push(request.method);
    return super._send(payload);
  }

  /** Requests sent while `work` ran. */
  async count<T>(work: () => Promise<T>): Promise<{ result: T; requests: string[] }> {
    const from = this.sent.length;
    const result = await work();
    return { result, requests: this.sent.slice(from) };
  }
}

/** Distinct member addresses without deriving keys (balances are only looked up by address). */
const memberAddress = (index: number) => getAddress(zeroPadValue(toBeHex(0x10_000 + index), 20));
const membersOf = (count: number): HoldingsMember[] => Array.from({ length: count }, (_, index) => ({ userId: `member-${index}`, address: memberAddress(index) }));

async function send(call: Promise<unknown>): Promise<void> {
  const sent = (await call) as { wait(): Promise<unknown> };
  await sent.wait();
}

const token = (market: LocalMarket, symbol: string): Contract => {
  const found = market.tokens.get(symbol);
  if (!found) throw new Error(`no local ${symbol}`);
  return found;
};
const feed = (market: LocalMarket, symbol: string): Contract => {
  const found = market.feeds.get(symbol);
  if (!found) throw new Error(`no local ${symbol} feed`);
  return found;
};
const balanceOf = (round: { holdings: ReadonlyMap<string, readonly { symbol: string; balance: bigint }[]> }, userId: string, symbol: string) =>
  round.holdings.get(userId)?.find((holding) => holding.symbol === symbol)?.balance;

describe('holdings and prices read from the chain at one block', () => {
  let evm: LocalEvm;
  let provider: CountingProvider;

  beforeAll(async () => {
    evm = await startLocalEvm();
    provider = new CountingProvider(evm.rpcUrl, evm.chainId);
  });

  afterAll(async () => {
    provider?.destroy();
    await evm?.stop();
  });

  const sourcesFor = (market: LocalMarket, registry: TokenRegistry = market.registry, membersPerCall?: number) =>
    chainSources({ provider, registry, multicallAddress: market.multicallAddress, ...(membersPerCall ? { membersPerCall } : {}) });

  it('reads 6-, 18- and 8-decimal balances of several members as of the pinned block, not a later transfer', async () => {
    const market = await deployLocalMarket(evm);
    const [alice, bob, carol] = membersOf(3);
    if (!alice?.address || !bob?.address || !carol) throw new Error('three members');
    await send(token(market, 'USDC').getFunction('mint')(alice.address, 1_250_500_000n)); // 1,250.5 USDC
    await send(token(market, 'WETH').getFunction('mint')(alice.address, 2n * 10n ** 18n + 1n)); // 2 WETH + 1 wei
    await send(token(market, 'WBTC').getFunction('mint')(bob.address, 12_345_678n)); // 0.12345678 WBTC
    const sources = sourcesFor(market);
    const pin = await sources.pins.pin();

    // Lands in a later block: the pinned read must not see it.
    await send(token(market, 'USDC').getFunction('mint')(bob.address, 999_000_000n));
    await send(token(market, 'WETH').getFunction('burn')(alice.address, 10n ** 18n));
    expect(await evm.provider.getBlockNumber()).toBeGreaterThan(pin.blockNumber ?? Infinity);

    const round = await sources.holdings.balances([alice, bob, { userId: 'no-wallet-yet', address: null }], pin);
    expect(round.failures).toEqual([]);
    expect(round.pin).toEqual(pin);
    expect(balanceOf(round, alice.userId, 'USDC')).toBe(1_250_500_000n);
    expect(balanceOf(round, alice.userId, 'WETH')).toBe(2n * 10n ** 18n + 1n);
    expect(balanceOf(round, bob.userId, 'WBTC')).toBe(12_345_678n);
    expect(balanceOf(round, bob.userId, 'USDC')).toBe(0n);
    expect(round.holdings.get(alice.userId)?.map((holding) => [holding.symbol, holding.decimals])).toEqual(
      market.registry.tokens.map((entry) => [entry.symbol, entry.decimals]),
    );
    expect(round.holdings.get('no-wallet-yet')).toEqual([]);

    const later = await sources.holdings.balances([alice, bob], await sources.pins.pin());
    expect(balanceOf(later, alice.userId, 'WETH')).toBe(10n ** 18n + 1n);
    expect(balanceOf(later, bob.userId, 'USDC')).toBe(999_000_000n);
  });

  it('prices every token at the pinned block as an exact 8-decimal answer, fresh within its heartbeat', async () => {
    const market = await deployLocalMarket(evm);
    const sources = sourcesFor(market);
    const pin = await sources.pins.pin();
    await send(feed(market, 'WETH').getFunction('updateAnswer')(3_123_456_789_01n)); // after the pin

    const round = await sources.prices.prices(pin);
    expect(round.failures).toEqual([]);
    expect([...round.prices.keys()]).toEqual(market.registry.tokens.map((entry) => entry.symbol));
    const weth = round.prices.get('WETH');
    expect(weth).toMatchObject({ answer: 3_000n * 10n ** 8n, decimals: 8, stale: false });
    expect(weth?.updatedAt).toBeLessThanOrEqual(pin.timestamp);
    expect(round.prices.get('WBTC')).toMatchObject({ answer: 60_000n * 10n ** 8n, decimals: 8, stale: false });

    // 0.12345678 WBTC at $60,000 is $7,407.4068 exactly.
    const wbtc = round.prices.get('WBTC');
    if (!wbtc) throw new Error('no WBTC price');
    expect(valueMicro(12_345_678n, 8, wbtc.answer, wbtc.decimals)).toBe(7_407_406_800n);

    const after = await sources.prices.prices(await sources.pins.pin());
    expect(after.prices.get('WETH')?.answer).toBe(3_123_456_789_01n);
  });

  it('flags a price older than its feed heartbeat at the pinned block as stale', async () => {
    const market = await deployLocalMarket(evm, { heartbeatSeconds: 3_600 });
    const sources = sourcesFor(market);
    await evm.increaseTime(3_600);
    const atHeartbeat = await sources.prices.prices(await sources.pins.pin());
    // The mined block may be a second past the clock we set; only what is past the heartbeat is stale.
    const ages = [...atHeartbeat.prices.values()].map((price) => atHeartbeat.pin.timestamp - price.updatedAt);
    atHeartbeat.prices.forEach((price) => expect(price.stale).toBe(atHeartbeat.pin.timestamp - price.updatedAt > 3_600));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(3_600);

    await evm.increaseTime(2);
    await send(feed(market, 'WETH').getFunction('updateAnswer')(3_100n * 10n ** 8n));
    const pin = await sources.pins.pin();
    const round = await sources.prices.prices(pin);
    expect(round.prices.get('WETH')).toMatchObject({ answer: 3_100n * 10n ** 8n, stale: false });
    for (const symbol of ['USDC', 'WBTC', 'WAVAX', 'AAVE']) expect(round.prices.get(symbol)?.stale).toBe(true);
  });

  it('takes one RPC call per 100 members for balances (the goal is one per 50) and one for all prices', async () => {
    const market = await deployLocalMarket(evm);
    const members = membersOf(120);
    const last = members[119];
    if (!last?.address) throw new Error('120 members');
    await send(token(market, 'DAI').getFunction('mint')(last.address, 5n * 10n ** 18n));
    const sources = sourcesFor(market);
    const pin = await sources.pins.pin();

    const balances = await provider.count(() => sources.holdings.balances(members, pin));
    expect(balances.requests).toEqual(['eth_call', 'eth_call']); // ceil(120 / DEFAULT_MEMBERS_PER_CALL)
    expect(balances.result.holdings.size).toBe(120);
    expect(balanceOf(balances.result, last.userId, 'DAI')).toBe(5n * 10n ** 18n);

    const prices = await provider.count(() => sources.prices.prices(pin));
    expect(prices.requests).toEqual(['eth_call']);
    expect(prices.result.prices.size).toBe(market.registry.tokens.length);

    const smallerBatches = await provider.count(() => sourcesFor(market, market.registry, 25).holdings.balances(members, pin));
    expect(smallerBatches.requests).toHaveLength(5); // ceil(120 / 25)
    expect(balanceOf(smallerBatches.result, last.userId, 'DAI')).toBe(5n * 10n ** 18n);
  });

  it('goes on past a token or feed that fails and reports which one, for whom', async () => {
    const market = await deployLocalMarket(evm);
    const [alice, bob] = membersOf(2);
    if (!alice?.address || !bob) throw new Error('two members');
    await send(token(market, 'LINK').getFunction('mint')(alice.address, 7n * 10n ** 18n));
    const [first, ...rest] = market.registry.tokens;
    if (!first) throw new Error('an empty local registry');
    const feedAddress = await feed(market, 'UNI').getAddress();
    const tokenAddress = await token(market, 'UNI').getAddress();
    // A "token" that has no balanceOf (a feed) and a "feed" that has no latestRoundData (a token).
    const broken: TokenRegistry = {
      ...market.registry,
      tokens: [
        { ...first, symbol: 'NOTATOKEN', address: feedAddress },
        { ...first, symbol: 'NOFEED', address: tokenAddress, priceFeed: { ...first.priceFeed, address: tokenAddress } },
        ...rest,
      ],
    };
    const sources = sourcesFor(market, broken);
    const pin = await sources.pins.pin();

    const holdings = await sources.holdings.balances([alice, bob], pin);
    expect(holdings.failures).toEqual([{ symbol: 'NOTATOKEN', contract: feedAddress, reason: 'balanceOf reverted', userIds: [alice.userId, bob.userId] }]);
    expect(balanceOf(holdings, alice.userId, 'LINK')).toBe(7n * 10n ** 18n);
    expect(holdings.holdings.get(alice.userId)?.map((holding) => holding.symbol)).not.toContain('NOTATOKEN');

    const prices = await sources.prices.prices(pin);
    // The token answers decimals() (it is an ERC-20) but has no latestRoundData().
    expect(prices.failures).toEqual([{ symbol: 'NOFEED', contract: tokenAddress, reason: 'latestRoundData() reverted', userIds: [] }]);
    expect(prices.prices.has('NOFEED')).toBe(false);
    expect(prices.prices.get('LINK')?.answer).toBe(15n * 10n ** 8n);
  });
});
