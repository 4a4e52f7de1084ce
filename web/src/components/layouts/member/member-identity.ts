import type { SessionUser } from '../../../lib/session';

/** The plan label shown until the user has loaded. */
export const DEFAULT_PLAN = 'Premium Concierge';

export interface MemberIdentity {
  readonly fullName: string | null;
  readonly email: string | null;
  /** Taken from the user's status field. */
  readonly plan: string;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function memberIdentity(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'status'> | null): MemberIdentity {
  if (user === null) return { fullName: null, email: null, plan: DEFAULT_PLAN };
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return { fullName: fullName === '' ? null : fullName, email: user.email, plan: user.status ? capitalize(user.status) : DEFAULT_PLAN };
}
