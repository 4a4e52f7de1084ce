import type { PendingRegistration, UserEmailVerificationIssued, userEvents, UserRole, UserStatus } from '@concierge/contracts';
import type { EventOf } from '../../shared/event-union.js';
import { passwordRefOf, type PasswordRef, type SecretRef } from '../credentials.js';

export const userStreamId = (userId: string) => `user-${userId}`;

/** The users context's events but the email reservation, which has a stream of its own (`userEmail-<hash>`). */
export type UserEvent = EventOf<Exclude<keyof typeof userEvents, 'EmailReserved'>>;

/** What a registered user's stream says about them besides their status (the product's texts call it their account). */
export interface UserFacts {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly role: UserRole;
  /** Where the current password's argon2id hash is (the credential store, or a legacy event). */
  readonly password: PasswordRef;
  readonly planId: string | null;
  readonly registeredAt: string;
  /** When the password last changed (or was reset): refresh sessions issued before it are refused. */
  readonly credentialsChangedAt: string | null;
  /**
   * Every session begun before this instant is void: set by a password change or reset, a role
   * change, and sign-out everywhere. Access tokens and refresh tokens alike are refused.
   */
  readonly sessionsValidAfter: string | null;
  /**
   * Whether the owner confirmed the email. Users registered before confirmation existed, and
   * those an operator creates, count as confirmed; a registration that mails a link does not.
   */
  readonly emailVerified: boolean;
  /** The newest confirmation link still open, while the email is unconfirmed: older links confirm nothing. */
  readonly emailVerification: OpenLink | null;
  /** The link that confirmed the email: opening it again changes nothing and is not an error. */
  readonly confirmedLink: SecretRef | null;
}

/** A confirmation link: its secret's hash, its end, and the registration it confirms (none on legacy links). */
export interface OpenLink {
  readonly link: SecretRef;
  readonly expiresAt: string;
  readonly registration: PendingRegistration | null;
}

/** A user's state is keyed on status; `unregistered` is the empty stream. */
export type UserState = { status: 'unregistered' } | RegisteredUser;
export type RegisteredUser = { status: UserStatus } & UserFacts;

export const initialUserState: UserState = { status: 'unregistered' };

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, email, firstName, lastName, role, registeredAt } = event.data;
    const password = passwordRefOf(event.data);
    return { status: 'pending', userId, email, firstName, lastName, role, password, planId: null, registeredAt, credentialsChangedAt: null, sessionsValidAfter: null, emailVerified: true, emailVerification: null, confirmedLink: null };
  }
  if (state.status === 'unregistered') return state;
  switch (event.type) {
    case 'UserApproved':
      return { ...state, status: 'approved' };
    case 'UserRejected':
      return { ...state, status: 'rejected' };
    case 'UserStatusChanged':
      return { ...state, status: event.data.to };
    case 'UserRoleChanged':
      return { ...state, role: event.data.to, sessionsValidAfter: event.data.changedAt };
    case 'UserSubscriptionPlanChanged':
      return { ...state, planId: event.data.planId };
    case 'UserProfileUpdated':
      return { ...state, firstName: event.data.firstName, lastName: event.data.lastName };
    case 'UserPasswordChanged':
      return { ...state, password: passwordRefOf(event.data), credentialsChangedAt: event.data.changedAt, sessionsValidAfter: event.data.changedAt };
    case 'UserPasswordReset':
      return { ...state, password: passwordRefOf(event.data), credentialsChangedAt: event.data.resetAt, sessionsValidAfter: event.data.resetAt };
    case 'UserPasswordReplaced':
      return { ...state, password: passwordRefOf(event.data), credentialsChangedAt: event.data.setAt, sessionsValidAfter: event.data.setAt };
    case 'UserSessionsEnded':
      return { ...state, sessionsValidAfter: event.data.endedAt };
    case 'UserEmailVerificationIssued':
      return { ...state, emailVerified: false, emailVerification: openLinkOf(event.data) };
    case 'UserEmailVerified': {
      const confirmed = { ...state, emailVerified: true, emailVerification: null, confirmedLink: state.emailVerification?.link ?? null };
      const registration = event.data.registration;
      if (!registration) return confirmed;
      const { firstName, lastName, passwordCredentialId } = registration;
      return { ...confirmed, firstName, lastName, password: { credentialId: passwordCredentialId } };
    }
    case 'UserRegistrationRepeated':
      return state;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}

function openLinkOf(data: UserEmailVerificationIssued): OpenLink {
  const link: SecretRef = data.secretId !== undefined ? { secretId: data.secretId } : { tokenHash: data.tokenHash ?? '' };
  return { link, expiresAt: data.expiresAt, registration: data.registration ?? null };
}
