import type { RegisterRequest } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { keepPassword, type PasswordDeps } from '../credentials.js';
import { EMAIL_TAKEN_MESSAGE, userAggregate } from '../user/decide.js';
import { reserveEmail, type EmailReservationDeps } from './email-reservation.js';

export interface RegistrationDeps extends EmailReservationDeps, PasswordDeps {}

/**
 * Registers a user without mailing a confirmation link (an operator's or a test's; members
 * register through `registerMember`). Reserves the email (a stream appended with "no stream", so
 * exactly one user can hold it), then registers the user. A reservation whose user was never
 * written — a crash between the two appends — is taken over by the next registration for that
 * email, so no email is lost.
 */
export async function registerUser(deps: RegistrationDeps, input: RegisterRequest, ctx: CommandContext): Promise<{ userId: string; position: Position | null }> {
  const { userId, taken } = await reserveEmail(deps, input.email, ctx);
  if (taken) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  const passwordCredentialId = await keepPassword(deps, input.password);
  const data = { userId, firstName: input.firstName, lastName: input.lastName, email: input.email, passwordCredentialId };
  const { position } = await userAggregate.handle(deps, userId, { type: 'RegisterUser', data, metadata: commandMetadata(ctx) }, ctx);
  return { userId, position };
}
