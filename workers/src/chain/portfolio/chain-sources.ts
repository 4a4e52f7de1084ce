import { getAddress, type Provider } from 'ethers';
import type { RegistryToken, TokenRegistry } from '@concierge/contracts';
import type {
  HoldingsMember,
  HoldingsRound,
  PortfolioSources,
  PriceRound,
  ReadPin,
  TokenBalance,
  TokenPrice,
  TokenReadFailure,
} from '@concierge/domain/portfolio/sources/ports';
import { isStale } from '@concierge/domain/portfolio/sources/value';
import { aggregatorV3Interface, balanceOfInterface } from './abis.js';
import { aggregate3, type Call3, type Call3Result } from './multicall.js';

export interface ChainSourcesOptions {
  readonly provider: Provider;
  readonly registry: TokenRegistry;
  /** Multicall3's address on the chain (MULTICALL3_ADDRESS on public chains). */
  readonly multicallAddress: string;
  /** Members per balance call: one eth_call reads every token for this many members. */
  readonly membersPerCall?: number;
  /** Balance calls in flight at once (2 by default: a remote node works while we decode). */
  readonly concurrency?: number;
}

/**
 * 100 members of the nine-token registry are 900 balanceOf calls in one eth_call, about 5M gas:
 * a tenth of the 50M that nodes cap an eth_call at by default (geth's and avalanchego's RPC gas cap).
 */
export const DEFAULT_MEMBERS_PER_CALL = 100;
const DEFAULT_CONCURRENCY = 2;

/**
 * Holdings and prices read from the chain: ERC-20 balances and Chainlink feeds through Multicall3's
 * aggregate3, every call of a round pinned to one block. Balances take one eth_call per
 * `membersPerCall` members; prices one eth_call for the whole registry. A round must read soon
 * after its pin: a node without archive state answers calls at recent blocks only.
 */
export function chainSources(options: ChainSourcesOptions): PortfolioSources {
  const { provider, registry } = options;
  const multicall = getAddress(options.multicallAddress);
  const membersPerCall = positiveInteger('membersPerCall', options.membersPerCall ?? DEFAULT_MEMBERS_PER_CALL);
  const concurrency = positiveInteger('concurrency', options.concurrency ?? DEFAULT_CONCURRENCY);

  return {
    kind: 'chain',
    pins: {
      kind: 'chain',
      async pin(): Promise<ReadPin> {
        const block = await provider.getBlock('latest');
        if (!block) throw new Error('The chain RPC returned no latest block');
        return { blockNumber: block.number, timestamp: block.timestamp };
      },
    },
    holdings: {
      kind: 'chain',
      async balances(members, pin): Promise<HoldingsRound> {
        const blockTag = pinnedBlock(pin);
        const withAddress = members.filter((member): member is HoldingsMember & { address: string } => member.address !== null);
        const holdings = new Map<string, readonly TokenBalance[]>(
          members.filter((member) => member.address === null).map((member) => [member.userId, []]),
        );
        const failed = new Map<string, { token: RegistryToken; reason: string; userIds: string[] }>();

        const batches = chunk(withAddress, membersPerCall);
        await inParallel(batches, concurrency, async (batch) => {
          const calls: Call3[] = batch.flatMap((member) =>
            registry.tokens.map((token) => ({ target: token.address, callData: balanceOfCalldata(member.address) })),
          );
          const results = await aggregate3(provider, multicall, calls, blockTag);
          batch.forEach((member, memberIndex) => {
            const balances: TokenBalance[] = [];
            registry.tokens.forEach((token, tokenIndex) => {
              const decoded = decodeUint(results[memberIndex * registry.tokens.length + tokenIndex]);
              if (typeof decoded === 'bigint') {
                balances.push({ symbol: token.symbol, decimals: token.decimals, balance: decoded });
                return;
              }
              const failure = failed.get(token.symbol) ?? { token, reason: decoded.reason, userIds: [] };
              failure.userIds.push(member.userId);
              failed.set(token.symbol, failure);
            });
            holdings.set(member.userId, balances);
          });
        });

        const failures: TokenReadFailure[] = [...failed.values()].map(({ token, reason, userIds }) => ({
          symbol: token.symbol,
          contract: token.address,
          reason: `balanceOf ${reason}`,
          userIds,
        }));
        return { pin, holdings, failures };
      },
    },
    prices: {
      kind: 'chain',
      async prices(pin): Promise<PriceRound> {
        const blockTag = pinnedBlock(pin);
        const calls: Call3[] = registry.tokens.flatMap((token) => [
          { target: token.priceFeed.address, callData: aggregatorV3Interface.encodeFunctionData('decimals') },
          { target: token.priceFeed.address, callData: aggregatorV3Interface.encodeFunctionData('latestRoundData') },
        ]);
        const results = await aggregate3(provider, multicall, calls, blockTag);
        const prices = new Map<string, TokenPrice>();
        const failures: TokenReadFailure[] = [];
        registry.tokens.forEach((token, index) => {
          const read = decodePrice(results[2 * index], results[2 * index + 1]);
          if ('reason' in read) {
            failures.push({ symbol: token.symbol, contract: token.priceFeed.address, reason: read.reason, userIds: [] });
            return;
          }
          const stale = isStale(read.updatedAt, token.priceFeed.heartbeatSeconds, pin.timestamp);
          prices.set(token.symbol, { symbol: token.symbol, ...read, stale });
        });
        return { pin, prices, failures };
      },
    },
  };
}

interface Problem {
  readonly reason: string;
}

function decodeUint(result: Call3Result | undefined): bigint | Problem {
  if (!result?.success) return { reason: 'reverted' };
  // A call to an address without code "succeeds" with no data: that is no token.
  if (result.returnData.length !== 66) return { reason: `returned ${(result.returnData.length - 2) / 2} bytes, not one uint256` };
  return BigInt(result.returnData);
}

function decodePrice(decimalsResult: Call3Result | undefined, roundResult: Call3Result | undefined): Omit<TokenPrice, 'symbol' | 'stale'> | Problem {
  if (!decimalsResult?.success) return { reason: 'decimals() reverted' };
  if (!roundResult?.success) return { reason: 'latestRoundData() reverted' };
  let decimals: unknown;
  let round: unknown[];
  try {
    [decimals] = aggregatorV3Interface.decodeFunctionResult('decimals', decimalsResult.returnData);
    round = [...aggregatorV3Interface.decodeFunctionResult('latestRoundData', roundResult.returnData)];
  } catch {
    return { reason: 'the feed answered data that is not an AggregatorV3Interface answer' };
  }
  const [, answer, , updatedAt] = round;
  if (typeof decimals !== 'bigint' || typeof answer !== 'bigint' || typeof updatedAt !== 'bigint') {
    return { reason: 'the feed answered data that is not an AggregatorV3Interface answer' };
  }
  if (answer <= 0n) return { reason: `the feed answered ${answer}, not a positive price` };
  if (updatedAt === 0n) return { reason: 'the feed has no completed round' };
  return { answer, decimals: Number(decimals), updatedAt: Number(updatedAt) };
}

const BALANCE_OF_SELECTOR = balanceOfInterface.getFunction('balanceOf')?.selector ?? '';
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** balanceOf(owner) calldata, built directly: a round builds one per member and token. */
function balanceOfCalldata(owner: string): string {
  if (!HEX_ADDRESS.test(owner)) throw new Error(`Member address ${owner} is not an EVM address`);
  return `${BALANCE_OF_SELECTOR}${owner.slice(2).toLowerCase().padStart(64, '0')}`;
}

function pinnedBlock(pin: ReadPin): number {
  if (pin.blockNumber === null) throw new Error('A chain source reads at a block: pin the round with its chain pin source');
  return pin.blockNumber;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number of at least 1, not ${value}`);
  return value;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Runs `work` over the items with at most `limit` at once; the first failure rejects. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
