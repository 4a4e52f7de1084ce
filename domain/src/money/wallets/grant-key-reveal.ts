import type { PasswordDeps } from '../../identity/credentials.js';
import { issueStepUpGrant, type IssuedGrant } from '../../identity/step-up/issue-step-up-grant.js';
import type { StepUpScope } from '../../identity/step-up/step-up.js';
import type { AggregateDeps } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import { depositAddressOf } from './deposit-address.js';

/** What revealing a member's key needs: the stores, the admin's password check, and the mnemonic the keys derive from. */
export interface KeyRevealDeps extends AggregateDeps, PasswordDeps {
  readonly mnemonic: string;
}

/** An admin's password again and a reason: a grant to reveal one member's key once. */
export async function grantKeyReveal(
  deps: KeyRevealDeps,
  input: { readonly scope: StepUpScope; readonly password: string; readonly reason: string },
  ctx: CommandContext,
): Promise<IssuedGrant> {
  await depositAddressOf(deps, input.scope.memberId);
  return issueStepUpGrant(deps, input, ctx);
}
