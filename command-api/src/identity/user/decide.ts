import { ConflictError } from '@concierge/platform/errors';
import { initialUserState, evolveUser, type UserEvent, type UserState } from './user.js';

export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly registeredAt: Date;
}

export type UserCommand = RegisterUser;

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

export function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'unregistered') throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  return [
    {
      type: 'UserRegistered',
      data: {
        userId: command.userId,
        firstName: command.firstName,
        lastName: command.lastName,
        email: command.email,
        passwordHash: command.passwordHash,
        role: 'user',
        registeredAt: command.registeredAt.toISOString(),
      },
    },
  ];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return registerUser(command, state);
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown user command ${String(unexpected)}`);
    }
  }
}

export const userAggregate = { initialState: initialUserState, evolve: evolveUser, decide: decideUser };
