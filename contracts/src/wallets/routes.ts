import { IdParams } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import { defineRoute } from '../shared/route.js';
import {
  AdminWalletResponse,
  AutoWithdrawalRequest,
  BalancesResponse,
  PrivateKeyGrantRequest,
  PrivateKeyGrantResponse,
  PrivateKeyResponse,
  TransactionsQuery,
  TransactionsResponse,
  WalletInfoResponse,
} from './dto.js';

/** GET /wallets/performance and POST /wallets/user/:id/snapshot live with the portfolio (`portfolioRoutes`). */

export const walletInfo = defineRoute({
  id: 'wallets.info',
  method: 'GET',
  path: '/wallets/info',
  side: 'query',
  access: ['user'],
  summary: "The member's deposit address and total value.",
  response: WalletInfoResponse,
  reads: ['wallets', 'accounts'],
});

export const transactions = defineRoute({
  id: 'wallets.transactions',
  method: 'GET',
  path: '/wallets/transactions',
  side: 'query',
  access: ['user'],
  summary: "The member's deposits and withdrawals, newest first.",
  query: TransactionsQuery,
  response: TransactionsResponse,
  reads: ['deposits', 'withdrawals'],
});

export const balances = defineRoute({
  id: 'wallets.balances',
  method: 'GET',
  path: '/wallets/balances',
  side: 'query',
  access: ['user'],
  summary: "The member's USDC balance, reserved and available amounts.",
  response: BalancesResponse,
  reads: ['accounts'],
});

export const autoWithdrawal = defineRoute({
  id: 'wallets.autoWithdrawal',
  method: 'PUT',
  path: '/wallets/auto-withdrawal',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: 'Switch automatic withdrawal to the primary withdrawal address on or off.',
  body: AutoWithdrawalRequest,
  response: MessageAccepted,
});

export const userWallet = defineRoute({
  id: 'wallets.userWallet',
  method: 'GET',
  path: '/wallets/user/:id',
  side: 'query',
  access: ['admin'],
  summary: "A member's deposit address and value (user id in the path).",
  params: IdParams,
  response: AdminWalletResponse,
  reads: ['wallets', 'accounts'],
});

export const privateKey = defineRoute({
  id: 'wallets.privateKey',
  method: 'GET',
  path: '/wallets/user/:id/private-key',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: "Reveal a member's deposit private key to an admin who presents a step-up grant (X-Step-Up-Grant), which it spends; appends PrivateKeyRevealed (audit) first.",
  params: IdParams,
  response: PrivateKeyResponse,
});

export const privateKeyGrant = defineRoute({
  id: 'wallets.privateKeyGrant',
  method: 'POST',
  path: '/wallets/user/:id/private-key/grant',
  side: 'command',
  rateLimited: true,
  access: ['admin'],
  sensitive: true,
  summary: "Step-up before a key reveal: the admin's password again and a reason yield a two-minute, single-use grant; at most five (wrong passwords included) per admin per hour.",
  params: IdParams,
  body: PrivateKeyGrantRequest,
  response: PrivateKeyGrantResponse,
});
