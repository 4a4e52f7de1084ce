// The strategy groups' tokens on the local EVM: a mintable ERC-20 and a Chainlink-style feed per
// token of the default network's registry (same symbols, names and decimals), our Multicall3, and
// the chainId-31337 registry that describes them, built from the deployed addresses at run time.
import type { Contract, HDNodeWallet } from 'ethers';
import { AVALANCHE_REGISTRY, TokenRegistry, type RegistryToken } from '@concierge/contracts';
import type { LocalEvm } from './local-evm.js';

/** Answers of the local feeds carry 8 decimals, as Chainlink's USD pairs do. */
export const LOCAL_FEED_DECIMALS = 8;

/**
 * Where the local market's prices start (USD per token, 8 decimals). Simulated values for a
 * development chain, not quotes: a market simulator moves them from here.
 */
export const LOCAL_STARTING_PRICES: Readonly<Record<string, bigint>> = {
  USDC: 100_000_000n,
  USDT: 100_000_000n,
  DAI: 100_000_000n,
  WETH: 3_000n * 10n ** 8n,
  WBTC: 60_000n * 10n ** 8n,
  WAVAX: 30n * 10n ** 8n,
  LINK: 15n * 10n ** 8n,
  UNI: 8n * 10n ** 8n,
  AAVE: 150n * 10n ** 8n,
};

export interface LocalMarketOptions {
  /** The tokens to deploy; by default every token of the Avalanche C-Chain registry. */
  readonly tokens?: readonly RegistryToken[];
  /** First answer per symbol, 8 decimals; LOCAL_STARTING_PRICES by default. */
  readonly startingPrices?: Readonly<Record<string, bigint>>;
  /** One heartbeat for every local feed; by default each token keeps its real feed's heartbeat. */
  readonly heartbeatSeconds?: number;
  readonly deployer?: HDNodeWallet;
}

export interface LocalMarket {
  /** The chainId-31337 registry of the deployed tokens and feeds. */
  readonly registry: TokenRegistry;
  readonly multicallAddress: string;
  /** Per registry symbol: the token (mint, burn, transfer as the deployer). */
  readonly tokens: ReadonlyMap<string, Contract>;
  /** Per registry symbol: its feed (updateAnswer as the deployer). */
  readonly feeds: ReadonlyMap<string, Contract>;
}

/** Deploys the market one transaction at a time (one deployer nonce) and returns its registry. */
export async function deployLocalMarket(evm: LocalEvm, options: LocalMarketOptions = {}): Promise<LocalMarket> {
  const prices = options.startingPrices ?? LOCAL_STARTING_PRICES;
  const multicall = await evm.deployMulticall3(options.deployer);
  const tokens = new Map<string, Contract>();
  const feeds = new Map<string, Contract>();
  const entries: RegistryToken[] = [];
  for (const real of options.tokens ?? AVALANCHE_REGISTRY.tokens) {
    const answer = prices[real.symbol];
    if (answer === undefined) throw new Error(`No starting price for ${real.symbol}`);
    const token = await evm.deployTestToken({ name: real.name, symbol: real.tokenSymbol, decimals: real.decimals }, options.deployer);
    const feed = await evm.deployMockAggregator({ decimals: LOCAL_FEED_DECIMALS, description: real.priceFeed.pair, answer }, options.deployer);
    tokens.set(real.symbol, token);
    feeds.set(real.symbol, feed);
    entries.push({
      ...real,
      address: await token.getAddress(),
      priceFeed: {
        pair: real.priceFeed.pair,
        address: await feed.getAddress(),
        heartbeatSeconds: options.heartbeatSeconds ?? real.priceFeed.heartbeatSeconds,
      },
    });
  }
  const registry = TokenRegistry.parse({ chainId: evm.chainId, network: 'Local EVM (development chain)', tokens: entries, omitted: [] });
  return { registry, multicallAddress: await multicall.getAddress(), tokens, feeds };
}
