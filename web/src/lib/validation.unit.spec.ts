import { describe, expect, it } from 'vitest';
import { checkConfirmation, checkEmail, checkNewPassword } from './validation';

describe('the product\'s form messages', () => {
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

  it('checks the confirmation', () => {
    expect(checkConfirmation('Abcdefg1', '')).toBe('Please confirm your password');
    expect(checkConfirmation('Abcdefg1', 'Abcdefg2')).toBe('Passwords do not match');
    expect(checkConfirmation('Abcdefg1', 'Abcdefg1')).toBeUndefined();
  });
});
