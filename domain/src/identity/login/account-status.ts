import type { UserStatus } from '@concierge/contracts';
import { ForbiddenError } from '@concierge/platform/errors';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';

/** What an account that may not sign in is told; the pending text is the product's, word for word. */
export const BLOCKED_ACCOUNT_MESSAGES = {
  pending: "Your account is pending approval. You'll receive an email once your account is approved.",
  rejected: 'Your registration was not approved. Please contact support if you think this is a mistake.',
  suspended: 'Your account has been suspended. Please contact support.',
} as const satisfies Record<Exclude<UserStatus, 'approved'>, string>;

/**
 * 403 for an account that is not approved. The problem's `status` member carries the account
 * status (`pending`, ...) instead of the number, because the product's client reads it there;
 * `accountStatus` says the same for clients that read the problem by the book.
 */
export function blockedAccountError(status: Exclude<UserStatus, 'approved'>): ForbiddenError {
  return new ForbiddenError(BLOCKED_ACCOUNT_MESSAGES[status], { status, accountStatus: status });
}
