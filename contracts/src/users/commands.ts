import { z } from 'zod';
import { defineCommand } from '../shared/command.js';
import { EntityId, UserRole, UserStatus } from './fields.js';

/**
 * Commands on `user-<userId>` (and the email reservation). Route handlers hash passwords
 * (argon2id) and verify presented ones before deciding: no raw password enters a command.
 */

/** Register a member; the handler reserves the email (`EmailReserved`, "no stream") first. */
export const RegisterUser = defineCommand('RegisterUser', {
  userId: EntityId,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  email: z.string().min(1),
  passwordHash: z.string().min(1),
  role: UserRole,
});

export const ApproveUser = defineCommand('ApproveUser', { userId: EntityId });
export const RejectUser = defineCommand('RejectUser', { userId: EntityId, reason: z.string().min(1) });

/** PUT /users/:id: each given field that differs appends its own change event. */
export const UpdateUserDetails = defineCommand('UpdateUserDetails', {
  userId: EntityId,
  status: UserStatus.optional(),
  role: UserRole.optional(),
  /** Present with null: remove the plan. Absent: leave it. */
  subscriptionPlanId: EntityId.nullable().optional(),
});

/** The user edits their own first and last name. */
export const UpdateProfile = defineCommand('UpdateProfile', { userId: EntityId, firstName: z.string().min(1), lastName: z.string().min(1) });

/** The handler has verified the current password; `passwordHash` is the new one. */
export const ChangePassword = defineCommand('ChangePassword', { userId: EntityId, passwordHash: z.string().min(1) });

export const userCommands = {
  RegisterUser,
  ApproveUser,
  RejectUser,
  UpdateUserDetails,
  UpdateProfile,
  ChangePassword,
} as const;

export type RegisterUser = z.infer<typeof RegisterUser>;
export type ApproveUser = z.infer<typeof ApproveUser>;
export type RejectUser = z.infer<typeof RejectUser>;
export type UpdateUserDetails = z.infer<typeof UpdateUserDetails>;
export type UpdateProfile = z.infer<typeof UpdateProfile>;
export type ChangePassword = z.infer<typeof ChangePassword>;
export type UserCommand = z.infer<(typeof userCommands)[keyof typeof userCommands]>;
