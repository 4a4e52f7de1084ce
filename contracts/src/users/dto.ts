import { z } from 'zod';
import { idField, jsonBody, limitQuery, pageQuery, SearchQuery } from '../shared/fields.js';
import { MessageAccepted } from '../shared/problem.js';
import {
  ConfirmPassword,
  Email,
  FirstName,
  LastName,
  NewPassword,
  presentedPassword,
  UserRejectionReason,
  UserRole,
  UserStatus,
  UserStatusFilter,
} from './fields.js';

/** POST /auth/register. */
export const RegisterRequest = jsonBody({
  firstName: FirstName,
  lastName: LastName,
  email: Email,
  password: NewPassword,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/**
 * The same answer whether the email was free or not (the owner of a taken email is told by mail
 * instead), so registration does not reveal who has an account.
 */
export const RegisterResponse = z.object({
  message: z.string(),
  position: z.string().nullable(),
});

/** POST /auth/verify-email: the token of the confirmation link, `<userId>.<secret>`. */
export const VerifyEmailRequest = jsonBody({
  token: z
    .string({ error: 'This confirmation link is invalid or has expired.' })
    .max(512, { error: 'This confirmation link is invalid or has expired.' })
    .regex(/^[A-Za-z0-9-]{1,64}\.[A-Za-z0-9_-]{16,400}$/, { error: 'This confirmation link is invalid or has expired.' }),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/** A user as the API shows it. `_id` and `id` are the same. */
export const UserDto = z.object({
  _id: z.string(),
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: UserRole,
  status: UserStatus,
  walletAddress: z.string().nullable(),
  /** The plan an admin put the member on; null: the default plan. */
  subscriptionPlan: z.string().nullable(),
  /** The name of the plan the member is on (the default plan's when `subscriptionPlan` is null). */
  subscriptionPlanName: z.string().nullable(),
  primaryWithdrawalAddress: z.string().nullable(),
  /** Whether the owner confirmed the email; an account is approved only once it is. */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type UserDto = z.infer<typeof UserDto>;

/** The member a deposit or withdrawal belongs to, as the admin tables show them. */
export const UserRef = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type UserRef = z.infer<typeof UserRef>;

/** GET /users/pending: the oldest pending registrations (the admin dashboard asks for 5). */
export const PendingUsersQuery = z.object({ limit: limitQuery(10) });
export type PendingUsersQuery = z.infer<typeof PendingUsersQuery>;

/** A list of users with the exact total of matching users. */
export const UserListResponse = z.object({ users: z.array(UserDto), total: z.number().int() });

/** GET /users: admin list, newest first. `status` blank or absent means all; `search` matches name or email. */
export const UsersQuery = z.object({
  page: pageQuery(),
  limit: limitQuery(10),
  status: UserStatusFilter,
  search: SearchQuery,
});
export type UsersQuery = z.infer<typeof UsersQuery>;

/** GET /users answer: one page and the exact total. */
export const UserPageResponse = z.object({
  users: z.array(UserDto),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type UserPageResponse = z.infer<typeof UserPageResponse>;

/** PUT /users/:id (admin): any of status, role, subscription plan; blank or null plan removes it. */
export const UpdateUserRequest = jsonBody({
  status: UserStatus.optional(),
  role: UserRole.optional(),
  subscriptionPlan: z
    .union([idField('Subscription plan'), z.literal(''), z.null()], { error: 'Subscription plan must be a plan id' })
    .optional()
    .transform((value) => (value === '' ? null : value)),
}).refine((body) => body.status !== undefined || body.role !== undefined || body.subscriptionPlan !== undefined, {
  error: 'Send at least one of status, role or subscriptionPlan',
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** POST /users/:id/reject. */
export const RejectUserRequest = jsonBody({ reason: UserRejectionReason });
export type RejectUserRequest = z.infer<typeof RejectUserRequest>;

/** PUT /users/profile. The email is read-only: if sent (the SPA sends it, disabled) it is dropped. */
export const UpdateProfileRequest = jsonBody({ firstName: FirstName, lastName: LastName });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** PUT /users/password. */
export const ChangePasswordRequest = jsonBody({
  currentPassword: presentedPassword('Current password'),
  newPassword: NewPassword,
  confirmPassword: ConfirmPassword,
}).refine((body) => body.newPassword === body.confirmPassword, { error: 'Passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * PUT /users/password's answer: a change ends every earlier session, so it carries this device's
 * new pair (without it the next refresh would fail and sign the member out).
 */
export const PasswordChangedResponse = MessageAccepted.extend({ token: z.string(), refreshToken: z.string() });
export type PasswordChangedResponse = z.infer<typeof PasswordChangedResponse>;

/** GET /users/stats (admin dashboard and user management cards). `activeUsers` counts approved users. */
export const UserStatsResponse = z.object({
  data: z.object({
    users: z.object({ total: z.number().int(), pendingApproval: z.number().int(), approved: z.number().int() }),
    withdrawals: z.object({
      pending: z.number().int(),
      completed: z.number().int(),
      /** USDC, for display. */
      amounts: z.object({ completed: z.number() }),
    }),
    summary: z.object({
      activeUsers: z.number().int(),
      /** The sum of every member's latest portfolio valuation, USDC, for display. */
      assetsUnderManagement: z.number(),
    }),
  }),
});
export type UserStatsResponse = z.infer<typeof UserStatsResponse>;
