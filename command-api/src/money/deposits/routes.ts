import { feePercentageToNumber, microToNumber, type DepositAddedResponse } from '@concierge/contracts';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import { recordDeposit, type DepositDeps, type RecordedDeposit } from '@concierge/domain/money/deposits/record-deposit';

export const DEPOSIT_ADDED_MESSAGE = 'Deposit added successfully!';

/** The new deposit as the admin list shows it, so the SPA can put it at the top without a reload. */
function depositAdded(deposit: RecordedDeposit): WithStorePosition<DepositAddedResponse> {
  const { user } = deposit;
  const amount = microToNumber(deposit.amountMicro);
  return {
    _id: deposit.depositId,
    id: deposit.depositId,
    userId: { _id: user.userId, firstName: user.firstName, lastName: user.lastName, email: user.email },
    amount,
    amountUSD: amount,
    asset: 'USDC',
    status: 'completed',
    source: 'admin',
    timestamp: deposit.timestamp,
    createdAt: deposit.recordedAt,
    feePercentageAtDeposit: feePercentageToNumber(deposit.feePercentage),
    calculatedFeeUSD: microToNumber(deposit.feeMicro),
    transactionHash: deposit.transactionHash,
    message: DEPOSIT_ADDED_MESSAGE,
    position: deposit.position,
  };
}

/** POST /deposits (admin): credits a member once per transaction hash, net of their plan's fee. */
export function depositHandlers(deps: DepositDeps) {
  return {
    'deposits.add': async ({ body, context }) => {
      const { userId, transactionHash, amountUSD, timestamp } = body;
      return depositAdded(await recordDeposit(deps, { source: 'admin', userId, transactionHash, amountMicro: amountUSD, timestamp }, context));
    },
  } satisfies SomeHandlers<'command'>;
}
