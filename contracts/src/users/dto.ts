import { z } from 'zod';
import { Email, FirstName, LastName, NewPassword, UserRole, UserStatus } from './fields.js';

export const RegisterRequest = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: Email,
  password: NewPassword,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterResponse = z.object({
  message: z.string(),
  userId: z.string(),
  position: z.string().nullable(),
});

/** A user as the API shows it (SPEC.md section 3). `_id` and `id` are the same. */
export const UserDto = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: UserRole,
  status: UserStatus,
  walletAddress: z.string().nullable(),
  subscriptionPlan: z.string().nullable(),
  primaryWithdrawalAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

export const PendingUsersQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .default(10),
});

export const UserListResponse = z.object({ users: z.array(UserDto), total: z.number().int() });
