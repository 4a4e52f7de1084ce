import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('password strength meter', () => {
  it.each([
    ['', 'Very Weak', 0],
    ['abc', 'Weak', 1],
    ['abcdefgh', 'Fair', 2],
    ['abcdefgH', 'Good', 3],
    ['abcdefH1', 'Strong', 4],
    ['ABC1', 'Fair', 2],
    ['12345678', 'Fair', 2],
  ])('labels %j as %s (%i of 4 requirements met)', (password, label, score) => {
    const strength = passwordStrength(password);
    expect(strength.label).toBe(label);
    expect(strength.score).toBe(score);
  });

  it('lists the four requirements and which are met', () => {
    expect(passwordStrength('Abcdefgh').requirements).toEqual([
      { label: 'At least 8 characters', met: true },
      { label: 'One lowercase letter', met: true },
      { label: 'One uppercase letter', met: true },
      { label: 'One number', met: false },
    ]);
  });
});
