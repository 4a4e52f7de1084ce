import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { inFlightAttempts, type AccountEvent } from './account.js';
import {
  COMPLETED_IN_FLIGHT_MESSAGE,
  COMPLETED_WITH_FAILED_MESSAGE,
  NOTHING_TO_RETRY_MESSAGE,
  PAYOUT_HALTED_MESSAGE,
  REPLACEMENT_FEE_MESSAGE,
  REPLACEMENT_NONCE_MESSAGE,
  REPLACEMENT_OUTDATED_MESSAGE,
  accountAggregate,
  FAILURE_NEEDS_HASH_MESSAGE,
  NO_SUCH_PAYOUT_MESSAGE,
  OTHER_PAYOUT_SIGNED_MESSAGE,
  PAYOUT_ALREADY_FAILED_MESSAGE,
  PAYOUT_MISMATCH_MESSAGE,
  WITHDRAWAL_NOT_FOUND_MESSAGE,
} from './decide.js';
import {
  ADDRESS,
  NOW,
  PLATFORM_ADDRESS,
  USER_ID,
  approve,
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
const spec = DeciderSpecification.for(accountAggregate);
const withdrawal = (events: AccountEvent[]) => replay(events).withdrawals.get('w-1');

const pending = spec.given().after(recordDeposit('d-1', 100n * USDC), requestWithdrawal('w-1', AMOUNT)).events;
const approved = spec.given(pending).after(approve('w-1')).events;
const signed = spec.given(approved).after(sign('w-1', AMOUNT)).events;
const sent = spec.given(signed).after(broadcast('w-1')).events;
const failedOnce = spec.given(sent).after(fail('w-1')).events;

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
    spec.given(signed).when(sign('w-1', AMOUNT)).thenNothingHappens();
    spec.given(sent).when(sign('w-1', AMOUNT)).thenNothingHappens();
  });

  it('refuses a second transaction while one is in flight, so the member is never paid twice', () => {
    spec.given(signed).when(sign('w-1', AMOUNT, 6)).thenThrows(ConflictError, OTHER_PAYOUT_SIGNED_MESSAGE);
  });

  it('signs only an approved withdrawal', () => {
    spec.given(pending).when(sign('w-1', AMOUNT)).thenThrows(ConflictError, 'Only an approved withdrawal can be signed for payout; this one is pending.');
    const rejected = spec.given(pending).after(reject('w-1')).events;
    spec.given(rejected).when(sign('w-1', AMOUNT)).thenThrows(ConflictError, 'Only an approved withdrawal can be signed for payout; this one is rejected.');
    spec.given(pending).when(sign('w-404', AMOUNT)).thenThrows(NotFoundError, WITHDRAWAL_NOT_FOUND_MESSAGE);
  });

  it("refuses a payout of another amount, network or destination than the member's request", () => {
    spec.given(approved).when(sign('w-1', AMOUNT + 1n)).thenThrows(ConflictError, PAYOUT_MISMATCH_MESSAGE);
    spec.given(approved).when(sign('w-1', AMOUNT, 5, { network: 'Polygon' })).thenThrows(ConflictError, PAYOUT_MISMATCH_MESSAGE);
    spec.given(approved).when(sign('w-1', AMOUNT, 5, { toAddress: PLATFORM_ADDRESS })).thenThrows(ConflictError, PAYOUT_MISMATCH_MESSAGE);
  });

  it('accepts the destination in another letter case (checksummed or lower-case)', () => {
    const upper = `0x${'A'.repeat(40)}`;
    const events = spec.given().after(recordDeposit('d-1', 100n * USDC), requestWithdrawal('w-1', AMOUNT, upper), approve('w-1')).events;
    expect(spec.given(events).when(sign('w-1', AMOUNT, 5, { toAddress: upper.toLowerCase() })).events).toHaveLength(1);
  });

  it('is a no-op once the withdrawal completed with that transaction (a late retry)', () => {
    const completed = spec.given(sent).after(complete('w-1', 5)).events;
    spec.given(completed).when(sign('w-1', AMOUNT)).thenNothingHappens();
    spec.given(completed).when(broadcast('w-1')).thenNothingHappens();
    spec.given(completed).when(sign('w-1', AMOUNT, 6)).thenThrows(ConflictError, 'Only an approved withdrawal can be signed for payout; this one is completed.');
  });
});

describe('broadcasting a payout', () => {
  it('marks the signed transaction as sent; sending it again changes nothing', () => {
    expect(sent.at(-1)).toEqual({
      type: 'WithdrawalSettlementBroadcast',
      data: { withdrawalId: 'w-1', userId: USER_ID, transactionHash: txHash(5), broadcastAt: NOW },
    });
    expect(withdrawal(sent)?.signedAttempt).toMatchObject({ transactionHash: txHash(5), broadcast: true });
    spec.given(sent).when(broadcast('w-1')).thenNothingHappens();
  });

  it('refuses a transaction that is not the one in flight', () => {
    spec.given(approved).when(broadcast('w-1')).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    spec.given(signed).when(broadcast('w-1', 6)).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    spec.given(failedOnce).when(broadcast('w-1')).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
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
    const resigned = spec.given(failedOnce).after(sign('w-1', AMOUNT, 6)).events;
    expect(withdrawal(resigned)?.signedAttempt).toMatchObject({ transactionHash: txHash(6), nonce: 6, broadcast: false });
    spec.given(failedOnce).when(sign('w-1', AMOUNT, 5)).thenThrows(ConflictError, PAYOUT_ALREADY_FAILED_MESSAGE);
  });

  it('changes nothing when the same failure is reported again, even after a new attempt', () => {
    spec.given(failedOnce).when(fail('w-1')).thenNothingHappens();
    spec.given(failedOnce).after(sign('w-1', AMOUNT, 6)).when(fail('w-1')).thenNothingHappens();
  });

  it('refuses a failure of a transaction that is not in flight', () => {
    spec.given(signed).when(fail('w-1', 6)).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
    spec.given(approved).when(fail('w-1', 6)).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
  });

  it('records a failure before anything was signed once, and refuses it while a payout is in flight', () => {
    const unsigned = spec.given(approved).after(fail('w-1', null, 'hot wallet has no gas')).events;
    expect(unsigned.at(-1)).toMatchObject({ type: 'WithdrawalSettlementFailed', data: { transactionHash: null } });
    spec.given(unsigned).when(fail('w-1', null, 'hot wallet has no gas')).thenNothingHappens();
    expect(spec.given(unsigned).when(fail('w-1', null, 'RPC unreachable')).events).toHaveLength(1);
    spec.given(signed).when(fail('w-1', null)).thenThrows(ConflictError, FAILURE_NEEDS_HASH_MESSAGE);
  });

  it('lets an admin cancel only after the payout failed', () => {
    spec.given(sent).when(cancel('w-1', 'admin')).thenThrows(ConflictError, 'This withdrawal is being paid out; it can only be cancelled if the payout fails.');
    expect(replay(spec.given(failedOnce).after(cancel('w-1', 'admin')).events)).toMatchObject({ reservedMicro: 0n, availableMicro: 100n * USDC });
  });
});

describe('completing a withdrawal whose payout is signed', () => {
  it('completes with the signed hash and refuses another hash while the payout is in flight', () => {
    const completed = spec.given(sent).after(complete('w-1', 5)).events;
    expect(replay(completed)).toMatchObject({ balanceMicro: 70n * USDC, reservedMicro: 0n, availableMicro: 70n * USDC });
    spec.given(sent).when(complete('w-1', 99)).thenThrows(ConflictError, COMPLETED_IN_FLIGHT_MESSAGE);
    expect(spec.given(failedOnce).when(complete('w-1', 99)).events).toHaveLength(1);
  });
});

describe('replacing a payout stuck below the market fee', () => {
  const GWEI = 1_000_000_000n;
  const priced = spec.given(approved).after(sign('w-1', AMOUNT, 5, { maxFeePerGas: 20n * GWEI, maxPriorityFeePerGas: 2n * GWEI }), broadcast('w-1')).events;
  const outbid = { maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2_200_000_000n };
  const replaced = spec.given(priced).after(replace('w-1', 6, 5, outbid)).events;

  it('keeps every transaction of the nonce in flight, the newest first', () => {
    const w = withdrawal(replaced);
    if (!w) throw new Error('the withdrawal is missing');
    expect(inFlightAttempts(w).map((a) => [a.transactionHash, a.maxFeePerGas])).toEqual([
      [txHash(6), 22n * GWEI],
      [txHash(5), 20n * GWEI],
    ]);
    spec.given(replaced).when(replace('w-1', 6, 5, outbid)).thenNothingHappens();
  });

  it('refuses a replacement below the 10% minimum on either fee, of another nonce, or of an outbid transaction', () => {
    spec.given(priced).when(replace('w-1', 6, 5, { ...outbid, maxFeePerGas: 22n * GWEI - 1n })).thenThrows(ConflictError, REPLACEMENT_FEE_MESSAGE);
    spec.given(priced).when(replace('w-1', 6, 5, { ...outbid, maxPriorityFeePerGas: 2_199_999_999n })).thenThrows(ConflictError, REPLACEMENT_FEE_MESSAGE);
    spec.given(priced).when({ ...replace('w-1', 6, 5, outbid), data: { ...replace('w-1', 6, 5, outbid).data, nonce: 6 } }).thenThrows(ConflictError, REPLACEMENT_NONCE_MESSAGE);
    spec.given(replaced).when(replace('w-1', 7, 5, { maxFeePerGas: 30n * GWEI, maxPriorityFeePerGas: 3n * GWEI })).thenThrows(ConflictError, REPLACEMENT_OUTDATED_MESSAGE);
  });

  it('completes with whichever transaction of the nonce was mined, and with no other', () => {
    expect(spec.given(replaced).when(complete('w-1', 5)).events).toHaveLength(1);
    expect(spec.given(replaced).when(complete('w-1', 6)).events).toHaveLength(1);
    spec.given(replaced).when(complete('w-1', 99)).thenThrows(ConflictError, COMPLETED_IN_FLIGHT_MESSAGE);
  });

  it('fails every transaction of the nonce together, so none of them can complete it afterwards', () => {
    const failed = spec.given(replaced).after(fail('w-1', 6)).events;
    expect(replay(failed).withdrawals.get('w-1')?.failedTransactionHashes).toEqual([txHash(6), txHash(5)]);
    spec.given(failed).when(complete('w-1', 5)).thenThrows(ConflictError, COMPLETED_WITH_FAILED_MESSAGE);
  });

  it('records a delay at the fee ceiling once per transaction', () => {
    const delayed = spec.given(replaced).after(delay('w-1', 6)).events;
    expect(delayed.at(-1)).toMatchObject({ type: 'WithdrawalSettlementDelayed', data: { transactionHash: txHash(6) } });
    spec.given(delayed).when(delay('w-1', 6, 'another wording')).thenNothingHappens();
    spec.given(replaced).when(delay('w-1', 5)).thenThrows(ConflictError, NO_SUCH_PAYOUT_MESSAGE);
  });
});

describe('a payout that failed for good (reverted)', () => {
  const halted = spec.given(sent).after(failForGood('w-1')).events;

  it('keeps the funds reserved and lets no new payout be signed until an admin retries', () => {
    expect(replay(halted)).toMatchObject({ reservedMicro: AMOUNT, availableMicro: 70n * USDC });
    spec.given(halted).when(sign('w-1', AMOUNT, 6)).thenThrows(ConflictError, PAYOUT_HALTED_MESSAGE);
    const retried = spec.given(halted).after(retry('w-1')).events;
    expect(retried.at(-1)).toEqual({ type: 'WithdrawalPayoutRetried', data: { withdrawalId: 'w-1', userId: USER_ID, retriedAt: NOW } });
    spec.given(retried).when(retry('w-1')).thenNothingHappens();
    expect(spec.given(retried).when(sign('w-1', AMOUNT, 6)).events).toHaveLength(1);
  });

  it('lets an admin reject it instead, which releases the funds', () => {
    const rejected = spec.given(halted).after(reject('w-1')).events;
    expect(replay(rejected)).toMatchObject({ reservedMicro: 0n, availableMicro: 100n * USDC, balanceMicro: 100n * USDC });
    spec.given(sent).when(reject('w-1')).thenThrows(ConflictError, 'Only a pending withdrawal can be rejected; this one is approved.');
  });

  it('refuses a retry when nothing failed for good', () => {
    spec.given(approved).when(retry('w-1')).thenThrows(ConflictError, NOTHING_TO_RETRY_MESSAGE);
    spec.given(sent).when(retry('w-1')).thenThrows(ConflictError, NOTHING_TO_RETRY_MESSAGE);
    spec.given(failedOnce).when(retry('w-1')).thenThrows(ConflictError, NOTHING_TO_RETRY_MESSAGE);
    spec.given(pending).when(retry('w-1')).thenThrows(ConflictError, 'Only an approved withdrawal can be retried; this one is pending.');
  });
});

