import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Email, FirstName, LastName, NewPassword } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import { handleCommand } from '../../shared/aggregate.js';
import type { CommandContext } from '../../shared/command-context.js';
import type { PasswordHasher } from '../password-hasher.js';
import { registerAccount } from '../registration/register.js';
import { userAggregate } from '../user/decide.js';
import { findUserByEmail } from '../user/find-user.js';
import { userStreamId } from '../user/user.js';

/** The first administrator: SPEC.md's password rules apply to it as to everyone. */
export const EnsureAdminInput = z.object({
  email: Email,
  password: NewPassword,
  firstName: FirstName.default('Platform'),
  lastName: LastName.default('Admin'),
});
export type EnsureAdminInput = z.input<typeof EnsureAdminInput>;

export interface EnsureAdminDeps {
  readonly eventStore: EventStore;
  readonly hasher: PasswordHasher;
  readonly now?: () => Date;
}

export interface EnsureAdminResult {
  readonly userId: string;
  /** The account did not exist and was registered. */
  readonly created: boolean;
  /** Anything was appended (registration, approval, role); false when it already was an approved admin. */
  readonly changed: boolean;
  readonly position: Position | null;
}

export class InvalidAdminInputError extends Error {
  override readonly name = 'InvalidAdminInputError';
}

/**
 * Makes sure an approved admin account exists for this email; safe to run any number of times.
 * A missing account is registered, approved and given the admin role; an existing one is
 * approved and made admin if it is not yet. An existing account's password is never changed,
 * so running this at every start does not undo a password the admin has since changed.
 */
export async function ensureAdmin(deps: EnsureAdminDeps, input: EnsureAdminInput): Promise<EnsureAdminResult> {
  const parsed = EnsureAdminInput.safeParse(input);
  if (!parsed.success) throw new InvalidAdminInputError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { email, password, firstName, lastName } = parsed.data;
  const correlationId = randomUUID();
  const ctx: CommandContext = {
    actor: { type: 'system', reason: 'create-admin' },
    correlationId,
    causationId: correlationId,
    now: deps.now?.() ?? new Date(),
  };
  let userId = (await findUserByEmail(deps.eventStore, email))?.userId;
  let registered: Position | null = null;
  if (userId === undefined) {
    try {
      ({ userId, position: registered } = await registerAccount(deps, { email, password, firstName, lastName }, ctx));
    } catch (error) {
      // Registered by someone else in the meantime: promote that account instead.
      userId = error instanceof ConflictError ? (await findUserByEmail(deps.eventStore, email))?.userId : undefined;
      if (userId === undefined) throw error;
    }
  }
  const { events, position } = await handleCommand(
    deps.eventStore,
    userStreamId(userId),
    userAggregate,
    { type: 'UpdateUserDetails', status: 'approved', role: 'admin', changedAt: ctx.now },
    ctx,
  );
  const created = registered !== null;
  return { userId, created, changed: created || events.length > 0, position: position ?? registered };
}
