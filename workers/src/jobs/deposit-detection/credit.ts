import { randomUUID } from 'node:crypto';
import { recordDeposit } from '@concierge/command-api/money/deposits/record-deposit';
import type { CommandContext } from '@concierge/command-api/shared/command-context';
import type { Network } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { DetectedTransfer } from './scan.js';
import { SCANNER } from './scan-checkpoint.js';

/**
 * Credits a detected transfer through the command API's deposit rules (reservation by hash and
 * log index, the member's plan fee), as the system actor. Crediting the same log again credits
 * nothing, which is what makes re-scanning a range after a crash harmless.
 */
export function creditDetectedDeposit(eventStore: EventStore, network: Network): (transfer: DetectedTransfer) => Promise<void> {
  return async (transfer) => {
    const ctx: CommandContext = {
      actor: SCANNER,
      correlationId: `deposit-${transfer.transactionHash}-${transfer.logIndex}`,
      causationId: randomUUID(),
      now: new Date(),
    };
    await recordDeposit(
      { eventStore },
      {
        source: 'chain',
        userId: transfer.userId,
        transactionHash: transfer.transactionHash,
        amountMicro: transfer.value,
        timestamp: transfer.timestamp,
        network,
        blockNumber: transfer.blockNumber,
        logIndex: transfer.logIndex,
        fromAddress: transfer.from,
        toAddress: transfer.to,
      },
      ctx,
    );
  };
}
