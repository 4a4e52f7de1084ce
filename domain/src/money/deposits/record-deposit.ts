import { createHash } from 'node:crypto';
import { feeMicro, MIN_AMOUNT_MICRO, type RecordDeposit, type RecordDetectedDeposit } from '@concierge/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { USER_NOT_FOUND_MESSAGE } from '../../identity/user/decide.js';
import { findUserById } from '../../identity/user/find-user.js';
import type { RegisteredUser } from '../../identity/user/user.js';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { AccountState } from '../account/account.js';
import { accountAggregate, DEPOSIT_AMOUNT_MESSAGE } from '../account/decide.js';
import {
  CLAIMED_BY_DEPOSIT_MESSAGE,
  claimTransaction,
  transactionClaimStreamId,
  wholeTransaction,
  type TransactionClaim,
} from '../transaction-claims/claim-transaction.js';
import { currentPlanFee } from '../../plans/plan-fee.js';
import { assertMayReceiveDeposits } from './recipient.js';

export { USER_NOT_FOUND_MESSAGE };
export const DUPLICATE_DEPOSIT_MESSAGE = CLAIMED_BY_DEPOSIT_MESSAGE;

/** What both an admin's entry and a detected transfer say about a deposit. */
interface DepositFacts {
  readonly userId: string;
  /** 0x plus 64 hex characters, any letter case (it is lower-cased). */
  readonly transactionHash: string;
  readonly amountMicro: bigint;
  /** When the transfer happened (ISO 8601 UTC). */
  readonly timestamp: string;
}
type ChainTransfer = Pick<RecordDetectedDeposit['data'], 'network' | 'blockNumber' | 'logIndex' | 'fromAddress' | 'toAddress'>;

/** An admin's POST /deposits, or a transfer the deposit-detection job saw on chain. */
export type DepositInput = ({ source: 'admin' } & DepositFacts) | ({ source: 'chain' } & DepositFacts & ChainTransfer);

export type DepositDeps = AggregateDeps;

export interface RecordedDeposit {
  readonly depositId: string;
  readonly user: RegisteredUser;
  readonly transactionHash: string;
  readonly amountMicro: bigint;
  readonly feePercentage: string;
  readonly feeMicro: bigint;
  readonly planId: string | null;
  readonly timestamp: string;
  readonly recordedAt: string;
  /** False when this call credited nothing because the same deposit was already credited (a retry). */
  readonly credited: boolean;
  readonly position: Position | null;
}

/**
 * One deposit per transaction slot, and the reservation rule that guarantees it.
 *
 * Every deposit of a transaction reserves itself in `depositTx-<lower-case hash>` before the
 * account is credited. Deposit ids are derived from the hash, so a retry finds its own
 * reservation: an admin's deposit is the whole transaction (slot `admin`); a detected deposit is
 * one Transfer log of it (slot = log index), since one transaction may pay several logs.
 * - An admin may reserve only an empty stream ("no stream"): a hash already claimed, by an admin,
 *   by a detected transfer or by a withdrawal's payout, is a 409.
 * - A detected transfer may join a stream holding only other detected transfers; if an admin
 *   already recorded the transaction it is a 409 (the job skips it), so the same money never
 *   credits twice through the two doors.
 * - A reservation whose credit never landed (a crash between the two appends) is finished by the
 *   next attempt for the same deposit and member; a reservation is never handed to another member,
 *   since the first attempt could still be crediting.
 */
export function depositIdFor(input: Pick<DepositInput, 'transactionHash'> & { logIndex?: number }): string {
  const slot = input.logIndex === undefined ? 'admin' : `log-${input.logIndex}`;
  const hex = createHash('sha256').update(`deposit:${input.transactionHash.toLowerCase()}:${slot}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const depositTxStreamId = transactionClaimStreamId;

/** User ids the platform issues; anything else names nothing and never reaches the store. */
const isIssuedId = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/** Reserves the deposit's slot of its transaction; 'resumed' when this very deposit was reserved before. */
async function reserve(deps: DepositDeps, input: DepositInput, depositId: string, ctx: CommandContext): Promise<'reserved' | 'resumed'> {
  const adminId = depositIdFor({ transactionHash: input.transactionHash });
  // A detected transfer may sit beside other transfers of its transaction, never beside an admin's entry or a payout.
  const beside = (existing: readonly TransactionClaim[]) => existing.every((c) => c.kind === 'deposit' && c.claimId !== adminId);
  const claim: TransactionClaim = { kind: 'deposit', claimId: depositId, userId: input.userId };
  const outcome = await claimTransaction(deps, { transactionHash: input.transactionHash, claim, mayJoin: input.source === 'admin' ? wholeTransaction : beside }, ctx);
  return outcome === 'claimed' ? 'reserved' : 'resumed';
}

/**
 * Credits a deposit to the member's account net of their current plan's fee, at most once per
 * transaction slot (see `depositIdFor`). Throws NotFoundError for an unknown member,
 * DepositRecipientError for an account that is not an approved member (nothing is reserved),
 * ValidationError under 0.01 USDC and ConflictError for a hash already recorded. A detected
 * deposit reported again returns `credited: false` rather than an error, so a job may retry
 * (its fee is then recomputed from the current plan, not read back).
 */
export async function recordDeposit(deps: DepositDeps, input: DepositInput, ctx: CommandContext): Promise<RecordedDeposit> {
  if (input.amountMicro < MIN_AMOUNT_MICRO) throw new ValidationError([{ field: 'amountUSD', message: DEPOSIT_AMOUNT_MESSAGE }]);
  const user = isIssuedId(input.userId) ? await findUserById(deps, input.userId) : undefined;
  if (user === undefined) throw new NotFoundError(USER_NOT_FOUND_MESSAGE);
  assertMayReceiveDeposits(user);
  const transactionHash = input.transactionHash.toLowerCase();
  const depositId = depositIdFor(input.source === 'chain' ? { transactionHash, logIndex: input.logIndex } : { transactionHash });
  const reservation = await reserve(deps, input, depositId, ctx);
  const { planId, feePercentage } = await currentPlanFee(deps, user.planId);
  const data = { depositId, userId: user.userId, transactionHash, amountMicro: input.amountMicro, timestamp: input.timestamp, planId, feePercentage };
  const metadata = commandMetadata(ctx);
  const command: RecordDeposit | RecordDetectedDeposit =
    input.source === 'admin'
      ? { type: 'RecordDeposit', data, metadata }
      : {
          type: 'RecordDetectedDeposit',
          data: {
            ...data,
            network: input.network,
            blockNumber: input.blockNumber,
            logIndex: input.logIndex,
            fromAddress: input.fromAddress,
            toAddress: input.toAddress,
          },
          metadata,
        };
  // An admin re-entering a deposit already credited is told so, from the state this decision reads; a resumed crash is finished.
  const alreadyCredited = (state: AccountState) => reservation === 'resumed' && input.source === 'admin' && state.deposits.has(depositId);
  const { events, position } = await accountAggregate.handle(
    deps,
    user.userId,
    (state) => {
      if (alreadyCredited(state)) throw new ConflictError(DUPLICATE_DEPOSIT_MESSAGE);
      return command;
    },
    ctx,
  );
  // Two admins entering the same deposit at once: the one whose credit did not land is told it exists.
  if (events.length === 0 && input.source === 'admin') throw new ConflictError(DUPLICATE_DEPOSIT_MESSAGE);
  return {
    depositId,
    user,
    transactionHash,
    amountMicro: input.amountMicro,
    feePercentage,
    feeMicro: feeMicro(input.amountMicro, feePercentage),
    planId,
    timestamp: input.timestamp,
    recordedAt: metadata.now,
    credited: events.length > 0,
    position,
  };
}
