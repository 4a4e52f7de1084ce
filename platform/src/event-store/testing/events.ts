import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../port.js';

/** A well-formed event for store tests. */
export function testEvent(type = 'TestHappened', data: Record<string, unknown> = {}): NewEvent {
  const id = randomUUID();
  return {
    id,
    type,
    data,
    metadata: {
      actor: { type: 'system', reason: 'test' },
      correlationId: id,
      causationId: id,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** A prefix that keeps one test run's streams apart from every other run's. */
export function uniquePrefix(): string {
  return `t${randomUUID().replaceAll('-', '').slice(0, 12)}`;
}
