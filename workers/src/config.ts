import { z } from 'zod';
import { BaseConfig } from '@concierge/platform/config/env';

export const WorkersConfig = BaseConfig.and(
  z.object({
    /** How long a projection job's lock lives; a killed worker's job is retaken after about this long. */
    PROJECTION_LOCK_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
    PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  }),
);
export type WorkersConfig = z.infer<typeof WorkersConfig>;
