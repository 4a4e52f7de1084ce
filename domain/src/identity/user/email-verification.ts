import type { IssueEmailVerification, NoteRepeatedRegistration, PendingRegistration, VerifyEmail } from '@concierge/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import { secretKey } from '../credentials.js';
import type { UserEvent, UserState } from './user.js';

/** A confirmation link is usable this long after it was mailed. */
export const EMAIL_VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export const INVALID_VERIFICATION_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. Register again with the same email to receive a new one.';
export const EMAIL_UNVERIFIED_MESSAGE = 'This person has not confirmed their email address yet, so the registration cannot be approved.';

/** The user commands about confirming the email, in the contracts' shape. */
export type EmailVerificationCommand = IssueEmailVerification | VerifyEmail | NoteRepeatedRegistration;

/** A link mailed at `issuedAt` (ISO 8601) for `registration`, usable for EMAIL_VERIFICATION_TTL_MS. */
export function verificationIssued(userId: string, secretId: string, registration: PendingRegistration, issuedAt: string): UserEvent {
  const expiresAt = new Date(Date.parse(issuedAt) + EMAIL_VERIFICATION_TTL_MS).toISOString();
  return { type: 'UserEmailVerificationIssued', data: { userId, secretId, registration, issuedAt, expiresAt } };
}

export function decideEmailVerification(command: EmailVerificationCommand, state: UserState): UserEvent[] {
  if (state.status === 'unregistered') {
    if (command.type === 'VerifyEmail') throw invalidVerificationLink();
    throw new NotFoundError('No user found with this ID.');
  }
  switch (command.type) {
    case 'IssueEmailVerification':
      if (state.emailVerified) throw new ConflictError('This email address is already confirmed.');
      return [verificationIssued(state.userId, command.data.secretId, command.data.registration, command.metadata.now)];
    case 'VerifyEmail': {
      const { linkKey } = command.data;
      // A second click on the link that confirmed it changes nothing and is not an error; any
      // other link of a confirmed account is as invalid as a wrong one of an unconfirmed account.
      if (state.emailVerified) {
        if (state.confirmedLink !== null && secretKey(state.confirmedLink) === linkKey) return [];
        throw invalidVerificationLink();
      }
      const open = state.emailVerification;
      const { now } = command.metadata;
      // Only the newest link confirms: a registration after it mailed a newer one.
      if (!open || secretKey(open.link) !== linkKey || Date.parse(now) >= Date.parse(open.expiresAt)) throw invalidVerificationLink();
      const registration = open.registration ? { registration: open.registration } : {};
      return [{ type: 'UserEmailVerified', data: { userId: state.userId, ...registration, verifiedAt: now } }];
    }
    case 'NoteRepeatedRegistration':
      return [{ type: 'UserRegistrationRepeated', data: { userId: state.userId, attemptedAt: command.metadata.now } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

export function invalidVerificationLink(): ValidationError {
  return new ValidationError([{ field: 'token', message: INVALID_VERIFICATION_LINK_MESSAGE }]);
}
