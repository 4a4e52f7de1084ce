import { z } from 'zod';
import { eip55Address } from './checksum.js';

/** A contract address in its EIP-55 checksummed form: a typo in a committed registry fails its test. */
export const ChecksummedAddress = z.string().refine((text) => eip55Address(text) === text, {
  error: (issue) => {
    const fixed = typeof issue.input === 'string' ? eip55Address(issue.input) : undefined;
    return fixed ? `Expected the EIP-55 form ${fixed}` : 'Expected an EVM address (0x plus 40 hex characters)';
  },
});

/** How the strategy groups name a token (upper case, as `TokenSymbols` stores them). */
const ProductSymbol = z.string().regex(/^[A-Z0-9._-]{1,20}$/, { error: 'Expected an upper-case token symbol of up to 20 characters' });

/** A Chainlink price feed (AggregatorV3Interface proxy) quoting the token in USD. */
export const PriceFeedEntry = z.object({
  /** As Chainlink names the feed, e.g. 'ETH / USD'. */
  pair: z.string().min(1),
  address: ChecksummedAddress,
  /** Longest time between two updates when the price does not move; an older answer is stale. */
  heartbeatSeconds: z.number().int().positive(),
});
export type PriceFeedEntry = z.infer<typeof PriceFeedEntry>;

/** One token a member may hold on the network. */
export const RegistryToken = z.object({
  /** The symbol strategy groups list (e.g. WETH), which may differ from the contract's own. */
  symbol: ProductSymbol,
  /** The symbol the contract reports (e.g. WETH.e for Ethereum's WETH bridged to Avalanche). */
  tokenSymbol: z.string().min(1),
  name: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  address: ChecksummedAddress,
  priceFeed: PriceFeedEntry,
});
export type RegistryToken = z.infer<typeof RegistryToken>;

/** The tokens a network's holdings are read for and priced with. */
export const TokenRegistry = z
  .object({
    chainId: z.number().int().positive(),
    network: z.string().min(1),
    tokens: z.array(RegistryToken).min(1),
    /** Symbols strategy groups list that the registry leaves out, and why. */
    omitted: z.array(z.object({ symbol: ProductSymbol, reason: z.string().min(1) })),
  })
  .superRefine((registry, ctx) => {
    const seen = { symbol: new Set<string>(), address: new Set<string>() };
    registry.tokens.forEach((token, index) => {
      for (const key of ['symbol', 'address'] as const) {
        const value = key === 'address' ? token.address.toLowerCase() : token.symbol;
        if (seen[key].has(value)) ctx.addIssue({ code: 'custom', path: ['tokens', index, key], message: `${token[key]} is listed twice` });
        seen[key].add(value);
      }
    });
    registry.omitted.forEach((entry, index) => {
      if (seen.symbol.has(entry.symbol)) {
        ctx.addIssue({ code: 'custom', path: ['omitted', index, 'symbol'], message: `${entry.symbol} is both listed and omitted` });
      }
    });
  });
export type TokenRegistry = z.infer<typeof TokenRegistry>;
