import type { CredentialStore } from '@concierge/platform/credential-store/port';
import { ForbiddenError } from '@concierge/platform/errors';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { secretMatches } from '../credentials.js';
import { hashToken } from '../session/refresh-token.js';
import { GRANT_UNKNOWN_MESSAGE, stepUpAggregate } from './decide.js';
import type { StepUpGrant, StepUpScope } from './step-up.js';

/**
 * Spends a presented grant (403 if it is unknown, spent, expired or not for this scope); answers
 * the reason it was given for. Which grant was presented is found on the state the decision reads.
 */
export async function spendStepUpGrant(
  deps: AggregateDeps & { readonly credentials: CredentialStore },
  input: { readonly scope: StepUpScope; readonly grant: string },
  ctx: CommandContext,
): Promise<string> {
  const { scope, grant } = input;
  let reason: string | undefined;
  await stepUpAggregate.handle(
    deps,
    scope.adminId,
    async (state) => {
      const grantKey = await presentedGrantKey(deps.credentials, state.grants, grant);
      // A grant's reason never changes, so it may be read before the grant is spent.
      reason = state.grants.find((g) => g.key === grantKey)?.reason;
      return { type: 'UseStepUpGrant', data: { ...scope, grantKey }, metadata: commandMetadata(ctx) };
    },
    ctx,
  );
  if (reason === undefined) throw new ForbiddenError(GRANT_UNKNOWN_MESSAGE);
  return reason;
}

/**
 * Which of the admin's grants a presented one is: `<grant id, 32 hex><secret>` whose secret matches
 * the hash kept for that id; a grant from before the credential store, by its hash. 'unknown' for none.
 */
async function presentedGrantKey(credentials: CredentialStore, grants: readonly StepUpGrant[], presented: string): Promise<string> {
  const byId = grants.find((g) => 'secretId' in g.secret && presented.startsWith(g.key));
  if (byId) return (await secretMatches(credentials, byId.secret, presented.slice(byId.key.length))) ? byId.key : 'unknown';
  const legacy = hashToken(presented);
  return grants.some((g) => g.key === legacy) ? legacy : 'unknown';
}
