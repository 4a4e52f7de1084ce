/** The four requirements of a password and the strength label by how many are met. */
export interface PasswordRequirement {
  readonly label: string;
  readonly met: boolean;
}

export type StrengthLabel = 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  /** 0 to 4: the number of requirements met. */
  readonly score: number;
  readonly label: StrengthLabel;
  readonly requirements: readonly PasswordRequirement[];
}

const LABELS: readonly StrengthLabel[] = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'];

export function passwordStrength(password: string): PasswordStrength {
  const requirements: PasswordRequirement[] = [
    { label: 'At least 8 characters', met: password.length >= 8 },
    { label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'One number', met: /[0-9]/.test(password) },
  ];
  const score = requirements.filter((requirement) => requirement.met).length;
  return { score, label: LABELS[score] ?? 'Very Weak', requirements };
}
