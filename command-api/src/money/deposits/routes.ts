import type { RequestHandler } from 'express';
import { depositRoutes, feePercentageToNumber, microToNumber, type DepositAddedResponse } from '@concierge/contracts';
import { formatPosition } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { recordDeposit, type DepositDeps, type RecordedDeposit } from '@concierge/domain/money/deposits/record-deposit';
import { callerContext } from '../../identity/request-context.js';

export const DEPOSIT_ADDED_MESSAGE = 'Deposit added successfully!';

export interface DepositRouteDeps extends DepositDeps {
  readonly now: () => Date;
}

/** The new deposit as the admin list shows it, so the SPA can put it at the top without a reload. */
function depositAdded(deposit: RecordedDeposit): DepositAddedResponse {
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
    position: deposit.position ? formatPosition(deposit.position) : null,
  };
}

/** POST /deposits (admin): credits a member once per transaction hash, net of their plan's fee. */
export function addDepositHandler(deps: DepositRouteDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, depositRoutes.addDeposit);
    const ctx = callerContext(req, res, deps.now);
    const deposit = await recordDeposit(
      deps,
      { source: 'admin', userId: body.userId, transactionHash: body.transactionHash, amountMicro: body.amountUSD, timestamp: body.timestamp },
      ctx,
    );
    res.json(depositAdded(deposit));
  };
}
