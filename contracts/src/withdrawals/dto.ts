import { z } from 'zod';
import { Asset, TransactionHash } from '../shared/chain.js';
import { blankAsAbsent, idField, jsonBody, limitQuery, optionalLimitQuery, optionalText, pageQuery, SearchQuery } from '../shared/fields.js';
import { CommandAccepted } from '../shared/problem.js';
import { UserRef } from '../users/dto.js';
import { PAYOUT_STAGES } from './read-model.js';
import { SettlementKind, WithdrawalAmount, WithdrawalRejectionReason, WithdrawalStatus, WithdrawalStatusFilter } from './fields.js';

/**
 * POST /withdrawals/request. Goes to the primary address unless `withdrawalAddressId` names
 * another saved one; with none saved the answer is a problem with `requiresWalletSetup: true`.
 */
export const RequestWithdrawalRequest = jsonBody({
  amount: WithdrawalAmount,
  asset: Asset.default('USDC'),
  withdrawalAddressId: blankAsAbsent(idField('Withdrawal address')),
});
export type RequestWithdrawalRequest = z.infer<typeof RequestWithdrawalRequest>;

export const WithdrawalRequestedResponse = CommandAccepted.extend({
  message: z.string(),
  withdrawalId: z.string(),
  status: z.literal('pending'),
});
export type WithdrawalRequestedResponse = z.infer<typeof WithdrawalRequestedResponse>;

export const WithdrawalPayoutDto = z.object({
  stage: z.enum(PAYOUT_STAGES),
  transactionHash: z.string().nullable(),
  /** Why it failed or is delayed; null otherwise. */
  reason: z.string().nullable(),
  /** After a failure: whether the settlement job tries again by itself (false: an admin retries or rejects). */
  retryable: z.boolean().nullable(),
  at: z.string(),
});
export type WithdrawalPayoutDto = z.infer<typeof WithdrawalPayoutDto>;

/** A withdrawal as the API shows it; `amount` in USDC for display. */
export const WithdrawalDto = z.object({
  _id: z.string(),
  id: z.string(),
  userId: UserRef,
  amount: z.number(),
  asset: z.literal('USDC'),
  status: WithdrawalStatus,
  requestedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  withdrawalAddressId: z.object({ _id: z.string(), label: z.string(), address: z.string(), network: z.string() }),
  transactionHash: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  approvedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  settlement: SettlementKind.nullable(),
  /** Admin views only: where the on-chain payout stands, with the reason when it failed or is delayed. */
  payout: WithdrawalPayoutDto.nullable().optional(),
});
export type WithdrawalDto = z.infer<typeof WithdrawalDto>;

/** Withdrawals, newest first (pending ones oldest first when filtered to pending). */
export const WithdrawalListResponse = z.array(WithdrawalDto);

/** GET /withdrawals/history: the member's own withdrawals; default limit 50. */
export const WithdrawalHistoryQuery = z.object({ page: pageQuery(), limit: limitQuery(50) });
export type WithdrawalHistoryQuery = z.infer<typeof WithdrawalHistoryQuery>;

/**
 * GET /withdrawals/admin/requests. Blank status means all; `search` matches the member's name or
 * email or the address. Without a limit: 5 for status=pending (dashboard), else 10 (list page).
 */
export const AdminWithdrawalsQuery = z
  .object({ page: pageQuery(), limit: optionalLimitQuery(), status: WithdrawalStatusFilter, search: SearchQuery })
  .transform((query) => ({ ...query, limit: query.limit ?? (query.status === 'pending' ? 5 : 10) }));
export type AdminWithdrawalsQuery = z.infer<typeof AdminWithdrawalsQuery>;

const isJsonObject = (input: unknown): boolean => typeof input === 'object' && input !== null && !Array.isArray(input);
const PROCESS_ACTION_MESSAGE = 'Action must be one of: approve, reject, complete, cancel, retry';

/**
 * POST /withdrawals/admin/requests/:id/process. `approve` with a transaction hash also completes
 * it (as the original Complete modal sends); `reject` needs a reason; `complete` a hash; `retry`
 * asks for a new on-chain payout after one failed.
 */
export const ProcessWithdrawalRequest = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve'), transactionHash: blankAsAbsent(TransactionHash) }),
    z.object({ action: z.literal('reject'), rejectionReason: WithdrawalRejectionReason }),
    z.object({ action: z.literal('complete'), transactionHash: TransactionHash }),
    z.object({ action: z.literal('cancel'), reason: optionalText('Reason', 500) }),
    // After an on-chain payout failed for good: pay it again with a new transaction.
    z.object({ action: z.literal('retry') }),
  ],
  { error: (issue) => (isJsonObject(issue.input) ? PROCESS_ACTION_MESSAGE : 'The request body must be a JSON object') },
);
export type ProcessWithdrawalRequest = z.infer<typeof ProcessWithdrawalRequest>;

/** The status the withdrawal has after processing. */
export const ProcessWithdrawalResponse = CommandAccepted.extend({ message: z.string(), status: WithdrawalStatus });
export type ProcessWithdrawalResponse = z.infer<typeof ProcessWithdrawalResponse>;

/** POST /withdrawals/:id/cancel: a member withdraws their own pending request; the reason is optional. */
export const CancelWithdrawalRequest = jsonBody({ reason: optionalText('Reason', 500) }).optional();
export type CancelWithdrawalRequest = z.infer<typeof CancelWithdrawalRequest>;
