import { defineRoute } from '../shared/route.js';
import { PendingUsersQuery, RegisterRequest, RegisterResponse, UserListResponse } from './dto.js';

export const register = defineRoute({
  id: 'auth.register',
  method: 'POST',
  path: '/auth/register',
  side: 'command',
  access: 'public',
  summary: 'Register a member account; it starts pending approval.',
  body: RegisterRequest,
  response: RegisterResponse,
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
