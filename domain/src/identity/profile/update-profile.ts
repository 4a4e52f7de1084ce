import type { UpdateProfileRequest } from '@concierge/contracts';
import type { Position } from '@concierge/platform/event-store/position';
import type { AggregateDeps } from '../../shared/aggregate.js';
import { commandMetadata, type CommandContext } from '../../shared/command-context.js';
import { userAggregate, type UserCommand } from '../user/decide.js';

/** A member's own names; `email` is what the form sent along, which must be the account's own (the decider refuses another). */
export interface ProfileInput extends UpdateProfileRequest {
  readonly userId: string;
  readonly email: string | undefined;
}

export async function updateProfile(deps: AggregateDeps, input: ProfileInput, ctx: CommandContext): Promise<Position | null> {
  const data = { userId: input.userId, firstName: input.firstName, lastName: input.lastName, email: input.email };
  const command: UserCommand = { type: 'UpdateProfile', data, metadata: commandMetadata(ctx) };
  return (await userAggregate.handle(deps, input.userId, command, ctx)).position;
}
