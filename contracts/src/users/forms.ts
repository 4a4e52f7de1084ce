import { z } from 'zod';
import { RegisterRequest } from './dto.js';
import { ConfirmPassword, NewPassword, presentedPassword } from './fields.js';

/**
 * The SPA's forms: the request schemas plus what only a form has (a confirmation, the terms box),
 * and the few messages the screen words differently from the API.
 */

/**
 * "Passwords do not match" under a typed confirmation. It sits beside the fields' own schema in an
 * intersection so it is checked even while another field is wrong: zod skips an object's
 * refinements once a field has aborted (a blank required name).
 */
function confirms(key: 'password' | 'newPassword') {
  return z
    .object({ [key]: z.string(), confirmPassword: z.string() })
    .refine((values: Record<string, string>) => values.confirmPassword === '' || values.confirmPassword === values[key], {
      error: 'Passwords do not match',
      path: ['confirmPassword'],
    });
}

/** The registration form: the request's fields, a confirmation and the terms box. */
export const RegisterForm = z.intersection(
  RegisterRequest.extend({
    confirmPassword: ConfirmPassword,
    acceptTerms: z.boolean().refine((accepted) => accepted, { error: 'You must agree to the terms and conditions' }),
  }),
  confirms('password'),
);
export type RegisterForm = z.input<typeof RegisterForm>;

/** The reset-password form (the token comes from the link, not the form). */
export const ResetPasswordForm = z.intersection(z.object({ newPassword: NewPassword, confirmPassword: ConfirmPassword }), confirms('newPassword'));
export type ResetPasswordForm = z.input<typeof ResetPasswordForm>;

/** The change-password form: the request's rules, where an empty new password reads "New password is required". */
export const ChangePasswordForm = z.intersection(
  z.object({
    currentPassword: presentedPassword('Current password'),
    newPassword: z.string().min(1, { error: 'New password is required', abort: true }).pipe(NewPassword),
    confirmPassword: ConfirmPassword,
  }),
  confirms('newPassword'),
);
export type ChangePasswordForm = z.input<typeof ChangePasswordForm>;
