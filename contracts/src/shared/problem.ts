import { z } from 'zod';

export const FieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/** RFC 7807 problem details; `message` is the human text the SPA shows as a toast. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  message: z.string(),
  errors: z.array(FieldError).optional(),
});
export type Problem = z.infer<typeof Problem>;

/** Every command response: the global position of the last event appended (for X-Min-Position). */
export const CommandAccepted = z.object({ position: z.string().nullable() });
