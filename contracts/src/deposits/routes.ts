import { IdParams } from '../shared/fields.js';
import { defineRoute } from '../shared/route.js';
import { AddDepositRequest, DEPOSIT_FORM_INVALID, DepositAddedResponse, DepositListResponse, DepositsQuery } from './dto.js';

export const addDeposit = defineRoute({
  id: 'deposits.add',
  method: 'POST',
  path: '/deposits',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: "Record a USDC deposit for a member; the fee comes from the member's plan. A transaction hash credits once.",
  body: AddDepositRequest,
  response: DepositAddedResponse,
  invalidMessage: DEPOSIT_FORM_INVALID,
});

export const userDeposits = defineRoute({
  id: 'deposits.byUser',
  method: 'GET',
  path: '/deposits/user/:id',
  side: 'query',
  access: ['user', 'admin'],
  summary: "One member's deposits, newest first; a member may only ask for their own.",
  params: IdParams,
  response: DepositListResponse,
  reads: ['deposits'],
  ownParam: 'id',
});

export const allDeposits = defineRoute({
  id: 'deposits.list',
  method: 'GET',
  path: '/deposits',
  side: 'query',
  access: ['admin'],
  summary: 'All deposits, newest first; the exact total travels in header X-Total-Count.',
  query: DepositsQuery,
  response: DepositListResponse,
  reads: ['deposits'],
  totalCountHeader: true,
});
