import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { toMicroText, type DepositNotCredited, type Network } from '@concierge/contracts';
import { DepositRecipientError } from '@concierge/domain/money/deposits/recipient';
import { depositIdFor, recordDeposit } from '@concierge/domain/money/deposits/record-deposit';
import { recordHeldDeposit } from '@concierge/domain/money/deposits/record-held-deposit';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { SCANNER } from '@concierge/domain/money/deposits/scan-checkpoint';
import type { DetectedTransfer } from './scan.js';

/**
 * Credits a detected transfer through domain's deposit use case (reservation by hash and
 * log index, the member's plan fee, approved members only), as the system actor. Crediting the
 * same log again credits nothing, which is what makes re-scanning a range after a crash harmless.
 *
 * A transfer to the address of an account that is no longer an approved member is not credited
 * and not dropped either: it is recorded as `DepositNotCredited` in `heldDeposit-<depositId>` and
 * logged, and its hash stays unclaimed, so an admin can record it with POST /deposits once the
 * account is an approved member again.
 */
export function creditDetectedDeposit(deps: AggregateDeps, network: Network, logger?: Logger): (transfer: DetectedTransfer) => Promise<void> {
  return async (transfer) => {
    const ctx: CommandContext = {
      actor: SCANNER,
      correlationId: `deposit-${transfer.transactionHash}-${transfer.logIndex}`,
      causationId: randomUUID(),
      now: new Date(),
    };
    const chain = { network, blockNumber: transfer.blockNumber, logIndex: transfer.logIndex, fromAddress: transfer.from, toAddress: transfer.to };
    try {
      await recordDeposit(
        deps,
        { source: 'chain', userId: transfer.userId, transactionHash: transfer.transactionHash, amountMicro: transfer.value, timestamp: transfer.timestamp, ...chain },
        ctx,
      );
    } catch (error) {
      if (!(error instanceof DepositRecipientError)) throw error;
      const data: DepositNotCredited = {
        depositId: depositIdFor({ transactionHash: transfer.transactionHash, logIndex: transfer.logIndex }),
        userId: transfer.userId,
        transactionHash: transfer.transactionHash.toLowerCase(),
        amountMicro: toMicroText(transfer.value),
        timestamp: transfer.timestamp,
        ...chain,
        reason: 'recipient_not_member',
        accountStatus: error.accountStatus,
        accountRole: error.accountRole,
        detectedAt: ctx.now.toISOString(),
      };
      if (await recordHeldDeposit(deps, data, ctx)) {
        logger?.warn(data, 'deposit to an account that is not an approved member was not credited; an admin can record it once the account is approved');
      }
    }
  };
}
