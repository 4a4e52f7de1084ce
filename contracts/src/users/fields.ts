import { z } from 'zod';
import { requiredText, statusFilter } from '../shared/fields.js';

export { EntityId } from '../shared/fields.js';

/** Field schemas with the product's exact messages, shared by commands and request bodies. */

export const FirstName = requiredText('First name', 100);
export const LastName = requiredText('Last name', 100);

export const Email = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Email is required' : 'Please enter a valid email') })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required', abort: true })
  .max(254, { error: 'Please enter a valid email' })
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the cost of hashing; far above any password a person types. */
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: the product's four rules plus an upper bound. */
export const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required', abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .regex(/[a-z]/, { error: 'Password must contain at least one lowercase letter' })
  .regex(/[A-Z]/, { error: 'Password must contain at least one uppercase letter' })
  .regex(/[0-9]/, { error: 'Password must contain at least one number' });

/** A password being presented (login, current password): only presence and the upper bound. */
export const PresentedPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required', abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const USER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export const UserStatus = z.enum(USER_STATUSES, { error: 'Status must be one of: pending, approved, rejected, suspended' });
export type UserStatus = z.infer<typeof UserStatus>;

export const UserRole = z.enum(['user', 'admin', 'auditor'], { error: 'Role must be one of: user, admin, auditor' });
export type UserRole = z.infer<typeof UserRole>;

/** A password being presented under another label, e.g. "Current password is required". */
export function presentedPassword(label: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .min(1, { error: `${label} is required`, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: `${label} must be at most ${PASSWORD_MAX_LENGTH} characters` });
}

/** The confirmation field of a password form. */
export const ConfirmPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Please confirm your password' : 'Password confirmation must be text') })
  .min(1, { error: 'Please confirm your password', abort: true });

/** Statuses an admin filters users by; blank or `all` means every status. */
export const UserStatusFilter = statusFilter(USER_STATUSES);

/** Reason given when rejecting a registration (the SPA sends "generic reason"). */
export const UserRejectionReason = requiredText('Reason', 500);
