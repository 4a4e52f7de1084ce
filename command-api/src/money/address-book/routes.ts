import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import {
  EVM_ADDRESS_MESSAGE,
  withdrawalAddressRoutes,
  type CommandMetadata,
  type WithdrawalAddressCommand,
  type WithdrawalAddressSavedResponse,
} from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { checksumAddress } from '@concierge/platform/wallet/hd-wallet';
import { callerContext } from '../../identity/request-context.js';
import { handleCommand } from '@concierge/domain/shared/aggregate';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { addressBookStreamId, type AddressBookState } from '@concierge/domain/money/address-book/address-book';
import { ADDRESS_NOT_FOUND_MESSAGE, addressBookAggregate } from '@concierge/domain/money/address-book/decide';

/** Success texts. */
export const ADDRESS_SAVED_MESSAGE = 'Address saved successfully.';
export const ADDRESS_UPDATED_MESSAGE = 'Address updated successfully.';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted.';
export const PRIMARY_SET_MESSAGE = 'Primary withdrawal address updated.';

export interface AddressBookDeps {
  readonly eventStore: EventStore;
  readonly now: () => Date;
}

const wire = (position: Position | null) => (position ? formatPosition(position) : null);

const metadataOf = (ctx: CommandContext): CommandMetadata => ({
  actor: ctx.actor,
  now: ctx.now.toISOString(),
  correlationId: ctx.correlationId,
  commandId: ctx.causationId,
});

/** Ids this service issues are UUIDs; anything else names no saved address and never reaches the store. */
function addressIdOf(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  return id;
}

/** The EIP-55 form; a mixed-case address with a wrong checksum is most likely a typo, so it is refused. */
function checksummed(address: string): string {
  const result = checksumAddress(address);
  if (result === undefined) throw new ValidationError([{ field: 'address', message: EVM_ADDRESS_MESSAGE }]);
  return result;
}

/** Decides and appends on the member's book; answers with the book as it is after the command. */
async function onBook(deps: AddressBookDeps, command: WithdrawalAddressCommand, ctx: CommandContext) {
  const { newState, position } = await handleCommand(deps.eventStore, addressBookStreamId(command.data.userId), addressBookAggregate, command, ctx);
  return { book: newState, position };
}

function savedResponse(book: AddressBookState, addressId: string, message: string, position: Position | null): WithdrawalAddressSavedResponse {
  const saved = book.addresses.get(addressId);
  if (saved === undefined) throw new NotFoundError(ADDRESS_NOT_FOUND_MESSAGE);
  const { label, address, network, addedAt } = saved;
  return { _id: addressId, id: addressId, label, address, network, isPrimary: book.primaryId === addressId, createdAt: addedAt, message, position: wire(position) };
}

/** POST /withdrawals/addresses */
export function addAddressHandler(deps: AddressBookDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, withdrawalAddressRoutes.addAddress);
    const ctx = callerContext(req, res, deps.now);
    const userId = principalOf(req).userId;
    const addressId = randomUUID();
    const data = { userId, addressId, label: body.label, address: checksummed(body.address), network: body.network };
    const { book, position } = await onBook(deps, { type: 'AddWithdrawalAddress', data, metadata: metadataOf(ctx) }, ctx);
    res.status(201).json(savedResponse(book, addressId, ADDRESS_SAVED_MESSAGE, position));
  };
}

/** PUT /withdrawals/addresses/:id */
export function editAddressHandler(deps: AddressBookDeps): RequestHandler {
  return async (req, res) => {
    const { params, body } = inputOf(req, withdrawalAddressRoutes.editAddress);
    const ctx = callerContext(req, res, deps.now);
    const addressId = addressIdOf(params.id);
    const data = { userId: principalOf(req).userId, addressId, label: body.label, address: checksummed(body.address), network: body.network };
    const { book, position } = await onBook(deps, { type: 'EditWithdrawalAddress', data, metadata: metadataOf(ctx) }, ctx);
    res.json(savedResponse(book, addressId, ADDRESS_UPDATED_MESSAGE, position));
  };
}

/** DELETE /withdrawals/addresses/:id */
export function removeAddressHandler(deps: AddressBookDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, withdrawalAddressRoutes.removeAddress);
    const ctx = callerContext(req, res, deps.now);
    const data = { userId: principalOf(req).userId, addressId: addressIdOf(params.id) };
    const { position } = await onBook(deps, { type: 'RemoveWithdrawalAddress', data, metadata: metadataOf(ctx) }, ctx);
    res.json({ message: ADDRESS_DELETED_MESSAGE, position: wire(position) });
  };
}

/** POST /withdrawals/addresses/:id/set-primary */
export function setPrimaryAddressHandler(deps: AddressBookDeps): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, withdrawalAddressRoutes.setPrimaryAddress);
    const ctx = callerContext(req, res, deps.now);
    const data = { userId: principalOf(req).userId, addressId: addressIdOf(params.id) };
    const { position } = await onBook(deps, { type: 'SetPrimaryWithdrawalAddress', data, metadata: metadataOf(ctx) }, ctx);
    res.json({ message: PRIMARY_SET_MESSAGE, position: wire(position) });
  };
}
