// The demo's past: the development chain starts `days` back and is walked forward an hour at a
// time (one block an hour carrying that hour's price moves), the member's money arrives and is
// allocated on the way, and every hour is valued at its own block by the same domain use case the
// snapshot jobs run. The charts, figures and activity are then alive on first open.
import { randomUUID } from 'node:crypto';
import { parseUnits } from 'ethers';
import type { TokenRegistry } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { AggregateStates } from '@concierge/domain/shared/aggregate-states';
import { recordPortfolioSnapshots } from '@concierge/domain/portfolio/snapshot/record-snapshots';
import { chainSnapshotSources } from '@concierge/workers/jobs/portfolio-snapshots/sources';
import { fund, simulatedSwap, type DemoChain, type SwapLeg } from './chain.js';
import { HOURLY_WALK, type Market } from './market.js';
import type { DemoState } from './settings.js';

const HOUR_MS = 3_600_000;
const USDC_DECIMALS = 6;
/** Generous fees for the local chain: every price move is sent without asking the node for fee data. */
const FEES = { gasLimit: 100_000n, maxFeePerGas: 100n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n };

/** What happens to the member on the way, at an hour counted from the start of the history. */
export type HistoryStep =
  | { readonly atHour: number; readonly kind: 'fund'; readonly usdc: string }
  | { readonly atHour: number; readonly kind: 'allocate'; readonly percents: Readonly<Record<string, number>> };

/** The demo member's story: funded and allocated before the first valuation, more money on day 10, the Others group entering on day 18. */
export const DEMO_STORY: readonly HistoryStep[] = [
  { atHour: 0, kind: 'fund', usdc: '10000' },
  { atHour: 0, kind: 'allocate', percents: { stablecoins: 30, largeCaps: 50 } },
  { atHour: 10 * 24, kind: 'fund', usdc: '2500' },
  { atHour: 18 * 24, kind: 'allocate', percents: { others: 40 } },
];

export interface HistoryOptions {
  readonly chain: DemoChain;
  readonly state: DemoState;
  readonly registry: TokenRegistry;
  readonly market: Market;
  readonly eventStore: EventStore;
  /** The states the valuations fold the member's portfolio stream with. */
  readonly aggregateStates?: AggregateStates | undefined;
  readonly member: { readonly userId: string; readonly address: string };
  /** The strategy groups' token symbols by group name (as `allocate` reads them). */
  readonly groups: ReadonlyMap<string, readonly string[]>;
  /** The first valuation's hour (the chain's genesis is a little before it). */
  readonly startMs: number;
  readonly story: readonly HistoryStep[];
  readonly onProgress?: (hour: number, hours: number) => void;
}

/** The first hour to value: `days` before the current hour. */
export const historyStart = (days: number, nowMs = Date.now()): number => (Math.floor(nowMs / HOUR_MS) - days * 24) * HOUR_MS;

/**
 * Walks the chain from `startMs` to the current hour, valuing the member at every hour's block, and
 * finally stamps a block with the present time, from which the chain keeps the wall clock's time.
 * Returns how many hours were valued.
 */
export async function buildHistory(options: HistoryOptions): Promise<number> {
  const { chain, member, startMs } = options;
  const provider = chain.provider;
  const hours = Math.floor((Date.now() - startMs) / HOUR_MS);
  const sources = chainSnapshotSources({ provider, registry: options.registry, multicallAddress: options.state.multicallAddress });
  const deps = {
    eventStore: options.eventStore,
    aggregateStates: options.aggregateStates,
    sources: sources.sources,
    chainId: sources.chainId,
    tokenName: sources.tokenName,
  };
  const context = () => ({ actor: { type: 'system' as const, reason: 'npm run demo: history' }, correlationId: `demo-history-${startMs}`, causationId: randomUUID(), now: new Date() });
  for (let hour = 0; hour <= hours; hour += 1) {
    // The story's steps of this hour land in the blocks before the hour's valuation.
    for (const step of options.story.filter((s) => s.atHour === hour)) await storyStep(options, step);
    const at = startMs + hour * HOUR_MS;
    await provider.send('evm_setAutomine', [false]);
    try {
      await movePrices(chain, options.market);
      await provider.send('evm_mine', [Math.floor(at / 1000)]);
    } finally {
      await provider.send('evm_setAutomine', [true]);
    }
    const blockNumber = await provider.getBlockNumber();
    const pin = { blockNumber, timestamp: Math.floor(at / 1000) };
    const [outcome] = await recordPortfolioSnapshots(deps, { pin, targets: [{ ...member, slot: new Date(at).toISOString(), reason: 'schedule', requestId: null }], context });
    if (outcome?.kind === 'failed') throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    options.onProgress?.(hour, hours);
  }
  // From here the chain's blocks carry the wall clock's time again.
  await provider.send('evm_mine', [Math.floor(Date.now() / 1000)]);
  return hours + 1;
}

/** One block's worth of price moves: every feed one step of the walk, sent without waiting (automine is off). */
async function movePrices(chain: DemoChain, market: Market): Promise<void> {
  let nonce = await chain.provider.getTransactionCount(chain.deployerAddress, 'pending');
  const sent = [];
  for (const [symbol, answer] of market.step(HOURLY_WALK)) {
    sent.push(chain.feed(symbol).getFunction('updateAnswer')(answer, { ...FEES, nonce }));
    nonce += 1;
  }
  await Promise.all(sent);
}

async function storyStep(options: HistoryOptions, step: HistoryStep): Promise<void> {
  const { chain, member } = options;
  if (step.kind === 'fund') {
    await fund(chain, member.address, parseUnits(step.usdc, USDC_DECIMALS));
    return;
  }
  const held = (await chain.token('USDC').getFunction('balanceOf')(member.address)) as bigint;
  const legs: SwapLeg[] = Object.entries(step.percents).flatMap(([group, percent]) => {
    const symbols = (options.groups.get(group) ?? []).filter((symbol) => options.state.tokens[symbol]);
    return symbols.map((symbol) => ({ symbol, usdc: (held * BigInt(percent)) / 100n / BigInt(symbols.length) }));
  });
  await simulatedSwap(chain, options.state, member.address, legs);
}
