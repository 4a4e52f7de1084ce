import { z } from 'zod';
import { BaseConfig } from '@concierge/platform/config/env';
import { DEFAULT_REPLAY_MIN_INTERVAL_MS } from './audit/replay-verify/routes.js';

export const QueryApiConfig = BaseConfig.and(
  z.object({
    QUERY_API_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
    QUERY_API_HOST: z.string().default('127.0.0.1'),
    /** Longest wait for projections to reach a request's X-Min-Position before answering anyway. */
    MIN_POSITION_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(2000),
    /** Readiness fails when a projection's oldest unapplied event is older than this. */
    PROJECTION_LAG_READY_MS: z.coerce.number().int().positive().default(30_000),
    /** Longest wait for a member's refresh (`GET /wallets/performance?refresh=true`) to be valued before answering the last figures. */
    /** The chain whose token registry strategy groups' symbols are checked against (see the workers' CHAIN_ID). */
    CHAIN_ID: z.coerce.number().int().positive().default(43114),
    /** A registry that is not committed (the development chain's), used when CHAIN_ID has none. */
    TOKEN_REGISTRY_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    /** Least time from the end of a full replay-verification (passed or failed) to the start of the next: a start sooner answers 429 with Retry-After. */
    REPLAY_VERIFY_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(DEFAULT_REPLAY_MIN_INTERVAL_MS),
    PORTFOLIO_REFRESH_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(5000),
  }),
);
export type QueryApiConfig = z.infer<typeof QueryApiConfig>;
