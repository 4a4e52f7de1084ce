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
  /** Set on a withdrawal request refused because the member has no withdrawal address yet. */
  requiresWalletSetup: z.boolean().optional(),
});
export type Problem = z.infer<typeof Problem>;

/** Every command response: the global position of the last event appended (for X-Min-Position). */
export const CommandAccepted = z.object({ position: z.string().nullable() });
export type CommandAccepted = z.infer<typeof CommandAccepted>;

/** A command response with the success text the SPA shows. */
export const MessageAccepted = CommandAccepted.extend({ message: z.string() });
export type MessageAccepted = z.infer<typeof MessageAccepted>;

/** A query-side answer that is only a message (rare). */
export const MessageResponse = z.object({ message: z.string() });
