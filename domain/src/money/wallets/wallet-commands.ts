import type { WalletCommand } from '@concierge/contracts';
import { ForbiddenError, NotFoundError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import type { PasswordDeps } from '../../identity/credentials.js';
import { issueStepUpGrant, spendStepUpGrant, type IssuedGrant, type StepUpScope } from '../../identity/step-up/grants.js';
import { NO_DEPOSIT_ADDRESS_MESSAGE, walletAggregate } from './decide.js';
import { walletStreamId, type DepositAddress } from './wallet.js';

export const STEP_UP_REQUIRED_MESSAGE = 'Re-enter your password and give a reason to reveal this key.';
export const MNEMONIC_MISMATCH_MESSAGE =
  "The configured wallet mnemonic does not derive this member's deposit address; check WALLET_MNEMONIC.";

/** A grant is 43 characters; anything much longer is not one and is not worth hashing. */
const MAX_GRANT_LENGTH = 128;

const onWallet = async (store: EventStore, command: WalletCommand, ctx: CommandContext): Promise<Position | null> =>
  (await handleCommand(store, walletStreamId(command.data.userId), walletAggregate, command, ctx)).position;

/** The member's own auto-withdrawal switch; the same setting again appends nothing. */
export function configureAutoWithdrawal(store: EventStore, userId: string, enabled: boolean, ctx: CommandContext): Promise<Position | null> {
  return onWallet(store, { type: 'ConfigureAutoWithdrawal', data: { userId, enabled }, metadata: commandMetadata(ctx) }, ctx);
}

export interface KeyRevealDeps extends PasswordDeps {
  readonly eventStore: EventStore;
  readonly mnemonic: string;
}

/** The member's deposit address, or 404 before anything is counted, spent or recorded. */
export async function depositAddressOf(store: EventStore, memberId: string): Promise<DepositAddress> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  const { state } = await loadState(store, walletStreamId(memberId), walletAggregate);
  if (state.deposit === null) throw new NotFoundError(NO_DEPOSIT_ADDRESS_MESSAGE);
  return state.deposit;
}

/** An admin's password again and a reason: a grant to reveal one member's key once. */
export async function grantKeyReveal(deps: KeyRevealDeps, scope: StepUpScope, password: string, reason: string, ctx: CommandContext): Promise<IssuedGrant> {
  await depositAddressOf(deps.eventStore, scope.memberId);
  return issueStepUpGrant(deps, scope, password, reason, ctx);
}

export interface RevealedKey {
  readonly address: string;
  readonly privateKey: string;
  readonly position: Position | null;
}

/**
 * The grant is spent first, then the reveal is stored (PrivateKeyRevealed: the admin, the member,
 * the reason, the time), and only then is the key returned. A crash in between leaves a spent
 * grant and no key shown, never a key without its record.
 */
export async function revealPrivateKey(deps: KeyRevealDeps, scope: StepUpScope, grant: string, ctx: CommandContext): Promise<RevealedKey> {
  const deposit = await depositAddressOf(deps.eventStore, scope.memberId);
  if (grant === '' || grant.length > MAX_GRANT_LENGTH) throw new ForbiddenError(STEP_UP_REQUIRED_MESSAGE, { stepUpRequired: true });
  const derived = deriveDepositWallet(deps.mnemonic, deposit.derivationIndex);
  // A changed WALLET_MNEMONIC would hand out a key that does not control the address: stop, and log it for the operator.
  if (derived.address !== deposit.address) throw new Error(MNEMONIC_MISMATCH_MESSAGE);
  const reason = await spendStepUpGrant(deps, scope, grant, ctx);
  const position = await onWallet(deps.eventStore, { type: 'RevealPrivateKey', data: { userId: scope.memberId, reason }, metadata: commandMetadata(ctx) }, ctx);
  return { address: derived.address, privateKey: derived.privateKey, position };
}
