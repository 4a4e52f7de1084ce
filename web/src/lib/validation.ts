/**
 * Field checks with the product's messages. Each returns the message to show, or undefined
 * when the value is fine; the forms call them on every change so errors and buttons stay live.
 */

// Deliberately loose: the server has the final word; this only catches obvious typos.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string): string | undefined {
  if (value.trim() === '') return 'Email is required';
  if (!EMAIL.test(value.trim())) return 'Please enter a valid email';
  return undefined;
}

export function checkRequired(value: string, message: string): string | undefined {
  return value.trim() === '' ? message : undefined;
}

/** A new password: required, 8 characters, a lowercase letter, an uppercase letter and a number. */
export function checkNewPassword(value: string): string | undefined {
  if (value === '') return 'Password is required';
  if (value.length < 8) return 'Password must be at least 8 characters';
  if (!/[a-z]/.test(value)) return 'Password must contain at least one lowercase letter';
  if (!/[A-Z]/.test(value)) return 'Password must contain at least one uppercase letter';
  if (!/[0-9]/.test(value)) return 'Password must contain at least one number';
  return undefined;
}

export function checkConfirmation(password: string, confirmation: string): string | undefined {
  if (confirmation === '') return 'Please confirm your password';
  if (confirmation !== password) return 'Passwords do not match';
  return undefined;
}

/** True when no check returned a message. */
export function allValid(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).every((message) => message === undefined);
}
