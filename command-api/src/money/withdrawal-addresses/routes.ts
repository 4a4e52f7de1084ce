import type { RequestHandler } from 'express';
import { withdrawalAddressRoutes, type WithdrawalAddressSavedResponse } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { addWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/add-withdrawal-address';
import { editWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/edit-withdrawal-address';
import { removeWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/remove-withdrawal-address';
import type { WithdrawalAddressAfter } from '@concierge/domain/money/withdrawal-addresses/saved-address';
import { setPrimaryWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/set-primary-withdrawal-address';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import { callerContext } from '../../identity/request-context.js';

/** Success texts. */
export const ADDRESS_SAVED_MESSAGE = 'Address saved successfully.';
export const ADDRESS_UPDATED_MESSAGE = 'Address updated successfully.';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted.';
export const PRIMARY_SET_MESSAGE = 'Primary withdrawal address updated.';

export interface WithdrawalAddressDeps extends AggregateDeps {
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

function savedResponse({ addressId, saved, isPrimary, position }: WithdrawalAddressAfter, message: string): WithdrawalAddressSavedResponse {
  const { label, address, network, addedAt } = saved;
  return { _id: addressId, id: addressId, label, address, network, isPrimary, createdAt: addedAt, message, position: wire(position) };
}

/** POST /withdrawals/addresses */
export function addAddressHandler(deps: WithdrawalAddressDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, withdrawalAddressRoutes.addAddress);
    const saved = await addWithdrawalAddress(deps, { ...body, userId: principalOf(req).userId }, callerContext(req, res, deps.now));
    res.status(201).json(savedResponse(saved, ADDRESS_SAVED_MESSAGE));
  };
}

/** PUT /withdrawals/addresses/:id */
export function editAddressHandler(deps: WithdrawalAddressDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalAddressRoutes.editAddress);
    const saved = await editWithdrawalAddress(deps, { ...body, userId: principalOf(req).userId, addressId: params.id }, callerContext(req, res, deps.now));
    res.json(savedResponse(saved, ADDRESS_UPDATED_MESSAGE));
  };
}

/** DELETE /withdrawals/addresses/:id */
export function removeAddressHandler(deps: WithdrawalAddressDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, withdrawalAddressRoutes.removeAddress);
    const position = await removeWithdrawalAddress(deps, { userId: principalOf(req).userId, addressId: params.id }, callerContext(req, res, deps.now));
    res.json({ message: ADDRESS_DELETED_MESSAGE, position: wire(position) });
  };
}

/** POST /withdrawals/addresses/:id/set-primary */
export function setPrimaryAddressHandler(deps: WithdrawalAddressDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, withdrawalAddressRoutes.setPrimaryAddress);
    const position = await setPrimaryWithdrawalAddress(deps, { userId: principalOf(req).userId, addressId: params.id }, callerContext(req, res, deps.now));
    res.json({ message: PRIMARY_SET_MESSAGE, position: wire(position) });
  };
}
