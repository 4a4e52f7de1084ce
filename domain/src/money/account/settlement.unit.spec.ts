import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { inFlightAttempts, type AccountEvent } from './account.js';
import {
  COMPLETED_IN_FLIGHT_MESSAGE,
  COMPLETED_WITH_FAILED_MESSAGE,
  NOTHING_TO_RETRY_MESSAGE,
  PAYOUT_HALTED_MESSAGE,
  REPLACEMENT_FEE_MESSAGE,
  REPLACEMENT_NONCE_MESSAGE,
  REPLACEMENT_OUTDATED_MESSAGE,
  decideAccount,
  FAILURE_NEEDS_HASH_MESSAGE,
  NO_SUCH_PAYOUT_MESSAGE,
  OTHER_PAYOUT_SIGNED_MESSAGE,
  PAYOUT_ALREADY_FAILED_MESSAGE,
  PAYOUT_MISMATCH_MESSAGE,
  WITHDRAWAL_NOT_FOUND_MESSAGE,
  type AccountCommand,
} from './decide.js';
import {
  ADDRESS,
  NOW,
  PLATFORM_ADDRESS,
  USER_ID,
  approve,
  assertValidEvents,
  broadcast,
  cancel,
  complete,
  delay,
  fail,
  failForGood,
  recordDeposit,
  reject,
  replace,
  replay,
  requestWithdrawal,
  retry,
  sign,
  txHash,
} from './testing.js';

const USDC = 1_000_000n;
const AMOUNT = 30n * USDC;
const when = (events: AccountEvent[], command: AccountCommand) => {
  const decided = decideAccount(command, replay(events));
  assertValidEvents(decided);
  return decided;
};
const then = (events: AccountEvent[], ...commands: AccountCommand[]) =>
  commands.reduce<AccountEvent[]>((all, command) => [...all, ...when(all, command)], events);
const refuses = (events: AccountEvent[], command: AccountCommand, type: new (...args: never[]) => Error, message: string) => {
  expect(() => when(events, command)).toThrow(type);
  expect(() => when(events, command)).toThrow(message);
};
const withdrawal = (events: AccountEvent[]) => replay(events).withdrawals.get('w-1');

const pending = then([], recordDeposit('d-1', 100n * USDC), requestWithdrawal('w-1', AMOUNT));
const approved = then(pending, approve('w-1'));
const signed = then(approved, sign('w-1', AMOUNT));
const sent = then(signed, broadcast('w-1'));
const failedOnce = then(sent, fail('w-1'));

describe('signing a payout', () => {
  it('records the signed transaction and keeps what a rebroadcast needs', () => {
    expect(signed.at(-1)).toEqual({
      type: 'WithdrawalSettlementSigned',
      data: {
        withdrawalId: 'w-1',
        userId: USER_ID,
        network: 'Avalanche',
        fromAddress: PLATFORM_ADDRESS,
        toAddress: ADDRESS,
        amountMicro: '30000000',
        nonce: 5,
        transactionHash: txHash(5),
        signedTransaction: '0xf80005',
        signedAt: NOW,
      },
    });
    expect(withdrawal(signed)).toMatchObject({
      status: 'approved',
      destination: { address: ADDRESS, network: 'Avalanche' },
      signedAttempt: { transactionHash: txHash(5), nonce: 5, signedTransaction: '0xf80005', broadcast: false },
    });
    expect(replay(signed)).toMatchObject({ reservedMicro: AMOUNT, availableMicro: 70n * USDC });
  });

  it('changes nothing when the same signed transaction is recorded again', () => {
    expect(when(signed, sign('w-1', AMOUNT))).toEqual([]);
    expect(when(sent, sign('w-1', AMOUNT))).toEqual([]);
  });

  it('refuses a second transaction while one is in flight, so the member is never paid twice', () => {
    refuses(signed, sign('w-1', AMOUNT, 6), ConflictError, OTHER_PAYOUT_SIGNED_MESSAGE);
  });

  it('signs only an approved withdrawal', () => {
    refuses(pending, sign('w-1', AMOUNT), ConflictError, 'Only an approved withdrawal can be signed for payout; this one is pending.');
    const rejected = then(pending, reject('w-1'));
    refuses(rejected, sign('w-1', AMOUNT), ConflictError, 'Only an approved withdrawal can be signed for payout; this one is rejected.');
    refuses(pending, sign('w-404', AMOUNT), NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });

  it("refuses a payout of another amount, network or destination than the member's request", () => {
    refuses(approved, sign('w-1', AMOUNT + 1n), ConflictError, PAYOUT_MISMATCH_MESSAGE);
    refuses(approved, sign('w-1', AMOUNT, 5, { network: 'Polygon' }), ConflictError, PAYOUT_MISMATCH_MESSAGE);
    refuses(approved, sign('w-1', AMOUNT, 5, { toAddress: PLATFORM_ADDRESS }), ConflictError, PAYOUT_MISMATCH_MESSAGE);
  });

  it('accepts the destination in another letter case (checksummed or lower-case)', () => {
    const upper = `0x${'A'.repeat(40)}`;
    const events = then([], recordDeposit('d-1', 100n * USDC), requestWithdrawal('w-1', AMOUNT, upper), approve('w-1'));
    expect(when(events, sign('w-1', AMOUNT, 5, { toAddress: upper.toLowerCase() }))).toHaveLength(1);
  });

  it('is a no-op once the withdrawal completed with that transaction (a late retry)', () => {
    const completed = then(sent, complete('w-1', 5));
    expect(when(completed, sign('w-1', AMOUNT))).toEqual([]);
    expect(when(completed, broadcast('w-1'))).toEqual([]);
    refuses(completed, sign('w-1', AMOUNT, 6), ConflictError, 'Only an approved withdrawal can be signed for payout; this one is completed.');
  });
});

describe('broadcasting a payout', () => {
  it('marks the signed transaction as sent; sending it again changes nothing', () => {
    expect(sent.at(-1)).toEqual({
      type: 'WithdrawalSettlementBroadcast',
      data: { withdrawalId: 'w-1', userId: USER_ID, transactionHash: txHash(5), broadcastAt: NOW },
    });
    expect(withdrawal(sent)?.signedAttempt).toMatchObject({ transactionHash: txHash(5), broadcast: true });
    expect(when(sent, broadcast('w-1'))).toEqual([]);
  });

  it('refuses a transaction that is not the one in flight', () => {
    refuses(approved, broadcast('w-1'), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    refuses(signed, broadcast('w-1', 6), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    refuses(failedOnce, broadcast('w-1'), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
  });
});

describe('a failed payout', () => {
  it('clears the attempt in flight and keeps the money reserved for a retry', () => {
    expect(failedOnce.at(-1)).toEqual({
      type: 'WithdrawalSettlementFailed',
      data: { withdrawalId: 'w-1', userId: USER_ID, transactionHash: txHash(5), reason: 'reverted', retryable: true, failedAt: NOW },
    });
    expect(withdrawal(failedOnce)).toMatchObject({ status: 'approved', signedAttempt: null });
    expect(replay(failedOnce)).toMatchObject({ reservedMicro: AMOUNT, availableMicro: 70n * USDC });
  });

  it('lets the job sign a new transaction afterwards, but never the failed one again', () => {
    const resigned = then(failedOnce, sign('w-1', AMOUNT, 6));
    expect(withdrawal(resigned)?.signedAttempt).toMatchObject({ transactionHash: txHash(6), nonce: 6, broadcast: false });
    refuses(failedOnce, sign('w-1', AMOUNT, 5), ConflictError, PAYOUT_ALREADY_FAILED_MESSAGE);
  });

  it('changes nothing when the same failure is reported again, even after a new attempt', () => {
    expect(when(failedOnce, fail('w-1'))).toEqual([]);
    expect(when(then(failedOnce, sign('w-1', AMOUNT, 6)), fail('w-1'))).toEqual([]);
  });

  it('refuses a failure of a transaction that is not in flight', () => {
    refuses(signed, fail('w-1', 6), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    refuses(approved, fail('w-1', 6), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
  });

  it('records a failure before anything was signed once, and refuses it while a payout is in flight', () => {
    const unsigned = then(approved, fail('w-1', null, 'hot wallet has no gas'));
    expect(unsigned.at(-1)).toMatchObject({ type: 'WithdrawalSettlementFailed', data: { transactionHash: null } });
    expect(when(unsigned, fail('w-1', null, 'hot wallet has no gas'))).toEqual([]);
    expect(when(unsigned, fail('w-1', null, 'RPC unreachable'))).toHaveLength(1);
    refuses(signed, fail('w-1', null), ConflictError, FAILURE_NEEDS_HASH_MESSAGE);
  });

  it('lets an admin cancel only after the payout failed', () => {
    refuses(sent, cancel('w-1', 'admin'), ConflictError, 'This withdrawal is being paid out; it can only be cancelled if the payout fails.');
    expect(replay(then(failedOnce, cancel('w-1', 'admin')))).toMatchObject({ reservedMicro: 0n, availableMicro: 100n * USDC });
  });
});

describe('completing a withdrawal whose payout is signed', () => {
  it('completes with the signed hash and refuses another hash while the payout is in flight', () => {
    const completed = then(sent, complete('w-1', 5));
    expect(replay(completed)).toMatchObject({ balanceMicro: 70n * USDC, reservedMicro: 0n, availableMicro: 70n * USDC });
    refuses(sent, complete('w-1', 99), ConflictError, COMPLETED_IN_FLIGHT_MESSAGE);
    expect(when(failedOnce, complete('w-1', 99))).toHaveLength(1);
  });
});

describe('replacing a payout stuck below the market fee', () => {
  const GWEI = 1_000_000_000n;
  const priced = then(approved, sign('w-1', AMOUNT, 5, { maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: 2n * GWEI }), broadcast('w-1'));
  const outbid = { maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2_200_000_000n };
  const replaced = then(priced, replace('w-1', 6, 5, outbid));

  it('keeps every transaction of the nonce in flight, the newest first', () => {
    const w = withdrawal(replaced);
    if (!w) throw new Error('the withdrawal is missing');
    expect(inFlightAttempts(w).map((a) => [a.transactionHash, a.maxFeePerGas])).toEqual([
      [txHash(6), 22n * GWEI],
      [txHash(5), 20n * GWEI],
    ]);
    expect(when(replaced, replace('w-1', 6, 5, outbid))).toEqual([]);
  });

  it('refuses a replacement below the 10% minimum on either fee, of another nonce, or of an outbid transaction', () => {
    refuses(priced, replace('w-1', 6, 5, { ...outbid, maxFeePerGas: 22n * GWEI - 1n }), ConflictError, REPLACEMENT_FEE_MESSAGE);
    refuses(priced, replace('w-1', 6, 5, { ...outbid, maxPriorityFeePerGas: 2_199_999_999n }), ConflictError, REPLACEMENT_FEE_MESSAGE);
    refuses(priced, { ...replace('w-1', 6, 5, outbid), data: { ...replace('w-1', 6, 5, outbid).data, nonce: 6 } }, ConflictError, REPLACEMENT_NONCE_MESSAGE);
    refuses(replaced, replace('w-1', 7, 5, { maxFeePerGas: 30n * GWEI, maxPriorityFeePerGas: 3n * GWEI }), ConflictError, REPLACEMENT_OUTDATED_MESSAGE);
  });

  it('completes with whichever transaction of the nonce was mined, and with no other', () => {
    expect(when(replaced, complete('w-1', 5))).toHaveLength(1);
    expect(when(replaced, complete('w-1', 6))).toHaveLength(1);
    refuses(replaced, complete('w-1', 99), ConflictError, COMPLETED_IN_FLIGHT_MESSAGE);
  });

  it('fails every transaction of the nonce together, so none of them can complete it afterwards', () => {
    const failed = then(replaced, fail('w-1', 6));
    expect(replay(failed).withdrawals.get('w-1')?.failedTransactionHashes).toEqual([txHash(6), txHash(5)]);
    refuses(failed, complete('w-1', 5), ConflictError, COMPLETED_WITH_FAILED_MESSAGE);
  });

  it('records a delay at the fee ceiling once per transaction', () => {
    const delayed = then(replaced, delay('w-1', 6));
    expect(delayed.at(-1)).toMatchObject({ type: 'WithdrawalSettlementDelayed', data: { transactionHash: txHash(6) } });
    expect(when(delayed, delay('w-1', 6, 'another wording'))).toEqual([]);
    refuses(replaced, delay('w-1', 5), ConflictError, NO_SUCH_PAYOUT_MESSAGE);
  });
});

describe('a payout that failed for good (reverted)', () => {
  const halted = then(sent, failForGood('w-1'));

  it('keeps the funds reserved and lets no new payout be signed until an admin retries', () => {
    expect(replay(halted)).toMatchObject({ reservedMicro: AMOUNT, availableMicro: 70n * USDC });
    refuses(halted, sign('w-1', AMOUNT, 6), ConflictError, PAYOUT_HALTED_MESSAGE);
    const retried = then(halted, retry('w-1'));
    expect(retried.at(-1)).toEqual({ type: 'WithdrawalPayoutRetried', data: { withdrawalId: 'w-1', userId: USER_ID, retriedAt: NOW } });
    expect(when(retried, retry('w-1'))).toEqual([]);
    expect(when(retried, sign('w-1', AMOUNT, 6))).toHaveLength(1);
  });

  it('lets an admin reject it instead, which releases the funds', () => {
    const rejected = then(halted, reject('w-1'));
    expect(replay(rejected)).toMatchObject({ reservedMicro: 0n, availableMicro: 100n * USDC, balanceMicro: 100n * USDC });
    refuses(sent, reject('w-1'), ConflictError, 'Only a pending withdrawal can be rejected; this one is approved.');
  });

  it('refuses a retry when nothing failed for good', () => {
    refuses(approved, retry('w-1'), ConflictError, NOTHING_TO_RETRY_MESSAGE);
    refuses(sent, retry('w-1'), ConflictError, NOTHING_TO_RETRY_MESSAGE);
    refuses(failedOnce, retry('w-1'), ConflictError, NOTHING_TO_RETRY_MESSAGE);
    refuses(pending, retry('w-1'), ConflictError, 'Only an approved withdrawal can be retried; this one is pending.');
  });
});

