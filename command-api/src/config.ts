import { z } from 'zod';
import { FeePercentage } from '@concierge/contracts';
import { AuditKeyConfig } from '@concierge/platform/audit/audit-key';
import { BaseConfig } from '@concierge/platform/config/env';
import type { AttemptLimit, AuthRateLimits } from './identity/rate-limits.js';

const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
const seconds = (fallback: number) => z.coerce.number().int().min(1).max(7 * 24 * 3600).default(fallback);
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const CommandApiConfig = BaseConfig.and(
  z.object({
    COMMAND_API_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
    COMMAND_API_HOST: z.string().default('127.0.0.1'),
    /** argon2id memory in KiB and passes; OWASP's minimum by default. */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8_192).max(1_048_576).default(19_456),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
    /** Where members reach the app; links in mail (password reset) point here. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /** When both are set, this account is made sure to exist as an approved admin at start. */
    ADMIN_EMAIL: optionalText,
    ADMIN_PASSWORD: optionalText,
    ADMIN_FIRST_NAME: z.string().default('Platform'),
    ADMIN_LAST_NAME: z.string().default('Admin'),
    /**
     * The fee (percent, 0 to 100, at most 2 decimals) the default plan "Premium Concierge" is made
     * with at the first start; afterwards admins set it in the Subscription Manager.
     */
    DEFAULT_PLAN_FEE_PERCENT: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), FeePercentage),
    /** BIP-39 phrase deposit addresses and keys derive from; generated into DATA_DIR outside production. */
    WALLET_MNEMONIC: optionalText,
    /** Attempts per window (seconds), per client IP and per email. */
    RATE_LIMIT_LOGIN_PER_IP: count(50),
    RATE_LIMIT_LOGIN_WINDOW_SECONDS: seconds(15 * 60),
    /** Wrong passwords per email and address before each sign-in attempt waits 1 s, doubling up to the maximum. */
    LOGIN_BACKOFF_FREE_FAILURES: count(5),
    LOGIN_BACKOFF_MAX_SECONDS: seconds(15 * 60),
    /** Wrong passwords per email from all addresses together before each attempt waits 1 s, doubling up to the maximum; a success resets it. */
    LOGIN_ACCOUNT_BACKOFF_FREE_FAILURES: count(20),
    LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS: seconds(5 * 60),
    /** PUT /users/password per account and window; that many wrong current passwords in a row end every session. */
    RATE_LIMIT_PASSWORD_CHANGE_PER_ACCOUNT: count(10),
    RATE_LIMIT_PASSWORD_CHANGE_WINDOW_SECONDS: seconds(15 * 60),
    PASSWORD_CHANGE_FAILURES_BEFORE_SIGN_OUT: count(5),
    RATE_LIMIT_REGISTER_PER_IP: count(20),
    RATE_LIMIT_REGISTER_PER_EMAIL: count(5),
    RATE_LIMIT_REGISTER_WINDOW_SECONDS: seconds(60 * 60),
    RATE_LIMIT_FORGOT_PASSWORD_PER_IP: count(20),
    RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL: count(5),
    RATE_LIMIT_FORGOT_PASSWORD_WINDOW_SECONDS: seconds(60 * 60),
    RATE_LIMIT_RESET_PASSWORD_PER_IP: count(20),
    RATE_LIMIT_RESET_PASSWORD_WINDOW_SECONDS: seconds(15 * 60),
    /** POST /auth/verify-email per client IP, and per account the token names, in each window. */
    RATE_LIMIT_VERIFY_EMAIL_PER_IP: count(20),
    RATE_LIMIT_VERIFY_EMAIL_PER_ACCOUNT: count(10),
    RATE_LIMIT_VERIFY_EMAIL_WINDOW_SECONDS: seconds(15 * 60),
  }),
).and(AuditKeyConfig);
export type CommandApiConfig = z.infer<typeof CommandApiConfig>;

/** The rate limits the configuration asks for. */
export function authRateLimitsOf(config: CommandApiConfig): AuthRateLimits {
  const limit = (perIp: number, perEmail: number, windowSeconds: number): AttemptLimit => ({ perIp, perEmail, windowSeconds });
  return {
    login: {
      perIp: config.RATE_LIMIT_LOGIN_PER_IP,
      windowSeconds: config.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
      freeFailures: config.LOGIN_BACKOFF_FREE_FAILURES,
      maxDelaySeconds: config.LOGIN_BACKOFF_MAX_SECONDS,
      accountFreeFailures: config.LOGIN_ACCOUNT_BACKOFF_FREE_FAILURES,
      accountMaxDelaySeconds: config.LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS,
    },
    register: limit(config.RATE_LIMIT_REGISTER_PER_IP, config.RATE_LIMIT_REGISTER_PER_EMAIL, config.RATE_LIMIT_REGISTER_WINDOW_SECONDS),
    forgotPassword: limit(
      config.RATE_LIMIT_FORGOT_PASSWORD_PER_IP,
      config.RATE_LIMIT_FORGOT_PASSWORD_PER_EMAIL,
      config.RATE_LIMIT_FORGOT_PASSWORD_WINDOW_SECONDS,
    ),
    // The reset form carries a token, not an email: it is limited per IP only.
    resetPassword: limit(config.RATE_LIMIT_RESET_PASSWORD_PER_IP, config.RATE_LIMIT_RESET_PASSWORD_PER_IP, config.RATE_LIMIT_RESET_PASSWORD_WINDOW_SECONDS),
    verifyEmail: {
      perIp: config.RATE_LIMIT_VERIFY_EMAIL_PER_IP,
      perAccount: config.RATE_LIMIT_VERIFY_EMAIL_PER_ACCOUNT,
      windowSeconds: config.RATE_LIMIT_VERIFY_EMAIL_WINDOW_SECONDS,
    },
    changePassword: {
      perAccount: config.RATE_LIMIT_PASSWORD_CHANGE_PER_ACCOUNT,
      windowSeconds: config.RATE_LIMIT_PASSWORD_CHANGE_WINDOW_SECONDS,
      failuresBeforeSignOut: config.PASSWORD_CHANGE_FAILURES_BEFORE_SIGN_OUT,
    },
  };
}
