import type { JsonValue } from '@concierge/platform/snapshot-store/port';

const KEY = '$chained';
const HASH = /^[0-9a-f]{64}$/;

/**
 * A snapshot's state with the hash of the last event folded into it, so a fold that starts from the
 * snapshot starts from a head it can check against the stream: `{"$chained":{"head":..,"state":..}}`.
 * encodeState never writes a key starting with `$` but its own tags, so this cannot be a state.
 * Snapshots written before carry no head and are not used (the stream is folded from its start and
 * the next snapshot carries one).
 */
export function withHead(head: string, state: JsonValue): JsonValue {
  return { [KEY]: { head, state } };
}

/** The head and encoded state of a snapshot written by withHead; undefined for any other. */
export function headOf(json: JsonValue): { readonly head: string; readonly state: JsonValue } | undefined {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return undefined;
  const inner = (json as { readonly [key: string]: JsonValue })[KEY];
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return undefined;
  const { head, state } = inner as { readonly [key: string]: JsonValue };
  if (typeof head !== 'string' || !HASH.test(head) || state === undefined) return undefined;
  return { head, state };
}
