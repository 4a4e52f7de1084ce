import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Email, FirstName, LastName, NewPassword } from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { keepPassword, passwordMatches, type PasswordDeps } from '../credentials.js';
import { registerUser } from '../registration/register-user.js';
import { userAggregate } from '../user/decide.js';
import { findUserByEmail } from '../user/find-user.js';

/** The first administrator: the product's password rules apply to it as to everyone. */
export const EnsureAdminInput = z.object({
  email: Email,
  password: NewPassword,
  firstName: FirstName.default('Platform'),
  lastName: LastName.default('Admin'),
});
export type EnsureAdminInput = z.input<typeof EnsureAdminInput>;

export interface EnsureAdminDeps extends AggregateDeps, PasswordDeps {
  readonly now?: () => Date;
}

export interface EnsureAdminOptions {
  /**
   * Take over an existing account whose password is not the one given: set that password, end
   * every session of the account and record `operator` as the one who did it.
   */
  readonly takeOver?: { readonly operator: string };
}

export interface EnsureAdminResult {
  readonly userId: string;
  /** The account did not exist and was registered. */
  readonly created: boolean;
  /** Anything was appended (registration, approval, role); false when it already was an approved admin. */
  readonly changed: boolean;
  /** The account existed with another password and was taken over (`--take-over`). */
  readonly takenOver: boolean;
  /** The account's email had never been confirmed: the take-over confirmed it in the operator's name. */
  readonly confirmedByOperator: boolean;
  readonly position: Position | null;
}

export class InvalidAdminInputError extends Error {
  override readonly name = 'InvalidAdminInputError';
}

/** The account exists with a password the operator did not give: promoting it would hand admin to whoever registered it. */
export class AccountNotOwnedError extends Error {
  override readonly name = 'AccountNotOwnedError';
  constructor(readonly email: string) {
    super(
      `An account for ${email} already exists with a different password, so it may not be yours: it was not made an admin. ` +
        `Give that account's password, use another email, or take the account over with \`npm run create-admin -- --email ${email} --password <new password> --take-over\` ` +
        `(sets the new password and signs the account out everywhere).`,
    );
  }
}

/** The account exists but its email was never confirmed, so it cannot be approved without a take-over. */
export class EmailUnconfirmedError extends Error {
  override readonly name = 'EmailUnconfirmedError';
  constructor(readonly email: string) {
    super(
      `An account for ${email} exists but its email address was never confirmed, so it cannot be approved: it was not made an admin. ` +
        `Confirm it with the link mailed to ${email}, or, if you control that mailbox, take the account over with ` +
        `\`npm run create-admin -- --email ${email} --password <new password> --take-over\` (confirms the email in your name, sets the new password and signs the account out everywhere).`,
    );
  }
}

/**
 * Makes sure an approved admin account exists for this email; safe to run any number of times.
 * A missing account is registered, approved and given the admin role. An existing account is
 * promoted only when the password given is its password (the operator demonstrably holds it), or
 * with an explicit take-over, which sets the given password and ends every session of the
 * account: whoever registered the email first never becomes an admin with their own password.
 * An account whose email was never confirmed cannot be approved: a take-over confirms it in the
 * operator's name first (they vouch for a mailbox they control); without one it is refused before
 * anything is appended, so the command never stops halfway.
 * An account that already is an approved admin is left alone, so running this at every start
 * does not undo a password the admin has since changed.
 */
export async function ensureAdmin(deps: EnsureAdminDeps, input: EnsureAdminInput, options: EnsureAdminOptions = {}): Promise<EnsureAdminResult> {
  const parsed = EnsureAdminInput.safeParse(input);
  if (!parsed.success) throw new InvalidAdminInputError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { email, password, firstName, lastName } = parsed.data;
  const correlationId = randomUUID();
  const reason = options.takeOver ? `create-admin --take-over by ${options.takeOver.operator}` : 'create-admin';
  const ctx: CommandContext = { actor: { type: 'system', reason }, correlationId, causationId: correlationId, now: deps.now?.() ?? new Date() };

  let user = await findUserByEmail(deps, email);
  let registered: Position | null = null;
  let userId = user?.userId;
  if (!user) {
    try {
      ({ userId, position: registered } = await registerUser(deps, { email, password, firstName, lastName }, ctx));
    } catch (error) {
      // Registered by someone else in the meantime: that account is judged like any existing one.
      if (!(error instanceof ConflictError)) throw error;
      user = await findUserByEmail(deps, email);
      if (!user) throw error;
      userId = user.userId;
    }
  }
  if (userId === undefined) throw new Error(`No account for ${email} after registering it`);
  let takenOver = false;
  let confirmedByOperator = false;
  const alreadyAdmin = user?.status === 'approved' && user.role === 'admin';
  // An approved admin is left alone unless the operator asks to take it over (a lost admin password).
  const ownsPassword = user && (!alreadyAdmin || options.takeOver) ? await passwordMatches(deps, user.password, password) : true;
  if (!ownsPassword && !options.takeOver) throw new AccountNotOwnedError(email);
  if (user && !user.emailVerified) {
    if (!options.takeOver) throw new EmailUnconfirmedError(email);
    const confirm = { type: 'VerifyEmailByOperator' as const, data: { userId, operator: options.takeOver.operator }, metadata: commandMetadata(ctx) };
    confirmedByOperator = (await userAggregate.handle(deps, userId, confirm, ctx)).events.length > 0;
  }
  if (user && !ownsPassword && options.takeOver) {
    const passwordCredentialId = await keepPassword(deps, password);
    const takeOver = { type: 'SetPasswordByOperator' as const, data: { userId, passwordCredentialId, operator: options.takeOver.operator }, metadata: commandMetadata(ctx) };
    await userAggregate.handle(deps, userId, takeOver, ctx);
    takenOver = true;
  }
  const promote = { type: 'UpdateUserDetails' as const, data: { userId, status: 'approved' as const, role: 'admin' as const }, metadata: commandMetadata(ctx) };
  const { events, position } = await userAggregate.handle(deps, userId, promote, ctx);
  const created = registered !== null;
  return { userId, created, changed: created || takenOver || confirmedByOperator || events.length > 0, takenOver, confirmedByOperator, position: position ?? registered };
}
