import { ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import type { UserEvent, UserState } from './user.js';

/** A confirmation link is usable this long after it was mailed. */
export const EMAIL_VERIFICATION_TTL_MS = 3 * 24 * 60 * 60 * 1000;

export const INVALID_VERIFICATION_LINK_MESSAGE =
  'This confirmation link is invalid or has expired. Register again with the same email to receive a new one.';
export const EMAIL_UNVERIFIED_MESSAGE = 'This person has not confirmed their email address yet, so the registration cannot be approved.';

/** Mail a new confirmation link (a repeated registration before the email is confirmed). */
export interface IssueEmailVerification {
  readonly type: 'IssueEmailVerification';
  readonly tokenHash: string;
  readonly issuedAt: Date;
}

/** The link's secret, hashed, as presented by whoever opened the link. */
export interface VerifyEmail {
  readonly type: 'VerifyEmail';
  readonly tokenHash: string;
  readonly verifiedAt: Date;
}

/** Someone registered again with this account's email. */
export interface NoteRepeatedRegistration {
  readonly type: 'NoteRepeatedRegistration';
  readonly attemptedAt: Date;
}

export type EmailVerificationCommand = IssueEmailVerification | VerifyEmail | NoteRepeatedRegistration;

export function verificationIssued(userId: string, tokenHash: string, issuedAt: Date): UserEvent {
  const expiresAt = new Date(issuedAt.getTime() + EMAIL_VERIFICATION_TTL_MS).toISOString();
  return { type: 'UserEmailVerificationIssued', data: { userId, tokenHash, issuedAt: issuedAt.toISOString(), expiresAt } };
}

export function decideEmailVerification(command: EmailVerificationCommand, state: UserState): UserEvent[] {
  if (state.status === 'unregistered') {
    if (command.type === 'VerifyEmail') throw invalidVerificationLink();
    throw new NotFoundError('No user found with this ID.');
  }
  switch (command.type) {
    case 'IssueEmailVerification':
      if (state.emailVerified) throw new ConflictError('This email address is already confirmed.');
      return [verificationIssued(state.userId, command.tokenHash, command.issuedAt)];
    case 'VerifyEmail': {
      // A second click on the link that confirmed it changes nothing and is not an error.
      if (state.emailVerified) return [];
      const open = state.emailVerification;
      if (!open || open.tokenHash !== command.tokenHash || command.verifiedAt.getTime() >= Date.parse(open.expiresAt)) {
        throw invalidVerificationLink();
      }
      return [{ type: 'UserEmailVerified', data: { userId: state.userId, verifiedAt: command.verifiedAt.toISOString() } }];
    }
    case 'NoteRepeatedRegistration':
      return [{ type: 'UserRegistrationRepeated', data: { userId: state.userId, attemptedAt: command.attemptedAt.toISOString() } }];
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

export function invalidVerificationLink(): ValidationError {
  return new ValidationError([{ field: 'token', message: INVALID_VERIFICATION_LINK_MESSAGE }]);
}
