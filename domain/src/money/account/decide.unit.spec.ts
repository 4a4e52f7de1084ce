import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { AccountEvent } from './account.js';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { accountAggregate, WITHDRAWAL_NOT_FOUND_MESSAGE, type AccountCommand } from './decide.js';
import { ADDRESS, NOW, USER_ID, approve, cancel, complete, recordDeposit, reject, replay, requestWithdrawal, txHash } from './testing.js';

const USDC = 1_000_000n;
const spec = DeciderSpecification.for(accountAggregate);

const funded = spec.given().after(recordDeposit('d-1', 100n * USDC)).events;
const pending = spec.given(funded).after(requestWithdrawal('w-1', 30n * USDC)).events;
const approved = spec.given(pending).after(approve('w-1')).events;
const rejected = spec.given(pending).after(reject('w-1')).events;
const cancelled = spec.given(pending).after(cancel('w-1')).events;
const completed = spec.given(approved).after(complete('w-1')).events;
const signed: AccountEvent = {
  type: 'WithdrawalSettlementSigned',
  data: {
    withdrawalId: 'w-1',
    userId: USER_ID,
    network: 'Avalanche',
    fromAddress: ADDRESS,
    toAddress: ADDRESS,
    amountMicro: '30000000',
    nonce: 7,
    transactionHash: txHash(5),
    signedTransaction: '0xabcdef',
    signedAt: NOW,
  },
};
const failed: AccountEvent = {
  type: 'WithdrawalSettlementFailed',
  data: { withdrawalId: 'w-1', userId: USER_ID, transactionHash: txHash(5), reason: 'out of gas', retryable: false, failedAt: NOW },
};
const totals = (events: AccountEvent[]) => {
  const { balanceMicro, reservedMicro, availableMicro } = replay(events);
  return { balanceMicro, reservedMicro, availableMicro };
};

describe('recording a deposit', () => {
  it('credits the amount net of the exact fee at the plan percentage', () => {
    const events = spec.given().when(recordDeposit('d-1', 200n * USDC, '2.5')).events;
    expect(events).toEqual([
      {
        type: 'DepositRecorded',
        data: expect.objectContaining({ depositId: 'd-1', amountMicro: '200000000', feePercentageAtDeposit: '2.5', feeMicro: '5000000', recordedAt: NOW }),
      },
    ]);
    expect(totals(events)).toEqual({ balanceMicro: 195n * USDC, reservedMicro: 0n, availableMicro: 195n * USDC });
  });

  it('rounds the fee half-up to the micro-USDC', () => {
    const fee = (amount: bigint, pct: string) => spec.given().when(recordDeposit('d', amount, pct)).events[0]?.data;
    expect(fee(10_001n, '50')).toMatchObject({ feeMicro: '5001' }); // 5000.5 rounds up
    expect(fee(10_001n, '49.99')).toMatchObject({ feeMicro: '4999' }); // 4999.4999 rounds down
    expect(fee(14_999n, '0.01')).toMatchObject({ feeMicro: '1' }); // 1.4999 rounds down
    expect(fee(15_000n, '0.01')).toMatchObject({ feeMicro: '2' }); // 1.5 rounds up
    expect(fee(12_345n, '100')).toMatchObject({ feeMicro: '12345' });
  });

  it('records a deposit the chain job detected with its on-chain details', () => {
    const command: AccountCommand = {
      type: 'RecordDetectedDeposit',
      data: {
        ...recordDeposit('d-9', 5n * USDC, '1').data,
        network: 'Avalanche',
        blockNumber: 42,
        logIndex: 3,
        fromAddress: ADDRESS,
        toAddress: ADDRESS,
      },
      metadata: { actor: { type: 'system' }, now: NOW, correlationId: 'c', commandId: 'k' },
    };
    const events = spec.given().when(command).events;
    expect(events).toEqual([{ type: 'DepositDetected', data: expect.objectContaining({ blockNumber: 42, feeMicro: '50000', detectedAt: NOW }) }]);
    expect(replay(events).availableMicro).toBe(4_950_000n);
  });

  it('refuses a deposit under 0.01 USDC', () => {
    spec.given().when(recordDeposit('d-1', 9_999n)).thenThrows(ValidationError, 'Amount must be at least 0.01 USDC');
  });

  it('changes nothing when the same deposit is recorded again, and refuses the id with other details', () => {
    spec.given(funded).when(recordDeposit('d-1', 100n * USDC)).thenNothingHappens();
    spec.given(funded).when(recordDeposit('d-1', 101n * USDC)).thenThrows(ConflictError, 'This deposit was already recorded with different details.');
  });
});

describe('requesting a withdrawal', () => {
  it('reserves the amount out of the available balance', () => {
    expect(pending.at(-1)).toMatchObject({ type: 'WithdrawalRequested', data: { withdrawalId: 'w-1', amountMicro: '30000000', requestedAt: NOW } });
    expect(totals(pending)).toEqual({ balanceMicro: 100n * USDC, reservedMicro: 30n * USDC, availableMicro: 70n * USDC });
  });

  it('allows exactly the available balance and refuses more with the amount the member can take', () => {
    const deposit = spec.given().after(recordDeposit('d-1', 12_500_000n)).events;
    expect(spec.given(deposit).when(requestWithdrawal('w-1', 12_500_000n)).events).toHaveLength(1);
    spec.given(deposit).when(requestWithdrawal('w-1', 12_500_001n)).thenThrows(ConflictError, 'Insufficient available balance: you can withdraw up to 12.5 USDC.');
    spec.given().when(requestWithdrawal('w-1', USDC)).thenThrows(ConflictError, 'Insufficient available balance: you can withdraw up to 0 USDC.');
  });

  it('refuses less than 0.01 USDC with the exact product message', () => {
    spec.given(funded).when(requestWithdrawal('w-1', 9_999n)).thenThrows(ValidationError, 'Please enter a valid amount (minimum 0.01 USDC)');
  });

  it('changes nothing when the same request is submitted twice, and refuses the id with other details', () => {
    spec.given(pending).when(requestWithdrawal('w-1', 30n * USDC)).thenNothingHappens();
    spec.given(pending).when(requestWithdrawal('w-1', 31n * USDC)).thenThrows(ConflictError, 'This withdrawal was already requested with different details.');
  });
});

describe('approving a withdrawal', () => {
  it('approves a pending withdrawal and keeps it reserved; approving again changes nothing', () => {
    expect(approved.at(-1)).toEqual({ type: 'WithdrawalApproved', data: { withdrawalId: 'w-1', userId: USER_ID, approvedAt: NOW } });
    expect(totals(approved)).toEqual({ balanceMicro: 100n * USDC, reservedMicro: 30n * USDC, availableMicro: 70n * USDC });
    spec.given(approved).when(approve('w-1')).thenNothingHappens();
  });

  it('refuses a withdrawal that is no longer pending, or that does not exist', () => {
    spec.given(completed).when(approve('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be approved; this one is completed.');
    spec.given(rejected).when(approve('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be approved; this one is rejected.');
    spec.given(cancelled).when(approve('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be approved; this one is cancelled.');
    spec.given(funded).when(approve('w-404')).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });
});

describe('rejecting a withdrawal', () => {
  it('rejects a pending withdrawal with its reason and releases the reservation', () => {
    expect(rejected.at(-1)).toMatchObject({ type: 'WithdrawalRejected', data: { reason: 'Address not verified', rejectedAt: NOW } });
    expect(totals(rejected)).toEqual({ balanceMicro: 100n * USDC, reservedMicro: 0n, availableMicro: 100n * USDC });
  });

  it('changes nothing when rejected again with the same reason, and refuses a different reason', () => {
    spec.given(rejected).when(reject('w-1')).thenNothingHappens();
    spec.given(rejected).when(reject('w-1', 'Other')).thenThrows(ConflictError, 'This withdrawal was already rejected with a different reason.');
  });

  it('needs a non-blank reason', () => {
    spec.given(pending).when(reject('w-1', '   ')).thenThrows(ValidationError, 'Rejection reason is required');
  });

  it('refuses an approved, completed or cancelled withdrawal, or one that does not exist', () => {
    spec.given(approved).when(reject('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be rejected; this one is approved.');
    spec.given(completed).when(reject('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be rejected; this one is completed.');
    spec.given(cancelled).when(reject('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be rejected; this one is cancelled.');
    spec.given(funded).when(reject('w-404')).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });
});

describe('cancelling a withdrawal', () => {
  it('lets the member cancel while pending, releasing the reservation; cancelling again changes nothing', () => {
    expect(cancelled.at(-1)).toEqual({ type: 'WithdrawalCancelled', data: { withdrawalId: 'w-1', userId: USER_ID, reason: null, cancelledAt: NOW } });
    expect(totals(cancelled)).toEqual({ balanceMicro: 100n * USDC, reservedMicro: 0n, availableMicro: 100n * USDC });
    spec.given(cancelled).when(cancel('w-1')).thenNothingHappens();
  });

  it('does not let the member cancel once approved, but lets an admin', () => {
    spec.given(approved).when(cancel('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be cancelled; this one is approved.');
    expect(totals(spec.given(approved).after(cancel('w-1', 'admin')).events)).toMatchObject({ reservedMicro: 0n, availableMicro: 100n * USDC });
  });

  it('refuses while a signed payout is in flight, and allows it once the payout failed', () => {
    spec.given([...approved, signed]).when(cancel('w-1', 'admin')).thenThrows(ConflictError, 'This withdrawal is being paid out; it can only be cancelled if the payout fails.');
    expect(spec.given([...approved, signed, failed]).when(cancel('w-1', 'admin')).events).toHaveLength(1);
  });

  it('refuses a completed or rejected withdrawal, or one that does not exist', () => {
    spec.given(completed).when(cancel('w-1', 'admin')).thenThrows(ConflictError, 'Only a pending or approved withdrawal can be cancelled; this one is completed.');
    spec.given(rejected).when(cancel('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be cancelled; this one is rejected.');
    spec.given(funded).when(cancel('w-404')).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });
});

describe('completing a withdrawal', () => {
  it('pays out an approved withdrawal: the amount leaves the balance and the reservation', () => {
    expect(completed.at(-1)).toEqual({
      type: 'WithdrawalCompleted',
      data: { withdrawalId: 'w-1', userId: USER_ID, transactionHash: txHash(99), settlement: 'manual', completedAt: NOW },
    });
    expect(totals(completed)).toEqual({ balanceMicro: 70n * USDC, reservedMicro: 0n, availableMicro: 70n * USDC });
  });

  it('changes nothing when completed again with the same hash, and refuses a different hash', () => {
    spec.given(completed).when(complete('w-1')).thenNothingHappens();
    spec.given(completed).when(complete('w-1', 100)).thenThrows(ConflictError, 'This withdrawal was already completed with a different transaction hash.');
  });

  it('needs a non-blank transaction hash', () => {
    const command = complete('w-1');
    const blank: AccountCommand = { ...command, data: { ...command.data, transactionHash: ' ' } };
    spec.given(approved).when(blank).thenThrows(ValidationError, 'Transaction hash is required');
  });

  it('refuses a withdrawal that is not approved, or that does not exist', () => {
    spec.given(pending).when(complete('w-1')).thenThrows(ConflictError, 'Only an approved withdrawal can be completed; this one is pending.');
    spec.given(rejected).when(complete('w-1')).thenThrows(ConflictError, 'Only an approved withdrawal can be completed; this one is rejected.');
    spec.given(cancelled).when(complete('w-1')).thenThrows(ConflictError, 'Only an approved withdrawal can be completed; this one is cancelled.');
    spec.given(funded).when(complete('w-404')).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });
});

describe('approving and completing a withdrawal in one decision (the admin enters the payout hash)', () => {
  const approveAndComplete = (hash = 99): AccountCommand => ({ ...complete('w-1', hash), type: 'ApproveAndCompleteWithdrawal' });

  it('decides both events at once for a pending withdrawal, the same ones as approving then completing', () => {
    spec.given(pending).when(approveAndComplete()).then([...spec.given(pending).when(approve('w-1')).events, ...spec.given(approved).when(complete('w-1')).events]);
    expect(totals(spec.given(pending).after(approveAndComplete()).events)).toEqual(totals(completed));
  });

  it('only completes an approved withdrawal, and changes nothing nor refuses anything differently from the two steps', () => {
    spec.given(approved).when(approveAndComplete()).then(spec.given(approved).when(complete('w-1')).events);
    spec.given(completed).when(approveAndComplete()).thenThrows(ConflictError, 'Only a pending withdrawal can be approved; this one is completed.');
    spec.given(rejected).when(approveAndComplete()).thenThrows(ConflictError, 'Only a pending withdrawal can be approved; this one is rejected.');
    spec.given(funded).when(approveAndComplete()).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });

  it('is refused as a whole when the completion is: nothing is approved on its own', () => {
    const blank: AccountCommand = { ...complete('w-1'), type: 'ApproveAndCompleteWithdrawal', data: { ...complete('w-1').data, transactionHash: ' ' } };
    spec.given(pending).when(blank).thenThrows(ValidationError, 'Transaction hash is required');
  });
});
