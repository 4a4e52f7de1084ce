import { z, type ZodRawShape } from 'zod';
import { Actor } from './envelope.js';

/**
 * What arrives with every command besides its data: who asks, the decision time and the
 * correlation id. Deciders are pure, so time and actor come from here, never from a clock.
 */
export const CommandMetadata = z.object({
  actor: Actor,
  /** The instant the command is decided at (ISO 8601, UTC). */
  now: z.iso.datetime(),
  correlationId: z.string().min(1),
  /** Becomes the `causationId` of the events the command appends. */
  commandId: z.string().min(1),
});
export type CommandMetadata = z.infer<typeof CommandMetadata>;

/**
 * A command schema `{ type, data, metadata }`. Commands live in process (built by a route
 * handler or a job from already validated input), so money in `data` is a bigint.
 */
export function defineCommand<const Type extends string, Shape extends ZodRawShape>(type: Type, data: Shape) {
  return z.object({ type: z.literal(type), data: z.object(data), metadata: CommandMetadata });
}
