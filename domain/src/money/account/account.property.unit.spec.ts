import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError, ConflictError } from '@concierge/platform/errors';
import { evolveAccount, initialAccountState, type AccountEvent, type AccountState } from './account.js';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { accountAggregate } from './decide.js';
import { commandFor, op, percentText } from './arbitraries.js';
import { recordDeposit, replay, requestWithdrawal } from './testing.js';

const spec = DeciderSpecification.for(accountAggregate);

const USDC = 1_000_000n;

/** Reference fee: amount * hundredths / 10000, a remainder of at least half rounding up. */
function referenceFee(amount: bigint, hundredths: bigint): bigint {
  const product = amount * hundredths;
  const quotient = product / 10_000n;
  return 2n * (product % 10_000n) >= 10_000n ? quotient + 1n : quotient;
}

/** The withdrawal status each lifecycle event leads to; settlement events change none. */
const STATUS_AFTER: Readonly<Record<string, string>> = {
  WithdrawalApproved: 'approved',
  WithdrawalRejected: 'rejected',
  WithdrawalCancelled: 'cancelled',
  WithdrawalCompleted: 'completed',
};

/** Recomputes the money from the event list alone, checking each fee against the reference. */
function checkInvariants(events: readonly AccountEvent[], state: AccountState, feePercent: ReadonlyMap<string, number>): void {
  let credited = 0n;
  const withdrawals = new Map<string, { amount: bigint; status: string }>();
  for (const event of events) {
    if (event.type === 'DepositRecorded' || event.type === 'DepositDetected') {
      const depositAmount = BigInt(event.data.amountMicro);
      const fee = BigInt(event.data.feeMicro);
      const hundredths = feePercent.get(event.data.depositId) ?? -1;
      expect(event.data.feePercentageAtDeposit).toBe(percentText(hundredths));
      expect(fee).toBe(referenceFee(depositAmount, BigInt(hundredths)));
      expect(fee <= depositAmount).toBe(true);
      credited += depositAmount - fee;
    } else if (event.type === 'WithdrawalRequested') {
      withdrawals.set(event.data.withdrawalId, { amount: BigInt(event.data.amountMicro), status: 'pending' });
    } else {
      const status = STATUS_AFTER[event.type];
      const known = withdrawals.get(event.data.withdrawalId);
      if (status !== undefined && known) known.status = status;
    }
  }
  const sum = (statuses: string[]) => [...withdrawals.values()].filter((w) => statuses.includes(w.status)).reduce((t, w) => t + w.amount, 0n);
  const stateReserved = [...state.withdrawals.values()]
    .filter((w) => w.status === 'pending' || w.status === 'approved')
    .reduce((t, w) => t + w.amountMicro, 0n);
  expect(state.availableMicro >= 0n).toBe(true);
  expect(state.reservedMicro).toBe(sum(['pending', 'approved']));
  expect(state.reservedMicro).toBe(stateReserved);
  expect(state.balanceMicro).toBe(credited - sum(['completed']));
  expect(state.availableMicro).toBe(state.balanceMicro - state.reservedMicro);
  expect(replay(events)).toEqual(state);
}

describe('the account balance under any sequence of commands', () => {
  it('never overdraws, keeps reserved and balance equal to the events, charges exact fees and replays without drift', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 60, size: 'max' }), (steps) => {
        let state = initialAccountState;
        const events: AccountEvent[] = [];
        const withdrawalIds: string[] = [];
        const feePercent = new Map<string, number>();
        steps.forEach((step, index) => {
          if (step.kind === 'deposit') feePercent.set(`d-${index}`, step.hundredths);
          let decided: AccountEvent[];
          try {
            // Every event decided must pass its contract, as an append would require.
            decided = spec.given(events).when(commandFor(step, index, withdrawalIds, state)).events;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return;
          }
          for (const event of decided) {
            if (event.type === 'WithdrawalRequested') withdrawalIds.push(event.data.withdrawalId);
            if (event.type === 'WithdrawalCompleted') {
              // Never paid twice: completion agrees with any signed payout still in flight.
              const inFlight = state.withdrawals.get(event.data.withdrawalId)?.signedAttempt;
              expect(inFlight === null || inFlight?.transactionHash === event.data.transactionHash).toBe(true);
            }
            state = evolveAccount(state, event);
            events.push(event);
          }
          checkInvariants(events, state, feePercent);
        });
      }),
      // A time cap so that shrinking a failure cannot hang the suite; a normal run takes about 2 s.
      { numRuns: 500, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true },
    );
  });

  it('with 100 USDC available, accepts ten 10 USDC withdrawals and refuses the eleventh', () => {
    let history = spec.givenCommands(recordDeposit('d-1', 100n * USDC));
    for (let i = 1; i <= 10; i += 1) {
      const request = history.when(requestWithdrawal(`w-${i}`, 10n * USDC));
      expect(request.events).toHaveLength(1);
      history = spec.given(request.history);
    }
    expect(history.state).toMatchObject({ balanceMicro: 100n * USDC, reservedMicro: 100n * USDC, availableMicro: 0n });
    history.when(requestWithdrawal('w-11', 10n * USDC)).thenThrows(ConflictError, 'Insufficient available balance: you can withdraw up to 0 USDC.');
  });
});
