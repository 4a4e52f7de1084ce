import { z } from 'zod';

/** Field schemas with SPEC.md section 5 messages, shared by commands and request bodies. */

function requiredText(label: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
}

export const FirstName = requiredText('First name', 100);
export const LastName = requiredText('Last name', 100);

export const Email = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Email is required' : 'Please enter a valid email') })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Please enter a valid email' })
  .pipe(z.email({ error: 'Please enter a valid email' }));

export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the cost of hashing; far above any password a person types. */
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: SPEC.md's four rules plus an upper bound. */
export const NewPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` })
  .regex(/[a-z]/, { error: 'Password must contain at least one lowercase letter' })
  .regex(/[A-Z]/, { error: 'Password must contain at least one uppercase letter' })
  .regex(/[0-9]/, { error: 'Password must contain at least one number' });

/** A password being presented (login, current password): only presence and the upper bound. */
export const PresentedPassword = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Password is required' : 'Password must be text') })
  .min(1, { error: 'Password is required' })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const UserStatus = z.enum(['pending', 'approved', 'rejected', 'suspended']);
export type UserStatus = z.infer<typeof UserStatus>;

export const UserRole = z.enum(['user', 'admin', 'auditor']);
export type UserRole = z.infer<typeof UserRole>;

export const EntityId = z.string().min(1).max(64);
