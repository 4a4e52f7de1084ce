import { ForbiddenError, ValidationError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { CONTENDED_RETRY, handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { passwordMatches, type PasswordDeps } from '../credentials.js';
import { hashToken, newSecret } from '../session/refresh-token.js';
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
  const grant = newSecret();
  const data = { ...scope, passwordCorrect, grantHash: hashToken(grant), reason };
  const command = { type: 'IssueStepUpGrant' as const, data, metadata: commandMetadata(ctx) };
  const { events, position } = await handleCommand(deps.eventStore, streamId, stepUpAggregate, command, ctx, CONTENDED_RETRY);
  const granted = events.find((event) => event.type === 'StepUpGranted');
  if (!granted) throw new ValidationError([{ field: 'password', message: WRONG_PASSWORD_MESSAGE }]);
  return { grant, expiresAt: granted.data.expiresAt, position };
}

/** Spends a presented grant (403 if it is unknown, spent, expired or not for this scope); answers the reason it was given for. */
export async function spendStepUpGrant(deps: Pick<StepUpDeps, 'eventStore'>, scope: StepUpScope, grant: string, ctx: CommandContext): Promise<string> {
  const streamId = stepUpStreamId(scope.adminId);
  const grantHash = hashToken(grant);
  // A grant's reason never changes, so it may be read before the grant is spent.
  const { state } = await loadState(deps.eventStore, streamId, stepUpAggregate);
  const reason = state.grants.find((g) => g.grantHash === grantHash)?.reason;
  const command = { type: 'UseStepUpGrant' as const, data: { ...scope, grantHash }, metadata: commandMetadata(ctx) };
  await handleCommand(deps.eventStore, streamId, stepUpAggregate, command, ctx, CONTENDED_RETRY);
  if (reason === undefined) throw new ForbiddenError(GRANT_UNKNOWN_MESSAGE);
  return reason;
}
