import { readFileSync } from 'node:fs';
import type { Provider } from 'ethers';
import type { Logger } from 'pino';
import { registryForChain, TokenRegistryFile, type TokenRegistry } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { ledgerSourcesOf, ledgerTokenName } from '@concierge/domain/portfolio/snapshot/ledger';
import type { PortfolioSources, PriceRound, ReadPin } from '@concierge/domain/portfolio/sources/ports';
import type { AggregateDeps, AggregateStates } from '@concierge/domain/shared/aggregate-states';
import { MULTICALL3_ADDRESS } from '../../chain/portfolio/abis.js';
import { chainSources } from '../../chain/portfolio/chain-sources.js';
import { chainProvider } from '../../chain/provider.js';
import type { WorkersConfig } from '../../config.js';

/** What the snapshot jobs read with: the sources, and pins shared by every batch of a round. */
export interface SnapshotSources {
  readonly sources: PortfolioSources;
  readonly chainId: number | null;
  readonly tokenName: (symbol: string) => string;
  /** Pins the head (the chain's latest block, or the clock) and remembers it for `pinAt`. */
  pinNow(): Promise<ReadPin>;
  /** The pin of a block a round pinned: from memory when this process pinned it, else one block read. */
  pinAt(blockNumber: number): Promise<ReadPin>;
  close(): void;
}

/** Blocks whose pin and prices a process keeps: a round reads one; a few cover overlapping rounds and retries. */
const REMEMBERED_BLOCKS = 8;

/** A small insertion-ordered memo of promises, the oldest dropped first; a failed one is forgotten. */
function memo<T>(limit: number): (key: number, load: () => Promise<T>) => Promise<T> {
  const entries = new Map<number, Promise<T>>();
  return (key, load) => {
    const known = entries.get(key);
    if (known) return known;
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => entries.delete(key));
    if (entries.size > limit) entries.delete(entries.keys().next().value as number);
    return loading;
  };
}

/**
 * Chain sources for the snapshot jobs. Every batch of a round reads its members' balances (one
 * eth_call per 50 members); the block's pin and the round's prices are read once per process and
 * block, so a round costs one call per 50 members plus one price read (and one block read in a
 * process that did not pin the round itself).
 */
export function chainSnapshotSources(options: { provider: Provider; registry: TokenRegistry; multicallAddress: string }): SnapshotSources {
  const inner = chainSources(options);
  const pins = memo<ReadPin>(REMEMBERED_BLOCKS);
  const priceRounds = memo<PriceRound>(REMEMBERED_BLOCKS);
  const names = new Map(options.registry.tokens.map((token) => [token.symbol, token.name]));
  const blockPin = async (blockNumber: number): Promise<ReadPin> => {
    const block = await options.provider.getBlock(blockNumber);
    if (!block) throw new Error(`The chain RPC has no block ${blockNumber}`);
    return { blockNumber: block.number, timestamp: block.timestamp };
  };
  return {
    chainId: options.registry.chainId,
    tokenName: (symbol) => names.get(symbol) ?? symbol,
    sources: {
      ...inner,
      prices: {
        kind: 'chain',
        prices: (pin) => (pin.blockNumber === null ? inner.prices.prices(pin) : priceRounds(pin.blockNumber, () => inner.prices.prices(pin))),
      },
    },
    async pinNow() {
      const pin = await inner.pins.pin();
      if (pin.blockNumber !== null) void pins(pin.blockNumber, () => Promise.resolve(pin));
      return pin;
    },
    pinAt: (blockNumber) => pins(blockNumber, () => blockPin(blockNumber)),
    close: () => {},
  };
}

/** Ledger sources: the member's credited USDC at 1; no block, the clock pins. */
export function ledgerSnapshotSources(deps: AggregateDeps): SnapshotSources {
  const sources = ledgerSourcesOf(deps);
  return {
    sources,
    chainId: null,
    tokenName: ledgerTokenName,
    pinNow: () => sources.pins.pin(),
    pinAt: () => sources.pins.pin(),
    close: () => {},
  };
}

/** Reads TOKEN_REGISTRY_FILE; its registry must be CHAIN_ID's. */
export function readRegistryFile(path: string, chainId: number): TokenRegistryFile {
  const file = TokenRegistryFile.parse(JSON.parse(readFileSync(path, 'utf8')));
  if (file.registry.chainId !== chainId) throw new Error(`TOKEN_REGISTRY_FILE ${path} describes chain ${file.registry.chainId}, not CHAIN_ID ${chainId}`);
  return file;
}

/**
 * `chain` when CHAIN_RPC_URL is set and CHAIN_ID has a committed registry (or one is given, or
 * TOKEN_REGISTRY_FILE holds one, as the development chain's is), else `ledger`: `npm start` with
 * nothing configured values credited USDC.
 */
export function snapshotSourcesFrom(
  deps: { config: WorkersConfig; eventStore: EventStore; aggregateStates?: AggregateStates | undefined; logger: Logger },
  chain?: { registry: TokenRegistry; multicallAddress: string },
): SnapshotSources {
  const { config, eventStore, aggregateStates, logger } = deps;
  if (!config.CHAIN_RPC_URL) return ledgerSnapshotSources({ eventStore, aggregateStates });
  let registry = chain?.registry;
  let multicallAddress = chain?.multicallAddress;
  if (!registry) {
    try {
      registry = registryForChain(config.CHAIN_ID);
    } catch (error) {
      if (!config.TOKEN_REGISTRY_FILE) {
        logger.warn({ err: error }, 'portfolio snapshots value credited USDC (ledger): no token registry for CHAIN_ID');
        return ledgerSnapshotSources({ eventStore, aggregateStates });
      }
      ({ registry, multicallAddress } = readRegistryFile(config.TOKEN_REGISTRY_FILE, config.CHAIN_ID));
    }
  }
  const provider = chainProvider(config.CHAIN_RPC_URL, config.CHAIN_ID);
  const sources = chainSnapshotSources({ provider, registry, multicallAddress: multicallAddress ?? MULTICALL3_ADDRESS });
  return { ...sources, close: () => provider.destroy() };
}
