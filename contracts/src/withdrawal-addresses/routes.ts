import { EmptyBody, IdParams } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import { defineRoute } from '../shared/route.js';
import { SaveWithdrawalAddressRequest, WithdrawalAddressListResponse, WithdrawalAddressSavedResponse } from './dto.js';

export const listAddresses = defineRoute({
  id: 'withdrawalAddresses.list',
  method: 'GET',
  path: '/withdrawals/addresses',
  side: 'query',
  access: ['user'],
  summary: "The member's saved withdrawal addresses.",
  response: WithdrawalAddressListResponse,
  reads: ['withdrawalAddresses'],
});

export const addAddress = defineRoute({
  id: 'withdrawalAddresses.add',
  method: 'POST',
  path: '/withdrawals/addresses',
  side: 'command',
  status: 201,
  access: ['user'],
  sensitive: true,
  summary: 'Save a withdrawal address; the first one becomes primary.',
  body: SaveWithdrawalAddressRequest,
  response: WithdrawalAddressSavedResponse,
});

export const editAddress = defineRoute({
  id: 'withdrawalAddresses.edit',
  method: 'PUT',
  path: '/withdrawals/addresses/:id',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: "Change a saved address's label, address and network.",
  params: IdParams,
  body: SaveWithdrawalAddressRequest,
  response: WithdrawalAddressSavedResponse,
});

export const removeAddress = defineRoute({
  id: 'withdrawalAddresses.remove',
  method: 'DELETE',
  path: '/withdrawals/addresses/:id',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: 'Delete a saved address; if it was primary, the oldest remaining one becomes primary.',
  params: IdParams,
  response: MessageAccepted,
});

export const setPrimaryAddress = defineRoute({
  id: 'withdrawalAddresses.setPrimary',
  method: 'POST',
  path: '/withdrawals/addresses/:id/set-primary',
  side: 'command',
  access: ['user'],
  sensitive: true,
  summary: 'Make this address the primary withdrawal address.',
  params: IdParams,
  body: EmptyBody,
  response: MessageAccepted,
});
