import { ForbiddenError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { CONTENDED_RETRY, handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { passwordMatches, type PasswordDeps } from '../credentials.js';
import { hashToken, newSecret } from '../session/refresh-token.js';
import { keepSecret, secretMatches } from '../credentials.js';
import type { StepUpGrant } from './step-up.js';
import type { CredentialStore } from '@concierge/platform/credential-store/port';
import { randomUUID } from 'node:crypto';
import { findUserById } from '../user/find-user.js';
import { GRANT_UNKNOWN_MESSAGE, StepUpLimitError, stepUpAggregate, stepUpWaitSeconds } from './decide.js';
import { stepUpStreamId } from './step-up.js';

export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect.';

export interface StepUpDeps extends PasswordDeps {
  readonly eventStore: EventStore;
}

/** Who asks, in which session, for which member's key. */
export interface StepUpScope {
  readonly adminId: string;
  readonly sessionId: string;
  readonly memberId: string;
}

export interface IssuedGrant {
  readonly grant: string;
  readonly expiresAt: string;
  readonly position: Position | null;
}

/**
 * Checks the admin's password (argon2id, as sign-in does) and issues a single-use grant, of
 * which only the hash is stored. The limit is checked before the password is, so a throttled
 * admin's guesses are never verified; it is decided again on append, exactly. A wrong password is
 * recorded (it counts) and answered 400 with the field, like a wrong current password.
 */
export async function issueStepUpGrant(deps: StepUpDeps, scope: StepUpScope, password: string, reason: string, ctx: CommandContext): Promise<IssuedGrant> {
  const streamId = stepUpStreamId(scope.adminId);
  const { state } = await loadState(deps.eventStore, streamId, stepUpAggregate);
  const wait = stepUpWaitSeconds(state, ctx.now);
  if (wait > 0) throw new StepUpLimitError(wait);
  const admin = await findUserById(deps.eventStore, scope.adminId);
  const passwordCorrect = admin !== undefined && (await passwordMatches(deps, admin.password, password));
  const grantId = randomUUID().replaceAll('-', '');
  const secret = newSecret();
  const grant = `${grantId}${secret}`;
  const secretId = await keepSecret(deps.credentials, secret);
  const data = { ...scope, passwordCorrect, grantId, secretId, reason };
  const command = { type: 'IssueStepUpGrant' as const, data, metadata: commandMetadata(ctx) };
  const { events, position } = await handleCommand(deps.eventStore, streamId, stepUpAggregate, command, ctx, CONTENDED_RETRY);
  const granted = events.find((event) => event.type === 'StepUpGranted');
  if (!granted) throw new ValidationError([{ field: 'password', message: WRONG_PASSWORD_MESSAGE }]);
  return { grant, expiresAt: granted.data.expiresAt, position };
}

/** Spends a presented grant (403 if it is unknown, spent, expired or not for this scope); answers the reason it was given for. */
export async function spendStepUpGrant(deps: Pick<StepUpDeps, 'eventStore' | 'credentials'>, scope: StepUpScope, grant: string, ctx: CommandContext): Promise<string> {
  const streamId = stepUpStreamId(scope.adminId);
  // A grant's reason never changes, so it may be read before the grant is spent.
  const { state } = await loadState(deps.eventStore, streamId, stepUpAggregate);
  const grantKey = await presentedGrantKey(deps.credentials, state.grants, grant);
  const reason = state.grants.find((g) => g.key === grantKey)?.reason;
  const command = { type: 'UseStepUpGrant' as const, data: { ...scope, grantKey }, metadata: commandMetadata(ctx) };
  await handleCommand(deps.eventStore, streamId, stepUpAggregate, command, ctx, CONTENDED_RETRY);
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
