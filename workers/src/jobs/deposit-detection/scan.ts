import { zeroPadValue, type JsonRpcProvider } from 'ethers';
import type { Logger } from 'pino';
import { AppError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { advanceScanCheckpoint, chainScanStreamId, readScanCheckpoint } from '@concierge/domain/money/deposits/scan-checkpoint';
import type { ChainSettings } from '../../chain/config.js';
import { decodeTransfer, TRANSFER_TOPIC, type TokenTransfer } from '../../chain/erc20.js';
import type { DepositAddressIndex } from './deposit-addresses.js';

/** A USDC transfer to a member's deposit address, in a confirmed block. */
export interface DetectedTransfer extends TokenTransfer {
  readonly userId: string;
  /** The block's time (ISO-8601): when the deposit happened. */
  readonly timestamp: string;
}

export interface DepositScanDeps {
  readonly eventStore: EventStore;
  readonly provider: JsonRpcProvider;
  readonly chain: ChainSettings;
  readonly addresses: DepositAddressIndex;
  /** Credits one transfer; must be idempotent by transaction hash and log index (a crash re-scans a range). */
  readonly credit: (transfer: DetectedTransfer) => Promise<void>;
  /** Most blocks per getLogs call. */
  readonly maxBlockRange: number;
  /** First block to scan when none was scanned yet; without it the first scan starts at the head minus the confirmations. */
  readonly startBlock: number | undefined;
  /** Ranges per run, so one run stays short while catching up; the schedule brings the next. */
  readonly maxRangesPerRun?: number;
  readonly logger: Logger;
  readonly now?: () => Date;
}

export interface ScanResult {
  /** Inclusive block range scanned by this run; null when there was nothing new and confirmed. */
  readonly fromBlock: number | null;
  readonly toBlock: number | null;
  readonly transfers: number;
}

/** Recipient topics per getLogs call: RPC nodes cap the size of a filter. */
const ADDRESSES_PER_FILTER = 100;

/**
 * One scan: credits the transfers to member addresses in the confirmed blocks after the last
 * scanned one, range by range, and records each range as scanned only after crediting all of it.
 * A crash between the two re-scans that range next time, which credits nothing twice.
 */
export async function scanDeposits(deps: DepositScanDeps): Promise<ScanResult> {
  const { chain, provider, eventStore } = deps;
  const now = deps.now ?? (() => new Date());
  const latest = await provider.getBlockNumber();
  // A block has one confirmation when it is the latest; `confirmations` deep means at most this one.
  const confirmedHead = latest - chain.confirmations + 1;
  // Read after the chain head: every address handed out before a confirmed transfer is now known.
  await deps.addresses.refresh();

  const streamId = chainScanStreamId(chain.chainId, chain.tokenAddress);
  let { nextBlock, revision } = await readScanCheckpoint(eventStore, streamId);
  let from = Math.max(nextBlock ?? firstBlock(deps, latest), deps.startBlock ?? 0);
  let firstScanned: number | null = null;
  let lastScanned: number | null = null;
  let transfers = 0;
  for (let range = 0; range < (deps.maxRangesPerRun ?? 50) && from <= confirmedHead; range += 1) {
    const to = Math.min(from + deps.maxBlockRange - 1, confirmedHead);
    const found = await transfersToMembers(deps, from, to);
    for (const transfer of found) await creditOnce(deps, transfer);
    revision = await advanceScanCheckpoint(eventStore, streamId, revision, {
      chainId: chain.chainId,
      tokenAddress: chain.tokenAddress,
      fromBlock: from,
      toBlock: to,
      transfers: found.length,
      scannedAt: now().toISOString(),
    });
    firstScanned ??= from;
    lastScanned = to;
    transfers += found.length;
    from = to + 1;
  }
  if (transfers > 0) deps.logger.info({ fromBlock: firstScanned, toBlock: lastScanned, transfers }, 'deposits detected');
  return { fromBlock: firstScanned, toBlock: lastScanned, transfers };
}

/**
 * Where a scan with no checkpoint begins: the configured block, or else the head minus the
 * confirmations, so a new deployment on a real chain does not walk millions of blocks from 0.
 * Its first range is then the newest confirmed block(s), and the checkpoint keeps it from there.
 */
function firstBlock(deps: DepositScanDeps, latest: number): number {
  if (deps.startBlock !== undefined) return deps.startBlock;
  const start = Math.max(0, latest - deps.chain.confirmations);
  deps.logger.info(
    { startBlock: start, head: latest, confirmations: deps.chain.confirmations },
    'first deposit scan: no checkpoint and no DEPOSIT_SCAN_START_BLOCK, so scanning starts at the chain head minus the confirmations; set DEPOSIT_SCAN_START_BLOCK to scan earlier blocks',
  );
  return start;
}

/** The token's transfers to known deposit addresses in `from`..`to`, in chain order, with owner and block time. */
async function transfersToMembers(deps: DepositScanDeps, from: number, to: number): Promise<DetectedTransfer[]> {
  const addresses = deps.addresses.addresses();
  const found: TokenTransfer[] = [];
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_FILTER) {
    const recipients = addresses.slice(i, i + ADDRESSES_PER_FILTER).map((address) => zeroPadValue(address, 32));
    const logs = await deps.provider.getLogs({
      address: deps.chain.tokenAddress,
      topics: [TRANSFER_TOPIC, null, recipients],
      fromBlock: from,
      toBlock: to,
    });
    for (const log of logs) {
      // A removed log belongs to a block that left the chain; only confirmed blocks are asked for, but be strict.
      if (log.removed) continue;
      const transfer = decodeTransfer(log);
      if (transfer) found.push(transfer);
    }
  }
  found.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);

  const blockTimes = new Map<number, string>();
  const detected: DetectedTransfer[] = [];
  for (const transfer of found) {
    const userId = deps.addresses.ownerOf(transfer.to);
    if (!userId) continue;
    let timestamp = blockTimes.get(transfer.blockNumber);
    if (!timestamp) {
      const block = await deps.provider.getBlock(transfer.blockNumber);
      if (!block) throw new Error(`Block ${transfer.blockNumber} of a confirmed transfer is not available from the RPC`);
      timestamp = new Date(block.timestamp * 1000).toISOString();
      blockTimes.set(transfer.blockNumber, timestamp);
    }
    detected.push({ ...transfer, userId, timestamp });
  }
  return detected;
}

/**
 * A transfer the domain refuses (below the minimum deposit, a hash already credited otherwise) is
 * logged for an admin and passed over: one odd transfer must not stop every later deposit. Any
 * other failure (database, RPC) stops the run before the range is marked scanned, so it is retried.
 */
async function creditOnce(deps: DepositScanDeps, transfer: DetectedTransfer): Promise<void> {
  try {
    await deps.credit(transfer);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    deps.logger.error(
      { err: error, userId: transfer.userId, transactionHash: transfer.transactionHash, logIndex: transfer.logIndex, value: transfer.value.toString() },
      'detected deposit not credited; an admin should look at it',
    );
  }
}
