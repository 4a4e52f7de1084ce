import { z } from 'zod';
import { AuditKeyConfig } from '@concierge/platform/audit/audit-key';
import { BaseConfig } from '@concierge/platform/config/env';
import { ChainConfig, checkChainConfig } from './chain/config.js';
import { SNAPSHOT_CONCURRENCY_DEFAULT } from './jobs/portfolio-snapshots/batch-size.js';
import { parseDuration } from './jobs/portfolio-snapshots/interval.js';

/** An empty variable (`SMTP_URL=`) means "not set", as it does for a shell user. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const WorkersConfig = BaseConfig.and(
  z.object({
    /** How long a projection job's lock lives; a killed worker's job is retaken after about this long. */
    PROJECTION_LOCK_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
    PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** SMTP server (`smtp://user:pass@host:587`, `smtps://…`); without it mail goes to MAIL_OUTBOX_DIR. */
    SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
    /** Sender of every mail. */
    MAIL_FROM: z.string().min(3).default('Crypto Concierge <no-reply@concierge.local>'),
    /** Folder of the development outbox (one JSON file per mail); defaults to `<DATA_DIR>/outbox`. */
    MAIL_OUTBOX_DIR: optional(z.string().min(1)),
    /** How many mails one worker process sends at once. */
    MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    /** Origin the members open the app at; links in mail point there. */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
    /** BIP-39 phrase deposit addresses derive from; the command API's DATA_DIR file outside production. */
    WALLET_MNEMONIC: optional(z.string()),
    /** How often every approved member's portfolio is valued: a whole number and s, m, h or d ('1h', '15m'). */
    SNAPSHOT_INTERVAL: z
      .string()
      .default('1h')
      .transform((text, ctx) => {
        const ms = parseDuration(text);
        if (ms === undefined || ms < 10_000) {
          ctx.addIssue({ code: 'custom', message: "SNAPSHOT_INTERVAL must be a duration of at least 10s, e.g. '1h' or '15m'" });
          return z.NEVER;
        }
        return ms;
      }),
    /** Snapshot jobs one worker process holds at once: by default one full batch (SNAPSHOT_BATCH_SIZE members share one chain read). */
    SNAPSHOT_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(SNAPSHOT_CONCURRENCY_DEFAULT),
    /** 'off' leaves the rounds to someone else: `npm run demo` schedules them once it has built its history. */
    SNAPSHOT_SCHEDULE: z.enum(['on', 'off'], { error: "SNAPSHOT_SCHEDULE must be 'on' or 'off'" }).default('on'),
    /** How long a snapshot job's lock lives; a killed worker's job is retaken after about this long. */
    SNAPSHOT_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
    /**
     * A token registry of CHAIN_ID that is not committed, as a JSON file `{ registry, multicallAddress }`:
     * the development chain of `npm run demo` writes one. Read only when CHAIN_ID has no committed registry.
     */
    TOKEN_REGISTRY_FILE: optional(z.string().min(1)),
    /** Where the workers serve `/metrics` (their only HTTP port); 0 picks a free port, logged at start. */
    WORKERS_METRICS_HOST: z.string().default('127.0.0.1'),
    WORKERS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(8083),
    /** How often the hash chains are verified and a signed checkpoint of their heads is appended ('1h', '15m'). */
    AUDIT_CHECKPOINT_INTERVAL: z
      .string()
      .default('1h')
      .transform((text, ctx) => {
        const ms = parseDuration(text);
        if (ms === undefined || ms < 10_000) {
          ctx.addIssue({ code: 'custom', message: "AUDIT_CHECKPOINT_INTERVAL must be a duration of at least 10s, e.g. '1h' or '15m'" });
          return z.NEVER;
        }
        return ms;
      }),
    /**
     * The unsigned tail's bounds: a checkpoint of the events since the latest one is signed once
     * AUDIT_CHECKPOINT_EVERY_EVENTS are unsigned or the latest checkpoint is AUDIT_CHECKPOINT_EVERY
     * old, whichever comes first (looked at every 5 s at most).
     */
    AUDIT_CHECKPOINT_EVERY: z
      .string()
      .default('1m')
      .transform((text, ctx) => {
        const ms = parseDuration(text);
        if (ms === undefined || ms < 1_000) {
          ctx.addIssue({ code: 'custom', message: "AUDIT_CHECKPOINT_EVERY must be a duration of at least 1s, e.g. '1m' or '30s'" });
          return z.NEVER;
        }
        return ms;
      }),
    AUDIT_CHECKPOINT_EVERY_EVENTS: z.coerce.number().int().min(1).max(10_000_000).default(1_000),
  }),
)
  .and(AuditKeyConfig)
  .and(ChainConfig)
  .superRefine(checkChainConfig);
export type WorkersConfig = z.infer<typeof WorkersConfig>;
