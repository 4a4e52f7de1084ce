import { z } from 'zod';
import { jsonBody, limitQuery, offsetQuery, requiredText } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import { presentedPassword } from '../users/fields.js';

/** GET /wallets/info: the member's deposit address (null until assigned) and portfolio value in USDC. */
export const WalletInfoResponse = z.object({ address: z.string().nullable(), totalValue: z.number() });
export type WalletInfoResponse = z.infer<typeof WalletInfoResponse>;

/** GET /wallets/transactions: newest first; default limit 5. */
export const TransactionsQuery = z.object({ limit: limitQuery(5), offset: offsetQuery() });
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

/** One entry of the member's combined history. Deposits are always `completed`. */
export const HistoryItemDto = z.object({
  id: z.string(),
  type: z.enum(['Deposit', 'Withdrawal']),
  date: z.string(),
  /** USDC, for display. */
  amount: z.number(),
  asset: z.literal('USDC'),
  status: z.enum(['pending', 'approved', 'completed', 'cancelled', 'rejected']),
  txHash: z.string().nullable(),
});
export type HistoryItemDto = z.infer<typeof HistoryItemDto>;

export const TransactionsResponse = z.object({
  transactions: z.array(HistoryItemDto),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** GET /wallets/balances: `reserved` is held by pending and approved withdrawals; `available` = balance - reserved. */
export const BalancesResponse = z.object({
  balances: z.array(
    z.object({ asset: z.literal('USDC'), balance: z.number(), reserved: z.number(), available: z.number() }),
  ),
});
export type BalancesResponse = z.infer<typeof BalancesResponse>;

/** PUT /wallets/auto-withdrawal: pay out automatically to the primary withdrawal address. */
export const AutoWithdrawalRequest = jsonBody({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type AutoWithdrawalRequest = z.infer<typeof AutoWithdrawalRequest>;

/** GET /wallets/user/:id (admin). */
export const AdminWalletResponse = z.object({
  userId: z.string(),
  address: z.string().nullable(),
  derivationIndex: z.number().int().nullable(),
  totalValue: z.number(),
});
export type AdminWalletResponse = z.infer<typeof AdminWalletResponse>;

/** GET /wallets/user/:id/private-key (admin): derived on demand, never stored; the reveal is audited. */
export const PrivateKeyResponse = MessageAccepted.extend({ address: z.string(), privateKey: z.string() });
export type PrivateKeyResponse = z.infer<typeof PrivateKeyResponse>;

/** Request header carrying the step-up grant that GET /wallets/user/:id/private-key spends. */
export const STEP_UP_GRANT_HEADER = 'X-Step-Up-Grant';

/** Longest reason an admin may give for revealing a key. */
export const REVEAL_REASON_MAX_LENGTH = 500;

/** POST /wallets/user/:id/private-key/grant (admin): the admin's own password again, and why. */
export const PrivateKeyGrantRequest = jsonBody({
  password: presentedPassword('Password'),
  reason: requiredText('Reason', REVEAL_REASON_MAX_LENGTH),
});
export type PrivateKeyGrantRequest = z.infer<typeof PrivateKeyGrantRequest>;

/** A single-use grant for one reveal of this member's key, in this session, until `expiresAt`. */
export const PrivateKeyGrantResponse = MessageAccepted.extend({ grant: z.string(), expiresAt: z.string() });
export type PrivateKeyGrantResponse = z.infer<typeof PrivateKeyGrantResponse>;
