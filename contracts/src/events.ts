import type { z } from 'zod';
import { userEvents } from './users/events.js';

/** The data schema of every event type of the product, by type name. */
export const eventSchemas = {
  ...userEvents,
} as const satisfies Record<string, z.ZodType>;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}
