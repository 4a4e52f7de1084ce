import { Actor } from '../shared/envelope.js';

/** Who, why and when of one recorded event, each null where its metadata does not say. */
export interface Provenance {
  readonly actor: Actor | null;
  readonly correlationId: string | null;
  readonly causationId: string | null;
  readonly occurredAt: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function instant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * Reads an event's metadata leniently, field by field: events written before every writer filled
 * it, or with a malformed part, still show what they do record and never fail a read.
 */
export function provenanceOf(metadata: unknown): Provenance {
  const record = metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {};
  const actor = Actor.safeParse(record['actor']);
  return {
    actor: actor.success ? actor.data : null,
    correlationId: text(record['correlationId']),
    causationId: text(record['causationId']),
    occurredAt: instant(record['occurredAt']),
  };
}
