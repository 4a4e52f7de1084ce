import { ForgotPasswordRequest } from '@concierge/contracts/auth/dto';
import { RegisterForm, ResetPasswordForm } from '@concierge/contracts/users/forms';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The message the form shows under `field`: the schema's first for that field, if any. */
function messageFor(schema: z.ZodType, values: Record<string, unknown>, field: string): string | undefined {
  return schema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const REGISTRATION = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'Abcdefg1', confirmPassword: 'Abcdefg1', acceptTerms: true };
const checkEmail = (email: string) => messageFor(ForgotPasswordRequest, { email }, 'email');
const checkNewPassword = (password: string) => messageFor(RegisterForm, { ...REGISTRATION, password, confirmPassword: password }, 'password');
const checkConfirmation = (newPassword: string, confirmPassword: string) => messageFor(ResetPasswordForm, { newPassword, confirmPassword }, 'confirmPassword');

describe("the product's form messages, from the contracts' schemas", () => {
  it('checks emails', () => {
    expect(checkEmail('')).toBe('Email is required');
    expect(checkEmail('ada@')).toBe('Please enter a valid email');
    expect(checkEmail('ada@example.com')).toBeUndefined();
  });

  it('checks new passwords rule by rule', () => {
    expect(checkNewPassword('')).toBe('Password is required');
    expect(checkNewPassword('Ab1')).toBe('Password must be at least 8 characters');
    expect(checkNewPassword('ABCDEFG1')).toBe('Password must contain at least one lowercase letter');
    expect(checkNewPassword('abcdefg1')).toBe('Password must contain at least one uppercase letter');
    expect(checkNewPassword('Abcdefgh')).toBe('Password must contain at least one number');
    expect(checkNewPassword('Abcdefg1')).toBeUndefined();
  });

  it('checks the confirmation, even while another field is wrong', () => {
    expect(checkConfirmation('Abcdefg1', '')).toBe('Please confirm your password');
    expect(checkConfirmation('Abcdefg1', 'Abcdefg2')).toBe('Passwords do not match');
    expect(checkConfirmation('Abcdefg1', 'Abcdefg1')).toBeUndefined();
    expect(messageFor(RegisterForm, { ...REGISTRATION, firstName: '', confirmPassword: 'Abcdefg2' }, 'confirmPassword')).toBe('Passwords do not match');
  });

  it('asks for the terms to be accepted', () => {
    expect(messageFor(RegisterForm, { ...REGISTRATION, acceptTerms: false }, 'acceptTerms')).toBe('You must agree to the terms and conditions');
  });
});
