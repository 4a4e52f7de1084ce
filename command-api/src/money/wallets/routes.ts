import type { RequestHandler } from 'express';
import { walletRoutes, type CommandMetadata, type PrivateKeyResponse, type WalletCommand } from '@concierge/contracts';
import { principalOf } from '@concierge/platform/auth/authorize';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { inputOf } from '@concierge/platform/http/route-table';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import { callerContext } from '../../identity/request-context.js';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { NO_DEPOSIT_ADDRESS_MESSAGE, walletAggregate } from './decide.js';
import { walletStreamId } from './wallet.js';

export const AUTO_WITHDRAWAL_UPDATED_MESSAGE = 'Auto-withdrawal updated.';
export const PRIVATE_KEY_REVEALED_MESSAGE = 'Private key revealed. This access has been recorded.';
export const MNEMONIC_MISMATCH_MESSAGE =
  "The configured wallet mnemonic does not derive this member's deposit address; check WALLET_MNEMONIC.";

export interface WalletDeps {
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

const onWallet = (deps: WalletDeps, command: WalletCommand, ctx: CommandContext) =>
  handleCommand(deps.eventStore, walletStreamId(command.data.userId), walletAggregate, command, ctx);

/** PUT /wallets/auto-withdrawal: the member's own switch; the same setting again appends nothing. */
export function autoWithdrawalHandler(deps: WalletDeps): RequestHandler {
  return async (req, res) => {
    const { body } = inputOf(req, walletRoutes.autoWithdrawal);
    const ctx = callerContext(req, res, deps.now);
    const data = { userId: principalOf(req).userId, enabled: body.enabled };
    const { position } = await onWallet(deps, { type: 'ConfigureAutoWithdrawal', data, metadata: metadataOf(ctx) }, ctx);
    res.json({ message: AUTO_WITHDRAWAL_UPDATED_MESSAGE, position: wire(position) });
  };
}

/**
 * GET /wallets/user/:id/private-key (admin). The reveal is stored (PrivateKeyRevealed, actor = the
 * admin) before the key is derived, so no key is ever shown without its audit record. The key is
 * derived on demand and exists only in this response, which no cache may keep.
 */
export function privateKeyHandler(deps: WalletDeps & { readonly mnemonic: string }): RequestHandler {
  return async (req, res) => {
    const { params } = inputOf(req, walletRoutes.privateKey);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(params.id)) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
    const ctx = callerContext(req, res, deps.now);
    res.setHeader('Cache-Control', 'no-store');
    const { position } = await onWallet(deps, { type: 'RevealPrivateKey', data: { userId: params.id }, metadata: metadataOf(ctx) }, ctx);
    // A deposit address never changes once assigned, so reading it after the append is safe.
    const { state } = await loadState(deps.eventStore, walletStreamId(params.id), walletAggregate);
    if (state.deposit === null) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
    const derived = deriveDepositWallet(deps.mnemonic, state.deposit.derivationIndex);
    // A changed WALLET_MNEMONIC would hand out a key that does not control the address: stop, and log it for the operator.
    if (derived.address !== state.deposit.address) throw new Error(MNEMONIC_MISMATCH_MESSAGE);
    const body: PrivateKeyResponse = {
      address: derived.address,
      privateKey: derived.privateKey,
      message: PRIVATE_KEY_REVEALED_MESSAGE,
      position: wire(position),
    };
    res.json(body);
  };
}
