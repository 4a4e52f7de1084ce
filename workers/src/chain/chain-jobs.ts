import type { Logger } from 'pino';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { AggregateStates } from '@concierge/domain/shared/aggregate-states';
import type { WorkersConfig } from '../config.js';
import type { WorkerObserver } from '../metrics/jobs.js';
import { creditDetectedDeposit } from '../jobs/deposit-detection/credit.js';
import { depositAddressIndex } from '../jobs/deposit-detection/deposit-addresses.js';
import { depositDetectionProcessor } from '../jobs/deposit-detection/processor.js';
import { settlementProcessor } from '../jobs/settlement/processor.js';
import { startQueue } from '../jobs/start-queue.js';
import {
  DEPOSIT_DETECTION_QUEUE,
  DEPOSIT_SCAN_JOB_OPTIONS,
  DEPOSIT_SCAN_SCHEDULER,
  SCAN_DEPOSITS,
  SETTLEMENT_QUEUE,
} from '../money/queues.js';
import type { Reactor } from '../reactors/reactor.js';
import { settlementPayoutsReactor } from '../reactors/settlement-payouts.js';
import { chainSettings, settlementMaxFeeWei } from './config.js';
import { hotWallet } from './hot-wallet.js';
import { chainProvider } from './provider.js';

export interface ChainJobs {
  /** Reactors to run on the projections queue (the payout trigger in on-chain mode). */
  readonly reactors: readonly Reactor[];
  close(): Promise<void>;
}

/**
 * Starts deposit detection (when CHAIN_RPC_URL is set) and on-chain settlement (when
 * SETTLEMENT_MODE=onchain; the config guarantees the chain, token and key are then set).
 */
export async function startChainJobs(deps: { config: WorkersConfig; eventStore: EventStore; aggregateStates?: AggregateStates; logger: Logger; observe?: WorkerObserver }): Promise<ChainJobs> {
  const { config, eventStore, aggregateStates, logger } = deps;
  const chain = chainSettings(config);
  if (!chain) {
    logger.info({ settlement: config.SETTLEMENT_MODE }, 'deposit detection off: CHAIN_RPC_URL is not set');
    return { reactors: [], close: async () => {} };
  }
  const provider = chainProvider(chain.rpcUrl, chain.chainId);
  const queues = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, logger, observe: deps.observe };
  const closers: (() => Promise<void>)[] = [];
  const reactors: Reactor[] = [];

  const scanDeps = {
    eventStore,
    provider,
    chain,
    addresses: depositAddressIndex(eventStore),
    credit: creditDetectedDeposit({ eventStore, aggregateStates }, chain.network, logger),
    maxBlockRange: config.DEPOSIT_SCAN_MAX_BLOCK_RANGE,
    startBlock: config.DEPOSIT_SCAN_START_BLOCK,
    logger,
  };
  const scan = startQueue({
    ...queues,
    name: DEPOSIT_DETECTION_QUEUE,
    processor: () => depositDetectionProcessor(scanDeps),
    // One scan at a time: two would only append clashing checkpoints.
    worker: { concurrency: 1 },
    failedMessage: 'deposit scan failed; the next one resumes',
  });
  await scan.queue.upsertJobScheduler(DEPOSIT_SCAN_SCHEDULER, { every: config.DEPOSIT_SCAN_INTERVAL_MS }, { name: SCAN_DEPOSITS, opts: DEPOSIT_SCAN_JOB_OPTIONS });
  closers.push(scan.close);

  if (config.SETTLEMENT_MODE === 'onchain' && config.HOT_WALLET_PRIVATE_KEY) {
    const wallet = hotWallet(config.HOT_WALLET_PRIVATE_KEY);
    const settlementDeps = {
      eventStore,
      aggregateStates,
      provider,
      wallet,
      chain,
      confirmationTimeoutMs: config.SETTLEMENT_CONFIRMATION_TIMEOUT_MS,
      maxFeePerGas: settlementMaxFeeWei(config),
      logger,
    };
    const settlement = startQueue({
      ...queues,
      name: SETTLEMENT_QUEUE,
      processor: () => settlementProcessor(settlementDeps),
      // Concurrency 1: payouts take the hot wallet's nonces in turn instead of racing for one.
      worker: { concurrency: 1 },
      failedMessage: 'withdrawal payout failed',
      logFailedData: true,
    });
    reactors.push(settlementPayoutsReactor({ settlementQueue: settlement.queue, logger }));
    closers.push(settlement.close);
    logger.info({ hotWallet: wallet.address, network: chain.network }, 'on-chain settlement on');
  }
  logger.info({ chainId: chain.chainId, token: chain.tokenAddress, confirmations: chain.confirmations }, 'deposit detection on');

  return {
    reactors,
    async close() {
      for (const close of closers) await close();
      provider.destroy();
    },
  };
}
