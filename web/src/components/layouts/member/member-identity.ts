import type { UserDto } from '@concierge/contracts';

/** The plan label shown until the user has loaded: the default plan's name. */
export const DEFAULT_PLAN = 'Premium Concierge';

export interface MemberIdentity {
  readonly fullName: string | null;
  readonly email: string | null;
  /** The name of the member's subscription plan. */
  readonly plan: string;
}

export function memberIdentity(user: Pick<UserDto, 'firstName' | 'lastName' | 'email' | 'subscriptionPlanName'> | null): MemberIdentity {
  if (user === null) return { fullName: null, email: null, plan: DEFAULT_PLAN };
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return { fullName: fullName === '' ? null : fullName, email: user.email, plan: user.subscriptionPlanName ?? DEFAULT_PLAN };
}
