import { createHash, randomUUID } from 'node:crypto';
import type { RegisterRequest } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand, loadState } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { reserve } from '../../shared/reservation.js';
import { keepPassword, type PasswordDeps } from '../credentials.js';
import { EMAIL_TAKEN_MESSAGE, userAggregate } from '../user/decide.js';
import { userStreamId } from '../user/user.js';

export interface RegistrationDeps extends PasswordDeps {
  readonly eventStore: EventStore;
  readonly newId?: () => string;
}

/** The stream that reserves one email for one user; the hash keeps addresses out of stream names. */
export function emailReservationStreamId(email: string): string {
  return `userEmail-${createHash('sha256').update(email).digest('hex')}`;
}

/**
 * Registers a user without mailing a confirmation link (an operator's or a test's; members
 * register through `registerMember`). Reserves the email (a stream appended with "no stream", so
 * exactly one user can hold it), then registers the user. A reservation whose user was never
 * written — a crash between the two appends — is taken over by the next registration for that
 * email, so no email is lost.
 */
export async function registerUser(
  deps: RegistrationDeps,
  input: RegisterRequest,
  ctx: CommandContext,
): Promise<{ userId: string; position: Position | null }> {
  const { userId, taken } = await reserveEmail(deps, input.email, ctx);
  if (taken) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  const passwordCredentialId = await keepPassword(deps, input.password);
  const { position } = await handleCommand(
    deps.eventStore,
    userStreamId(userId),
    userAggregate,
    { type: 'RegisterUser', data: { userId, firstName: input.firstName, lastName: input.lastName, email: input.email, passwordCredentialId }, metadata: commandMetadata(ctx) },
    ctx,
  );
  return { userId, position };
}

/** The user the email belongs to: a fresh reservation, or (`taken`) a user registered with it. */
export async function reserveEmail(deps: RegistrationDeps, email: string, ctx: CommandContext): Promise<{ userId: string; taken: boolean }> {
  const userId = (deps.newId ?? randomUUID)();
  const reserved = await reserve(deps.eventStore, emailReservationStreamId(email), { type: 'EmailReserved', data: { email, userId, reservedAt: ctx.now.toISOString() } }, ctx);
  if (reserved.held) return { userId, taken: false };
  const reservedFor = String(reserved.holder.data['userId']);
  const { state } = await loadState(deps.eventStore, userStreamId(reservedFor), userAggregate);
  return { userId: reservedFor, taken: state.status !== 'unregistered' };
}
