import { z } from 'zod';
import { jsonBody } from '../shared/fields.js';
import { ConfirmPassword, Email, NewPassword, PresentedPassword } from '../users/fields.js';
import { UserDto } from '../users/dto.js';
import { RefreshToken, ResetToken } from './fields.js';

/** POST /auth/login. */
export const LoginRequest = jsonBody({
  email: Email,
  password: PresentedPassword,
  rememberMe: z.boolean({ error: 'rememberMe must be true or false' }).optional().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** A short-lived ES256 access token, the opaque refresh token and the signed-in user. */
export const LoginResponse = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: UserDto,
  position: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /auth/refresh-token. */
export const RefreshTokenRequest = jsonBody({ refreshToken: RefreshToken });
export type RefreshTokenRequest = z.infer<typeof RefreshTokenRequest>;

/** A new access token and the rotated refresh token (the one sent is spent). */
export const RefreshTokenResponse = z.object({ token: z.string(), refreshToken: z.string(), position: z.string().nullable() });
export type RefreshTokenResponse = z.infer<typeof RefreshTokenResponse>;

/** POST /auth/logout: ends the session of this refresh token. */
export const LogoutRequest = jsonBody({ refreshToken: RefreshToken });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

/** POST /auth/forgot-password. The answer is the same whether or not the email is known. */
export const ForgotPasswordRequest = jsonBody({ email: Email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** GET /auth/reset-password/:token. */
export const ResetTokenParams = z.object({ token: ResetToken });
export type ResetTokenParams = z.infer<typeof ResetTokenParams>;

/** The link is usable; an invalid or expired one answers 400 "This reset link is invalid or has expired". */
export const ResetTokenCheckResponse = z.object({ valid: z.literal(true) });

/** POST /auth/reset-password. `confirmPassword` is optional; when sent it must match. */
export const ResetPasswordRequest = jsonBody({
  token: ResetToken,
  newPassword: NewPassword,
  confirmPassword: ConfirmPassword.optional(),
}).refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.newPassword, {
  error: 'Passwords do not match',
  path: ['confirmPassword'],
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
