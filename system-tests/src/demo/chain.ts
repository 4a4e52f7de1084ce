// The demo's transactions on the development chain, as its deployer (wallet 0 of the local
// mnemonic, the only account that mints, burns and sets prices): funding a member, the simulated
// swap of an allocation, and price moves.
import { Contract, formatUnits, HDNodeWallet, type JsonRpcProvider } from 'ethers';
import { LOCAL_MNEMONIC, localProvider } from '@concierge/workers/chain/testing/local-evm';
import type { DemoState } from './settings.js';

const TOKEN_ABI = [
  'function mint(address to, uint256 value)',
  'function burn(address from, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
];
const FEED_ABI = ['function updateAnswer(int256 answer)', 'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'];

export interface DemoChain {
  readonly provider: JsonRpcProvider;
  readonly deployerAddress: string;
  token(symbol: string): Contract;
  feed(symbol: string): Contract;
  /** Runs `send` (one transaction) and waits for it; retried when another demo process took the nonce. */
  transact(send: () => Promise<{ wait(): Promise<unknown> }>): Promise<void>;
  close(): void;
}

export function demoChain(state: DemoState): DemoChain {
  const provider = localProvider(state.rpcUrl, state.chainId);
  const deployer = HDNodeWallet.fromPhrase(LOCAL_MNEMONIC, undefined, "m/44'/60'/0'/0/0").connect(provider);
  const entry = (symbol: string) => {
    const found = state.tokens[symbol];
    if (!found) throw new Error(`The development chain has no ${symbol}`);
    return found;
  };
  return {
    provider,
    deployerAddress: deployer.address,
    token: (symbol) => new Contract(entry(symbol).address, TOKEN_ABI, deployer),
    feed: (symbol) => new Contract(entry(symbol).feed, FEED_ABI, deployer),
    async transact(send) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await (await send()).wait();
          return;
        } catch (error) {
          // The demo's simulator signs with the same account in another process: a nonce taken between
          // our read and our send is simply tried again.
          if (attempt >= 5 || !/nonce/i.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    },
    close: () => provider.destroy(),
  };
}

/** Sends `amount` USDC (base units) to `to` from the deployer, as a deposit from an exchange would arrive. */
export async function fund(chain: DemoChain, to: string, amount: bigint): Promise<void> {
  const usdc = chain.token('USDC');
  await chain.transact(() => usdc.getFunction('mint')(chain.deployerAddress, amount));
  await chain.transact(() => usdc.getFunction('transfer')(to, amount));
}

/** The feed's latest answer (8 decimals). */
export async function priceOf(chain: DemoChain, symbol: string): Promise<bigint> {
  const [, answer] = (await chain.feed(symbol).getFunction('latestRoundData')()) as [bigint, bigint];
  return answer;
}

/** One leg of a simulated swap: USDC (base units) into `symbol` at the feed's price. */
export interface SwapLeg {
  readonly symbol: string;
  readonly usdc: bigint;
}

/** Converts the legs' USDC into their tokens at current prices: burns the USDC, mints the tokens. Returns what was minted. */
export async function simulatedSwap(
  chain: DemoChain,
  state: DemoState,
  member: string,
  legs: readonly SwapLeg[],
): Promise<{ symbol: string; amount: string; usdc: string }[]> {
  const usdcDecimals = state.tokens.USDC?.decimals ?? 6;
  const usdcPrice = await priceOf(chain, 'USDC');
  const minted: { symbol: string; amount: string; usdc: string }[] = [];
  for (const leg of legs) {
    if (leg.usdc <= 0n || leg.symbol === 'USDC') continue;
    const decimals = state.tokens[leg.symbol]?.decimals ?? 18;
    const price = await priceOf(chain, leg.symbol);
    // tokens = usdc * usdcPrice / price, scaled from USDC's decimals to the token's.
    const amount = (leg.usdc * usdcPrice * 10n ** BigInt(decimals)) / (price * 10n ** BigInt(usdcDecimals));
    const usdc = chain.token('USDC');
    const token = chain.token(leg.symbol);
    await chain.transact(() => usdc.getFunction('burn')(member, leg.usdc));
    await chain.transact(() => token.getFunction('mint')(member, amount));
    minted.push({ symbol: leg.symbol, amount: formatUnits(amount, decimals), usdc: formatUnits(leg.usdc, usdcDecimals) });
  }
  return minted;
}
