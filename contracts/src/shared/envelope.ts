import { z } from 'zod';

/** Who caused an event: a signed-in user with their role, or the platform itself. */
export const Actor = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), userId: z.string().min(1), role: z.string().min(1) }),
  z.object({ type: z.literal('system'), reason: z.string().optional() }),
]);
export type Actor = z.infer<typeof Actor>;

export const EventMetadata = z.object({
  actor: Actor,
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  occurredAt: z.iso.datetime(),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** The envelope every event travels in. `data` is validated by the schema of its `type`. */
export const EventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  metadata: EventMetadata,
});
export type EventEnvelope = z.infer<typeof EventEnvelope>;

/** Global position in its wire form `<commit>-<prepare>` (see X-Min-Position). */
export const PositionText = z.string().regex(/^\d{1,20}-\d{1,20}$/);

/** Kept here for earlier importers; money lives in `money.ts`. */
export { MICRO_PER_USDC } from './money.js';
