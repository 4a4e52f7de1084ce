import { describe, expect, it } from 'vitest';
import type { Actor, CommandMetadata, RegisterUser } from '@concierge/contracts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import { DeciderSpecification } from '../../shared/testing/decider-specification.js';
import { INVALID_RESET_LINK_MESSAGE } from '../password-reset/reset-token.js';
import {
  EMAIL_READ_ONLY_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  OWN_ROLE_MESSAGE,
  OWN_STATUS_MESSAGE,
  PASSWORD_RACE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  userAggregate,
} from './decide.js';
import type { UserEvent } from './user.js';

const iso = '2026-11-22T12:00:00.000Z';
const platform: Actor = { type: 'system', reason: 'test' };
/** The command's metadata: decided at `now` by `actor` (the platform unless said). */
const meta = (now = iso, actor: Actor = platform): CommandMetadata => ({ actor, now, correlationId: 'c', commandId: 'c' });
const metadata = meta();
/** An admin acting on their own user, u-1. */
const byThemselves = meta(iso, { type: 'user', userId: 'u-1', role: 'admin' });
const register: RegisterUser = {
  type: 'RegisterUser',
  data: {
    userId: 'u-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    passwordCredentialId: 'cred-1',
  },
  metadata: meta('2026-11-22T10:00:00.000Z'),
};

const spec = DeciderSpecification.for(userAggregate);
const registered: UserEvent[] = spec.given().when(register).events;
const approved: UserEvent[] = [...registered, { type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } }];
const withStatus = (to: 'rejected' | 'suspended'): UserEvent[] => [
  ...approved,
  { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'approved', to, changedAt: iso } },
];

describe('registering a user', () => {
  it('registers a new member as a pending user with the role user', () => {
    expect(registered).toEqual([
      {
        type: 'UserRegistered',
        data: {
          userId: 'u-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          passwordCredentialId: 'cred-1',
          role: 'user',
          registeredAt: '2026-11-22T10:00:00.000Z',
        },
      },
    ]);
    expect(spec.given(registered).state).toMatchObject({ status: 'pending', role: 'user', email: 'ada@example.com', registeredAt: '2026-11-22T10:00:00.000Z' });
  });

  it('refuses to register the same account twice', () => {
    spec.given(registered).when(register).thenThrows(ConflictError);
    spec.given(registered).when(register).thenThrows(EMAIL_TAKEN_MESSAGE);
  });
});

describe('approving and rejecting a registration', () => {
  it('approves a pending user, and approving again changes nothing', () => {
    spec.given(registered).when({ type: 'ApproveUser', data: { userId: 'u-1' }, metadata }).then([{ type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } }]);
    spec.given(approved).when({ type: 'ApproveUser', data: { userId: 'u-1' }, metadata }).thenNothingHappens();
  });

  it('rejects a pending user with the reason, and rejecting again changes nothing', () => {
    const rejected = spec.given(registered).when({ type: 'RejectUser', data: { userId: 'u-1', reason: 'generic reason' }, metadata }).events;
    expect(rejected).toEqual([{ type: 'UserRejected', data: { userId: 'u-1', reason: 'generic reason', rejectedAt: iso } }]);
    spec.given([...registered, ...rejected]).when({ type: 'RejectUser', data: { userId: 'u-1', reason: 'generic reason' }, metadata }).thenNothingHappens();
  });

  it('refuses to approve a rejected or suspended account, or to reject an approved one', () => {
    spec.given(withStatus('rejected')).when({ type: 'ApproveUser', data: { userId: 'u-1' }, metadata }).thenThrows(
      'Only a pending registration can be approved; this account is rejected.',
    );
    spec.given(withStatus('suspended')).when({ type: 'ApproveUser', data: { userId: 'u-1' }, metadata }).thenThrows(ConflictError);
    spec.given(approved).when({ type: 'RejectUser', data: { userId: 'u-1', reason: 'x' }, metadata }).thenThrows(
      'Only a pending registration can be rejected; this account is approved.',
    );
  });

  it('answers "No user found with this ID." for an account that does not exist', () => {
    spec.given().when({ type: 'ApproveUser', data: { userId: 'u-1' }, metadata }).thenThrows(NotFoundError);
    spec.given().when({ type: 'RejectUser', data: { userId: 'u-1', reason: 'x' }, metadata }).thenThrows(USER_NOT_FOUND_MESSAGE);
  });
});

describe('an admin updating user details', () => {
  it('appends one event per field that changes and nothing for fields that stay', () => {
    const events = spec.given(approved).when({
      type: 'UpdateUserDetails',
      data: { userId: 'u-1', status: 'suspended', role: 'user', subscriptionPlanId: 'plan-1' },
      metadata: meta(iso, { type: 'user', userId: 'admin-1', role: 'admin' }),
    }).events;
    expect(events).toEqual([
      { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'approved', to: 'suspended', changedAt: iso } },
      // The member's stream names the admin who moved them.
      { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: 'plan-1', changedBy: 'admin-1', changedAt: iso } },
    ]);
    expect(spec.given([...approved, ...events]).state).toMatchObject({ status: 'suspended', planId: 'plan-1' });
    spec.given([...approved, ...events]).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'suspended', subscriptionPlanId: 'plan-1' }, metadata }).thenNothingHappens();
  });

  it('records setting a pending account to approved as an approval, and can remove the plan', () => {
    const withPlan: UserEvent[] = [...registered, { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: 'p', changedAt: iso } }];
    spec.given(withPlan).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'approved', role: 'admin', subscriptionPlanId: null }, metadata }).then([
      { type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } },
      { type: 'UserRoleChanged', data: { userId: 'u-1', from: 'user', to: 'admin', changedAt: iso } },
      { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: null, changedAt: iso } },
    ]);
  });

  it('moves an account between any of the four statuses', () => {
    spec.given(withStatus('suspended')).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'pending' }, metadata }).then([
      { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'suspended', to: 'pending', changedAt: iso } },
    ]);
  });

  it('does not let an admin demote or suspend themselves, but lets them save their own unchanged details', () => {
    const admin: UserEvent[] = [...approved, { type: 'UserRoleChanged', data: { userId: 'u-1', from: 'user', to: 'admin', changedAt: iso } }];
    spec.given(admin).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', role: 'user' }, metadata: byThemselves }).thenThrows(OWN_ROLE_MESSAGE);
    spec.given(admin).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'suspended' }, metadata: byThemselves }).thenThrows(OWN_STATUS_MESSAGE);
    spec.given(admin).when({ type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'approved', role: 'admin' }, metadata: byThemselves }).thenNothingHappens();
  });
});

describe('a member editing their own account', () => {
  it('updates the name, and saving the same name again changes nothing', () => {
    const events = spec.given(approved).when({ type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', email: 'ada@example.com' }, metadata }).events;
    expect(events).toEqual([{ type: 'UserProfileUpdated', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', updatedAt: iso } }]);
    spec.given([...approved, ...events]).when({ type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King' }, metadata }).thenNothingHappens();
  });

  it('refuses a different email with "Email cannot be changed."', () => {
    spec.given(approved).when({ type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Ada', lastName: 'L', email: 'new@example.com' }, metadata }).thenThrows(ValidationError, EMAIL_READ_ONLY_MESSAGE);
  });

  it('changes the password (by credential id, no hash in the event) and records when, so older sessions can be refused', () => {
    const events = spec.given(approved).when({ type: 'ChangePassword', data: { userId: 'u-1', verifiedPassword: 'cred-1', passwordCredentialId: 'cred-2' }, metadata }).events;
    expect(events).toEqual([{ type: 'UserPasswordChanged', data: { userId: 'u-1', passwordCredentialId: 'cred-2', changedAt: iso } }]);
    expect(spec.given([...approved, ...events]).state).toMatchObject({ password: { credentialId: 'cred-2' }, credentialsChangedAt: iso });
  });

  it('still folds the password events recorded with the hash itself, before the credential store', () => {
    const legacy: UserEvent[] = [
      { type: 'UserRegistered', data: { userId: 'u-1', firstName: 'Ada', lastName: 'L', email: 'ada@example.com', passwordHash: '$argon2id$old', role: 'user', registeredAt: iso } },
    ];
    expect(spec.given(legacy).state).toMatchObject({ password: { hash: '$argon2id$old' } });
    const changed = spec.given(legacy).when({ type: 'ChangePassword', data: { userId: 'u-1', verifiedPassword: '$argon2id$old', passwordCredentialId: 'cred-2' }, metadata }).events;
    expect(spec.given([...legacy, ...changed]).state).toMatchObject({ password: { credentialId: 'cred-2' } });
  });

  it('refuses a password change decided on a password that has changed since it was checked', () => {
    const stale = { userId: 'u-1', verifiedPassword: 'cred-stale', passwordCredentialId: 'cred-2' };
    spec.given(approved).when({ type: 'ChangePassword', data: stale, metadata }).thenThrows(AppError, PASSWORD_RACE_MESSAGE);
  });

  it('sets a password through a reset link', () => {
    const events = spec.given(approved).when({ type: 'ResetUserPassword', data: { userId: 'u-1', passwordCredentialId: 'cred-reset', linkIssuedAt: iso }, metadata }).events;
    expect(events).toEqual([{ type: 'UserPasswordReset', data: { userId: 'u-1', passwordCredentialId: 'cred-reset', resetAt: iso } }]);
    expect(spec.given([...approved, ...events]).state).toMatchObject({ password: { credentialId: 'cred-reset' }, credentialsChangedAt: iso });
  });

  it('refuses a reset link mailed before the password last changed (two links used at once set it once)', () => {
    const earlier = new Date(Date.parse(iso) - 60_000).toISOString();
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'u-1', passwordCredentialId: 'cred-2', changedAt: iso } };
    const oldLink = { userId: 'u-1', passwordCredentialId: 'cred-old-link', linkIssuedAt: earlier };
    spec.given([...approved, changed]).when({ type: 'ResetUserPassword', data: oldLink, metadata }).thenThrows(INVALID_RESET_LINK_MESSAGE);
  });

  it('follows the account through approval, suspension and profile changes', () => {
    const state = spec.given([
      ...withStatus('suspended'),
      { type: 'UserProfileUpdated', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', updatedAt: iso } },
    ]).state;
    expect(state).toMatchObject({ status: 'suspended', firstName: 'Augusta', lastName: 'King' });
  });
});
