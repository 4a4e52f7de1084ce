import { randomUUID } from 'node:crypto';
import type { CommandMetadata } from '@concierge/contracts';
import type { Actor, NewEvent } from '@concierge/platform/event-store/port';

/** What every command carries besides its own fields: who, when, and how it links to the request. */
export interface CommandContext {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  readonly now: Date;
}

/** Builds the command context once the acting user (or the platform) is known: for use cases that learn who acts from what they read. */
export type ContextFor = (actor: Actor) => CommandContext;

/**
 * The contracts' command metadata for a request or job context: every use case builds its
 * commands `{ type, data, metadata: commandMetadata(ctx) }`, and deciders read time and actor here.
 */
export function commandMetadata(ctx: CommandContext): CommandMetadata {
  return { actor: ctx.actor, now: ctx.now.toISOString(), correlationId: ctx.correlationId, commandId: ctx.causationId };
}

export interface DomainEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

export const SCHEMA_VERSION = 1;

/** Wraps decided events in the envelope the event store keeps. */
export function toNewEvents(events: readonly DomainEvent[], ctx: CommandContext): NewEvent[] {
  return events.map((event) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      actor: ctx.actor,
      correlationId: ctx.correlationId,
      causationId: ctx.causationId,
      occurredAt: ctx.now.toISOString(),
      schemaVersion: SCHEMA_VERSION,
    },
  }));
}
