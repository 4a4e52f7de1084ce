import { randomUUID } from 'node:crypto';
import { ValidationError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { keepSecret, passwordMatches, type PasswordDeps } from '../credentials.js';
import { newSecret } from '../session/refresh-token.js';
import { findUserById } from '../user/find-user.js';
import { StepUpLimitError, stepUpAggregate, stepUpWaitSeconds } from './decide.js';
import type { StepUpScope } from './step-up.js';

export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect.';

export interface StepUpDeps extends AggregateDeps, PasswordDeps {}

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
export async function issueStepUpGrant(
  deps: StepUpDeps,
  input: { readonly scope: StepUpScope; readonly password: string; readonly reason: string },
  ctx: CommandContext,
): Promise<IssuedGrant> {
  const { scope, password, reason } = input;
  const state = await stepUpAggregate.load(deps, scope.adminId);
  const wait = stepUpWaitSeconds(state, ctx.now);
  if (wait > 0) throw new StepUpLimitError(wait);
  const admin = await findUserById(deps, scope.adminId);
  const passwordCorrect = admin !== undefined && (await passwordMatches(deps, admin.password, password));
  const grantId = randomUUID().replaceAll('-', '');
  const secret = newSecret();
  const grant = `${grantId}${secret}`;
  const secretId = await keepSecret(deps.credentials, secret);
  const data = { ...scope, passwordCorrect, grantId, secretId, reason };
  const command = { type: 'IssueStepUpGrant' as const, data, metadata: commandMetadata(ctx) };
  const { events, position } = await stepUpAggregate.handle(deps, scope.adminId, command, ctx);
  const granted = events.find((event) => event.type === 'StepUpGranted');
  if (!granted) throw new ValidationError([{ field: 'password', message: WRONG_PASSWORD_MESSAGE }]);
  return { grant, expiresAt: granted.data.expiresAt, position };
}
