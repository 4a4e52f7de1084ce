import { describe, expect, it } from 'vitest';
import { ConflictError } from '@concierge/platform/errors';
import { decideUser, EMAIL_TAKEN_MESSAGE, type RegisterUser } from './decide.js';
import { evolveUser, initialUserState, type UserEvent } from './user.js';

const register: RegisterUser = {
  type: 'RegisterUser',
  userId: 'u-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  registeredAt: new Date('2026-11-22T10:00:00.000Z'),
};

const given = (events: UserEvent[]) => events.reduce(evolveUser, initialUserState);

describe('registering a user', () => {
  it('registers a new member as a pending user with the role user', () => {
    const events = decideUser(register, given([]));
    expect(events).toEqual([
      {
        type: 'UserRegistered',
        data: {
          userId: 'u-1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          passwordHash: register.passwordHash,
          role: 'user',
          registeredAt: '2026-11-22T10:00:00.000Z',
        },
      },
    ]);
    expect(given(events)).toMatchObject({ status: 'pending', role: 'user', email: 'ada@example.com' });
  });

  it('refuses to register the same account twice', () => {
    const state = given(decideUser(register, given([])));
    expect(() => decideUser(register, state)).toThrow(ConflictError);
    expect(() => decideUser(register, state)).toThrow(EMAIL_TAKEN_MESSAGE);
  });

  it('follows the account through approval, suspension and profile changes', () => {
    const state = given([
      ...decideUser(register, given([])),
      { type: 'UserApproved', data: { userId: 'u-1', approvedAt: '2026-11-22T11:00:00.000Z' } },
      { type: 'UserStatusChanged', data: { userId: 'u-1', from: 'approved', to: 'suspended', changedAt: '2026-11-22T12:00:00.000Z' } },
      { type: 'UserProfileUpdated', data: { userId: 'u-1', firstName: 'Augusta', lastName: 'King', updatedAt: '2026-11-22T13:00:00.000Z' } },
    ]);
    expect(state).toMatchObject({ status: 'suspended', firstName: 'Augusta', lastName: 'King' });
  });
});
