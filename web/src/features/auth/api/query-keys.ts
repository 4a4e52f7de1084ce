/** Query keys of the signed-in account: who it is, and the one-time links it follows. */
export const authKeys = {
  all: ['auth'] as const,
  /** GET /auth/me; a profile change invalidates it, and so does a change of the withdrawal addresses (the primary one). */
  me: () => ['auth', 'me'] as const,
  resetToken: (token: string) => ['auth', 'reset-token', token] as const,
  verifyEmail: (token: string) => ['auth', 'verify-email', token] as const,
};
