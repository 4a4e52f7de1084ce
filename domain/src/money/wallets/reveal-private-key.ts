import { ForbiddenError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { deriveDepositWallet } from '@concierge/platform/wallet/hd-wallet';
import { spendStepUpGrant } from '../../identity/step-up/spend-step-up-grant.js';
import type { StepUpScope } from '../../identity/step-up/step-up.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { walletAggregate } from './decide.js';
import { depositAddressOf } from './deposit-address.js';
import type { KeyRevealDeps } from './grant-key-reveal.js';

export const STEP_UP_REQUIRED_MESSAGE = 'Re-enter your password and give a reason to reveal this key.';
export const MNEMONIC_MISMATCH_MESSAGE =
  "The configured wallet mnemonic does not derive this member's deposit address; check WALLET_MNEMONIC.";

/** A grant is 43 characters; anything much longer is not one and is not worth hashing. */
const MAX_GRANT_LENGTH = 128;

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
export async function revealPrivateKey(
  deps: KeyRevealDeps,
  input: { readonly scope: StepUpScope; readonly grant: string },
  ctx: CommandContext,
): Promise<RevealedKey> {
  const { scope, grant } = input;
  const deposit = await depositAddressOf(deps, scope.memberId);
  if (grant === '' || grant.length > MAX_GRANT_LENGTH) throw new ForbiddenError(STEP_UP_REQUIRED_MESSAGE, { stepUpRequired: true });
  const derived = deriveDepositWallet(deps.mnemonic, deposit.derivationIndex);
  // A changed WALLET_MNEMONIC would hand out a key that does not control the address: stop, and log it for the operator.
  if (derived.address !== deposit.address) throw new Error(MNEMONIC_MISMATCH_MESSAGE);
  const reason = await spendStepUpGrant(deps, { scope, grant }, ctx);
  const command = { type: 'RevealPrivateKey' as const, data: { userId: scope.memberId, reason }, metadata: commandMetadata(ctx) };
  const { position } = await walletAggregate.handle(deps, scope.memberId, command, ctx);
  return { address: derived.address, privateKey: derived.privateKey, position };
}
