import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@concierge/platform/event-store/port';
import { toNewEvents, type CommandContext, type DomainEvent } from './command-context.js';

/** Either this reservation now holds the value, or someone already did: their reserving event. */
export type Reservation = { readonly held: true } | { readonly held: false; readonly holder: RecordedEvent };

/**
 * Uniqueness on the write side: a value (an email, a derivation index, a withdrawal id) is held by
 * whoever first appends to its stream with "no stream". Exactly one writer wins however many race;
 * every other one is told who holds it, and decides what that means (a retry of its own, or a 409).
 */
export async function reserve(store: EventStore, streamId: string, event: DomainEvent, ctx: CommandContext): Promise<Reservation> {
  try {
    await store.appendToStream(streamId, toNewEvents([event], ctx), { expectedRevision: 'no_stream' });
    return { held: true };
  } catch (error) {
    if (!(error instanceof WrongExpectedRevisionError)) throw error;
  }
  const [holder] = await store.readStream(streamId, { maxCount: 1 });
  if (!holder) throw new Error(`${streamId} refused "no stream" but holds no event`);
  return { held: false, holder };
}
