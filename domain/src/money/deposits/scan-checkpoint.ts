import { randomUUID } from 'node:crypto';
import { ChainScanAdvanced, streamName } from '@concierge/contracts';
import { toNewEvents } from '../../shared/command-context.js';
import type { Actor, EventStore, ExpectedRevision } from '@concierge/platform/event-store/port';

/** The actor of everything deposit detection appends. */
export const SCANNER: Actor = { type: 'system', reason: 'deposit-detection' };

/** `chainScan-<chainId>-<token>`: one scan position per chain and token. */
export const chainScanStreamId = (chainId: number, tokenAddress: string) =>
  streamName('chainScan', `${chainId}-${tokenAddress.toLowerCase()}`);

export interface ScanCheckpoint {
  /** The first block not scanned yet; undefined before the first scan. */
  readonly nextBlock: number | undefined;
  /** Where the stream stands, so advancing is a compare-and-set. */
  readonly revision: ExpectedRevision;
}

export async function readScanCheckpoint(eventStore: EventStore, streamId: string): Promise<ScanCheckpoint> {
  const [last] = await eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  if (!last) return { nextBlock: undefined, revision: 'no_stream' };
  const advanced = ChainScanAdvanced.parse(last.data);
  return { nextBlock: advanced.toBlock + 1, revision: last.revision };
}

/**
 * Records that `fromBlock`..`toBlock` were credited. Appended at the revision read before the
 * range was scanned: if another scanner moved it meanwhile, this append fails with
 * WrongExpectedRevisionError and the range is simply scanned again next time (crediting is idempotent).
 */
export async function advanceScanCheckpoint(
  eventStore: EventStore,
  streamId: string,
  revision: ExpectedRevision,
  data: ChainScanAdvanced,
): Promise<ExpectedRevision> {
  const id = randomUUID();
  const ctx = { actor: SCANNER, correlationId: id, causationId: id, now: new Date(data.scannedAt) };
  const result = await eventStore.appendToStream(
    streamId,
    toNewEvents([{ type: 'ChainScanAdvanced', data: { ...data } }], ctx),
    { expectedRevision: revision },
  );
  return result.nextRevision;
}
