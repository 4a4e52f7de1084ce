import { MessageAccepted } from '../shared/problem.js';
import { EmptyBody, IdParams } from '../shared/fields.js';
import { defineRoute } from '../shared/route.js';
import {
  ChangePasswordRequest,
  PasswordChangedResponse,
  PendingUsersQuery,
  RegisterRequest,
  RegisterResponse,
  RejectUserRequest,
  UpdateProfileRequest,
  UpdateUserRequest,
  UserDto,
  UserListResponse,
  UserPageResponse,
  UsersQuery,
  UserStatsResponse,
} from './dto.js';

export const register = defineRoute({
  id: 'auth.register',
  method: 'POST',
  path: '/auth/register',
  side: 'command',
  status: 201,
  rateLimited: true,
  access: 'public',
  summary: 'Register a member account; it starts pending approval.',
  body: RegisterRequest,
  response: RegisterResponse,
});

export const listUsers = defineRoute({
  id: 'users.list',
  method: 'GET',
  path: '/users',
  side: 'query',
  // Auditors find a member by name or email here before opening their streams (their reads are recorded).
  access: ['admin', 'auditor'],
  summary: 'Users page by page, newest first, filtered by status and by a search on name or email.',
  query: UsersQuery,
  response: UserPageResponse,
  reads: ['users'],
});

export const pendingUsers = defineRoute({
  id: 'users.pending',
  method: 'GET',
  path: '/users/pending',
  side: 'query',
  access: ['admin'],
  summary: 'Users waiting for approval, oldest first.',
  query: PendingUsersQuery,
  response: UserListResponse,
  reads: ['users'],
});

export const userStats = defineRoute({
  id: 'users.stats',
  method: 'GET',
  path: '/users/stats',
  side: 'query',
  access: ['admin'],
  summary: 'Counts of users and withdrawals for the admin cards.',
  response: UserStatsResponse,
  reads: ['users', 'withdrawals'],
});

export const updateProfile = defineRoute({
  id: 'users.updateProfile',
  method: 'PUT',
  path: '/users/profile',
  side: 'command',
  access: 'authenticated',
  summary: 'The signed-in user changes their first and last name (the email is read-only).',
  body: UpdateProfileRequest,
  response: MessageAccepted,
});

export const changePassword = defineRoute({
  id: 'users.changePassword',
  method: 'PUT',
  path: '/users/password',
  side: 'command',
  rateLimited: true,
  access: 'authenticated',
  summary: 'The signed-in user changes their password; other sessions are signed out.',
  body: ChangePasswordRequest,
  response: PasswordChangedResponse,
});

export const getUser = defineRoute({
  id: 'users.get',
  method: 'GET',
  path: '/users/:id',
  side: 'query',
  access: ['admin', 'auditor'],
  summary: 'One user (404 "No user found with this ID").',
  params: IdParams,
  response: UserDto,
  reads: ['users'],
});

export const updateUser = defineRoute({
  id: 'users.update',
  method: 'PUT',
  path: '/users/:id',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: "An admin sets a user's status, role or subscription plan.",
  params: IdParams,
  body: UpdateUserRequest,
  response: MessageAccepted,
});

export const approveUser = defineRoute({
  id: 'users.approve',
  method: 'POST',
  path: '/users/:id/approve',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: 'Approve a pending registration; a deposit wallet is assigned and an approval mail sent.',
  params: IdParams,
  body: EmptyBody,
  response: MessageAccepted,
});

export const rejectUser = defineRoute({
  id: 'users.reject',
  method: 'POST',
  path: '/users/:id/reject',
  side: 'command',
  access: ['admin'],
  sensitive: true,
  summary: 'Reject a pending registration with a reason.',
  params: IdParams,
  body: RejectUserRequest,
  response: MessageAccepted,
});
