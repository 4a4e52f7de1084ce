import { EmptyBody } from '../shared/fields.js';
import { MessageAccepted, MessageResponse } from '../shared/problem.js';
import { defineRoute } from '../shared/route.js';
import { UserDto, VerifyEmailRequest } from '../users/dto.js';
import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  RefreshTokenRequest,
  RefreshTokenResponse,
  ResetPasswordRequest,
  ResetTokenCheckResponse,
  ResetTokenParams,
} from './dto.js';

/** POST /auth/register lives with the users (`userRoutes.register`). */

export const login = defineRoute({
  id: 'auth.login',
  method: 'POST',
  path: '/auth/login',
  side: 'command',
  rateLimited: true,
  access: 'public',
  summary: 'Sign in; a pending account answers 403 with status pending. Rate-limited.',
  body: LoginRequest,
  response: LoginResponse,
});

export const me = defineRoute({
  id: 'auth.me',
  method: 'GET',
  path: '/auth/me',
  side: 'query',
  access: 'authenticated',
  summary: 'The signed-in user.',
  response: UserDto,
  reads: ['users'],
});

export const refreshToken = defineRoute({
  id: 'auth.refreshToken',
  method: 'POST',
  path: '/auth/refresh-token',
  side: 'command',
  access: 'public',
  summary: 'Exchange a refresh token for a new access token and a rotated refresh token.',
  body: RefreshTokenRequest,
  response: RefreshTokenResponse,
});

export const logout = defineRoute({
  id: 'auth.logout',
  method: 'POST',
  path: '/auth/logout',
  side: 'command',
  access: 'public',
  summary: 'An addition to the first design: end the refresh session of the token sent (the SPA also clears local storage).',
  body: LogoutRequest,
  response: MessageAccepted,
});

export const logoutEverywhere = defineRoute({
  id: 'auth.logoutEverywhere',
  method: 'POST',
  path: '/auth/logout-everywhere',
  side: 'command',
  access: 'authenticated',
  summary: 'An addition to the first design: end every session of the signed-in account, on every device, this one included.',
  body: EmptyBody,
  response: MessageAccepted,
});

export const verifyEmail = defineRoute({
  id: 'auth.verifyEmail',
  method: 'POST',
  path: '/auth/verify-email',
  side: 'command',
  rateLimited: true,
  access: 'public',
  summary:
    'An addition to the first design: confirm the email of a new registration with the link mailed to it; only then can it be approved. Rate-limited per address and per account.',
  body: VerifyEmailRequest,
  response: MessageAccepted,
});

export const forgotPassword = defineRoute({
  id: 'auth.forgotPassword',
  method: 'POST',
  path: '/auth/forgot-password',
  side: 'command',
  rateLimited: true,
  access: 'public',
  summary: 'Mail a reset link if the email belongs to an account; same answer either way. Rate-limited.',
  body: ForgotPasswordRequest,
  response: MessageResponse,
});

export const checkResetToken = defineRoute({
  id: 'auth.checkResetToken',
  method: 'GET',
  path: '/auth/reset-password/:token',
  side: 'command',
  access: 'public',
  summary:
    'Whether a reset link is still usable. Served by the command API from the token stream (write-side state no read model holds).',
  params: ResetTokenParams,
  response: ResetTokenCheckResponse,
});

export const resetPassword = defineRoute({
  id: 'auth.resetPassword',
  method: 'POST',
  path: '/auth/reset-password',
  side: 'command',
  rateLimited: true,
  access: 'public',
  summary: 'Set a new password with a reset token; the token is spent and all sessions end. Rate-limited.',
  body: ResetPasswordRequest,
  response: MessageAccepted,
});
