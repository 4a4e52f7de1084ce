import { z } from 'zod';
import { TransactionHash } from '../shared/chain.js';
import { blankAsAbsent, dateTimeInput, idField, jsonBody, limitQuery, pageQuery } from '../shared/fields.js';
import { MIN_AMOUNT_MICRO, usdcAmount } from '../shared/money.js';
import { UserRef } from '../users/dto.js';

/** Toast for an invalid deposit form; the field errors say which field. */
export const DEPOSIT_FORM_INVALID = 'Please fill out all deposit fields correctly';

/** A deposit amount: at least 0.01 USDC, at most 6 decimals -> bigint micro-USDC. */
export const DepositAmount = usdcAmount({ label: 'Amount', minMicro: MIN_AMOUNT_MICRO });

/** POST /deposits (admin). */
export const AddDepositRequest = jsonBody({
  userId: idField('User'),
  transactionHash: TransactionHash,
  timestamp: dateTimeInput('Timestamp'),
  amountUSD: DepositAmount,
});
export type AddDepositRequest = z.infer<typeof AddDepositRequest>;

/** A deposit as the API shows it: the member view uses amount/asset/createdAt, the admin view the rest. */
export const DepositDto = z.object({
  _id: z.string(),
  id: z.string(),
  userId: UserRef,
  /** USDC, for display (the same as amountUSD). */
  amount: z.number(),
  amountUSD: z.number(),
  asset: z.literal('USDC'),
  status: z.literal('completed'),
  source: z.enum(['admin', 'chain']),
  timestamp: z.string(),
  createdAt: z.string(),
  feePercentageAtDeposit: z.number(),
  calculatedFeeUSD: z.number(),
  transactionHash: z.string(),
});
export type DepositDto = z.infer<typeof DepositDto>;

/** Deposits, newest first. */
export const DepositListResponse = z.array(DepositDto);

/** GET /deposits (admin): page by page, optionally one member's; the exact total is in X-Total-Count. */
export const DepositsQuery = z.object({
  page: pageQuery(),
  limit: limitQuery(100),
  userId: blankAsAbsent(idField('userId')),
});
export type DepositsQuery = z.infer<typeof DepositsQuery>;

/** POST /deposits answers with the new deposit itself (the SPA puts it at the top of its list). */
export const DepositAddedResponse = DepositDto.extend({ message: z.string(), position: z.string().nullable() });
export type DepositAddedResponse = z.infer<typeof DepositAddedResponse>;
