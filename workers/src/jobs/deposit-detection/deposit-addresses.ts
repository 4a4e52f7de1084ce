import { DepositAddressAssigned } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { START, type Position } from '@concierge/platform/event-store/position';

/** Who owns which deposit address, as far as the events read so far tell. */
export interface DepositAddressIndex {
  /** Reads every DepositAddressAssigned committed since the last refresh. */
  refresh(): Promise<void>;
  /** The member a deposit address belongs to; any letter case. */
  ownerOf(address: string): string | undefined;
  /** Every known deposit address, lower-case. */
  addresses(): readonly string[];
}

/**
 * Kept from the events rather than read from the `wallets` read model: the scan refreshes it
 * after reading the chain head, so every address assigned before a confirmed transfer is known,
 * whatever the projection's lag (an address the scan did not know would have its deposit skipped
 * for good once the scan advances). The price is one pass over the event store per process
 * start, then only the new events; one entry per member stays small.
 */
export function depositAddressIndex(eventStore: EventStore, batchSize = 2_000): DepositAddressIndex {
  const owners = new Map<string, string>();
  let position: Position = START;
  let queue: Promise<void> = Promise.resolve();

  async function readNewEvents(): Promise<void> {
    for (;;) {
      const batch = await eventStore.readAll({ after: position, maxCount: batchSize });
      for (const event of batch) {
        if (event.type !== 'DepositAddressAssigned') continue;
        const assigned = DepositAddressAssigned.parse(event.data);
        // An address once handed out stays the member's: money sent to it later is still theirs.
        owners.set(assigned.address.toLowerCase(), assigned.userId);
      }
      const last = batch[batch.length - 1];
      if (last) position = last.position;
      if (batch.length < batchSize) return;
    }
  }

  return {
    async refresh() {
      // Overlapping callers read one after the other (never racing on `position`), and each
      // caller's read starts after its call, so it sees everything committed before the call.
      const mine = queue.catch(() => undefined).then(readNewEvents);
      queue = mine;
      await mine;
    },
    ownerOf: (address) => owners.get(address.toLowerCase()),
    addresses: () => [...owners.keys()],
  };
}
