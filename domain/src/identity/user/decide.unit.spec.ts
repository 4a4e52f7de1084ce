import { describe, expect, it } from 'vitest';
import type { Actor, CommandMetadata, RegisterUser } from '@concierge/contracts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@concierge/platform/errors';
import { INVALID_RESET_LINK_MESSAGE } from '../password-reset/reset-token.js';
import {
  decideUser,
  EMAIL_READ_ONLY_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  OWN_ROLE_MESSAGE,
  OWN_STATUS_MESSAGE,
  PASSWORD_RACE_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  type UserCommand,
} from './decide.js';
import { evolveUser, initialUserState, type UserEvent } from './user.js';

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

const given = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);
const registered: UserEvent[] = decideUser(register, given([]));
const approved: UserEvent[] = [...registered, { type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } }];
const withStatus = (to: 'rejected' | 'suspended'): UserEvent[] => [
  ...approved,
  { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'approved', to, changedAt: iso } },
];
const when = (events: UserEvent[], command: UserCommand) => decideUser(command, given(events));

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
    expect(given(registered)).toMatchObject({ status: 'pending', role: 'user', email: 'ada@example.com', registeredAt: '2026-11-22T10:00:00.000Z' });
  });

  it('refuses to register the same account twice', () => {
    expect(() => when(registered, register)).toThrow(ConflictError);
    expect(() => when(registered, register)).toThrow(EMAIL_TAKEN_MESSAGE);
  });
});

describe('approving and rejecting a registration', () => {
  it('approves a pending user, and approving again changes nothing', () => {
    expect(when(registered, { type: 'ApproveUser', data: { userId: 'u-1' }, metadata })).toEqual([{ type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } }]);
    expect(when(approved, { type: 'ApproveUser', data: { userId: 'u-1' }, metadata })).toEqual([]);
  });

  it('rejects a pending user with the reason, and rejecting again changes nothing', () => {
    const rejected = when(registered, { type: 'RejectUser', data: { userId: 'u-1', reason: 'generic reason' }, metadata });
    expect(rejected).toEqual([{ type: 'UserRejected', data: { userId: 'u-1', reason: 'generic reason', rejectedAt: iso } }]);
    expect(when([...registered, ...rejected], { type: 'RejectUser', data: { userId: 'u-1', reason: 'generic reason' }, metadata })).toEqual([]);
  });

  it('refuses to approve a rejected or suspended account, or to reject an approved one', () => {
    expect(() => when(withStatus('rejected'), { type: 'ApproveUser', data: { userId: 'u-1' }, metadata })).toThrow(
      'Only a pending registration can be approved; this account is rejected.',
    );
    expect(() => when(withStatus('suspended'), { type: 'ApproveUser', data: { userId: 'u-1' }, metadata })).toThrow(ConflictError);
    expect(() => when(approved, { type: 'RejectUser', data: { userId: 'u-1', reason: 'x' }, metadata })).toThrow(
      'Only a pending registration can be rejected; this account is approved.',
    );
  });

  it('answers "No user found with this ID." for an account that does not exist', () => {
    expect(() => when([], { type: 'ApproveUser', data: { userId: 'u-1' }, metadata })).toThrow(NotFoundError);
    expect(() => when([], { type: 'RejectUser', data: { userId: 'u-1', reason: 'x' }, metadata })).toThrow(USER_NOT_FOUND_MESSAGE);
  });
});

describe('an admin updating user details', () => {
  it('appends one event per field that changes and nothing for fields that stay', () => {
    const events = when(approved, {
      type: 'UpdateUserDetails',
      data: { userId: 'u-1', status: 'suspended', role: 'user', subscriptionPlanId: 'plan-1' },
      metadata: meta(iso, { type: 'user', userId: 'admin-1', role: 'admin' }),
    });
    expect(events).toEqual([
      { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'approved', to: 'suspended', changedAt: iso } },
      // The member's stream names the admin who moved them.
      { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: 'plan-1', changedBy: 'admin-1', changedAt: iso } },
    ]);
    expect(given([...approved, ...events])).toMatchObject({ status: 'suspended', planId: 'plan-1' });
    expect(when([...approved, ...events], { type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'suspended', subscriptionPlanId: 'plan-1' }, metadata })).toEqual([]);
  });

  it('records setting a pending account to approved as an approval, and can remove the plan', () => {
    const withPlan: UserEvent[] = [...registered, { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: 'p', changedAt: iso } }];
    expect(when(withPlan, { type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'approved', role: 'admin', subscriptionPlanId: null }, metadata })).toEqual([
      { type: 'UserApproved', data: { userId: 'u-1', approvedAt: iso } },
      { type: 'UserRoleChanged', data: { userId: 'u-1', from: 'user', to: 'admin', changedAt: iso } },
      { type: 'UserSubscriptionPlanChanged', data: { userId: 'u-1', planId: null, changedAt: iso } },
    ]);
  });

  it('moves an account between any of the four statuses', () => {
    expect(when(withStatus('suspended'), { type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'pending' }, metadata })).toEqual([
      { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'suspended', to: 'pending', changedAt: iso } },
    ]);
  });

  it('does not let an admin demote or suspend themselves, but lets them save their own unchanged details', () => {
    const admin: UserEvent[] = [...approved, { type: 'UserRoleChanged', data: { userId: 'u-1', from: 'user', to: 'admin', changedAt: iso } }];
    expect(() => when(admin, { type: 'UpdateUserDetails', data: { userId: 'u-1', role: 'user' }, metadata: byThemselves })).toThrow(OWN_ROLE_MESSAGE);
    expect(() => when(admin, { type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'suspended' }, metadata: byThemselves })).toThrow(OWN_STATUS_MESSAGE);
    expect(when(admin, { type: 'UpdateUserDetails', data: { userId: 'u-1', status: 'approved', role: 'admin' }, metadata: byThemselves })).toEqual([]);
  });
});

describe('a member editing their own account', () => {
  it('updates the name, and saving the same name again changes nothing', () => {
    const events = when(approved, { type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', email: 'ada@example.com' }, metadata });
    expect(events).toEqual([{ type: 'UserProfileUpdated', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', updatedAt: iso } }]);
    expect(when([...approved, ...events], { type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King' }, metadata })).toEqual([]);
  });

  it('refuses a different email with "Email cannot be changed."', () => {
    const change = () => when(approved, { type: 'UpdateProfile', data: { userId: 'u-1', firstName: 'Ada', lastName: 'L', email: 'new@example.com' }, metadata });
    expect(change).toThrow(ValidationError);
    expect(change).toThrow(EMAIL_READ_ONLY_MESSAGE);
  });

  it('changes the password (by credential id, no hash in the event) and records when, so older sessions can be refused', () => {
    const events = when(approved, { type: 'ChangePassword', data: { userId: 'u-1', verifiedPassword: 'cred-1', passwordCredentialId: 'cred-2' }, metadata });
    expect(events).toEqual([{ type: 'UserPasswordChanged', data: { userId: 'u-1', passwordCredentialId: 'cred-2', changedAt: iso } }]);
    expect(given([...approved, ...events])).toMatchObject({ password: { credentialId: 'cred-2' }, credentialsChangedAt: iso });
  });

  it('still folds the password events recorded with the hash itself, before the credential store', () => {
    const legacy: UserEvent[] = [
      { type: 'UserRegistered', data: { userId: 'u-1', firstName: 'Ada', lastName: 'L', email: 'ada@example.com', passwordHash: '$argon2id$old', role: 'user', registeredAt: iso } },
    ];
    expect(given(legacy)).toMatchObject({ password: { hash: '$argon2id$old' } });
    const changed = when(legacy, { type: 'ChangePassword', data: { userId: 'u-1', verifiedPassword: '$argon2id$old', passwordCredentialId: 'cred-2' }, metadata });
    expect(given([...legacy, ...changed])).toMatchObject({ password: { credentialId: 'cred-2' } });
  });

  it('refuses a password change decided on a password that has changed since it was checked', () => {
    const stale = { userId: 'u-1', verifiedPassword: 'cred-stale', passwordCredentialId: 'cred-2' };
    const change = () => when(approved, { type: 'ChangePassword', data: stale, metadata });
    expect(change).toThrow(AppError);
    expect(change).toThrow(PASSWORD_RACE_MESSAGE);
  });

  it('sets a password through a reset link', () => {
    const events = when(approved, { type: 'ResetUserPassword', data: { userId: 'u-1', passwordCredentialId: 'cred-reset', linkIssuedAt: iso }, metadata });
    expect(events).toEqual([{ type: 'UserPasswordReset', data: { userId: 'u-1', passwordCredentialId: 'cred-reset', resetAt: iso } }]);
    expect(given([...approved, ...events])).toMatchObject({ password: { credentialId: 'cred-reset' }, credentialsChangedAt: iso });
  });

  it('refuses a reset link mailed before the password last changed (two links used at once set it once)', () => {
    const earlier = new Date(Date.parse(iso) - 60_000).toISOString();
    const changed: UserEvent = { type: 'UserPasswordChanged', data: { userId: 'u-1', passwordCredentialId: 'cred-2', changedAt: iso } };
    const oldLink = { userId: 'u-1', passwordCredentialId: 'cred-old-link', linkIssuedAt: earlier };
    const reset = () => when([...approved, changed], { type: 'ResetUserPassword', data: oldLink, metadata });
    expect(reset).toThrow(INVALID_RESET_LINK_MESSAGE);
  });

  it('follows the account through approval, suspension and profile changes', () => {
    const state = given([
      ...withStatus('suspended'),
      { type: 'UserProfileUpdated', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', updatedAt: iso } },
    ]);
    expect(state).toMatchObject({ status: 'suspended', firstName: 'Augusta', lastName: 'King' });
  });
});
