import { IdParams } from '../shared/fields.js';
import { defineRoute } from '../shared/route.js';
import {
  AdminWithdrawalsQuery,
  CancelWithdrawalRequest,
  ProcessWithdrawalRequest,
  ProcessWithdrawalResponse,
  RequestWithdrawalRequest,
  WithdrawalDto,
  WithdrawalHistoryQuery,
  WithdrawalListResponse,
  WithdrawalRequestedResponse,
} from './dto.js';

/** The withdrawal addresses under /withdrawals/addresses live in `withdrawalAddressRoutes`. */

export const requestWithdrawal = defineRoute({
  id: 'withdrawals.request',
  method: 'POST',
  path: '/withdrawals/request',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: 'Request a USDC withdrawal; refused (409) if it exceeds the available balance.',
  body: RequestWithdrawalRequest,
  response: WithdrawalRequestedResponse,
});

export const history = defineRoute({
  id: 'withdrawals.history',
  method: 'GET',
  path: '/withdrawals/history',
  side: 'query',
  access: ['user'],
  summary: "The member's withdrawals, newest first; the exact total travels in header X-Total-Count.",
  query: WithdrawalHistoryQuery,
  response: WithdrawalListResponse,
  reads: ['withdrawals'],
  totalCountHeader: true,
});

export const adminRequests = defineRoute({
  id: 'withdrawals.adminList',
  method: 'GET',
  path: '/withdrawals/admin/requests',
  side: 'query',
  access: ['admin'],
  summary: 'Withdrawals page by page as an array; the exact total travels in header X-Total-Count.',
  query: AdminWithdrawalsQuery,
  response: WithdrawalListResponse,
  reads: ['withdrawals'],
  totalCountHeader: true,
});

export const adminRequest = defineRoute({
  id: 'withdrawals.adminGet',
  method: 'GET',
  path: '/withdrawals/admin/requests/:id',
  side: 'query',
  access: ['admin'],
  summary: 'One withdrawal.',
  params: IdParams,
  response: WithdrawalDto,
  reads: ['withdrawals'],
});

export const processRequest = defineRoute({
  id: 'withdrawals.process',
  method: 'POST',
  path: '/withdrawals/admin/requests/:id/process',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: 'Approve, reject (with a reason), complete (with a transaction hash) or cancel a withdrawal.',
  params: IdParams,
  body: ProcessWithdrawalRequest,
  response: ProcessWithdrawalResponse,
});

export const cancelOwn = defineRoute({
  id: 'withdrawals.cancel',
  method: 'POST',
  path: '/withdrawals/:id/cancel',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: "Cancel one of the member's own withdrawals while it is pending; someone else's id answers 404.",
  params: IdParams,
  body: CancelWithdrawalRequest,
  response: ProcessWithdrawalResponse,
});
