import { z } from 'zod';
import { BaseConfig } from '@concierge/platform/config/env';

export const CommandApiConfig = BaseConfig.and(
  z.object({
    COMMAND_API_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
    COMMAND_API_HOST: z.string().default('127.0.0.1'),
    /** argon2id memory in KiB and passes; OWASP's minimum by default. */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(8_192).max(1_048_576).default(19_456),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),
  }),
);
export type CommandApiConfig = z.infer<typeof CommandApiConfig>;
