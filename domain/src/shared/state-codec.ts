import type { JsonValue } from '@concierge/platform/snapshot-store/port';
import { PersistentMap } from './persistent-map.js';

/**
 * How an aggregate's state becomes JSON and back, exactly. JSON has no bigint (money is bigint
 * micro-USDC), Map, Set, Date or undefined, so each is written as a one-key object whose key
 * names it: `{"$bigint":"12"}`, `{"$map":[[key, value], ...]}` (entries in order; `$pmap` for a
 * PersistentMap),
 * `{"$set":[...]}`, `{"$date":"<ISO>"}`, `{"$undefined":true}`. A state's own object keys never
 * start with `$`: encoding refuses one, so a tag is never mistaken for data. Anything else that
 * JSON would silently change (a class instance, a function, NaN or an infinity) is refused too.
 */
export function encodeState(value: unknown): JsonValue {
  switch (typeof value) {
    case 'bigint':
      return { $bigint: value.toString() };
    case 'undefined':
      return { $undefined: true };
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`A state cannot hold ${value}`);
      return value;
    case 'string':
    case 'boolean':
      return value;
    case 'object':
      return encodeObject(value);
    default:
      throw new TypeError(`A state cannot hold a ${typeof value}`);
  }
}

function encodeObject(value: object | null): JsonValue {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(encodeState);
  if (value instanceof PersistentMap) return { $pmap: [...(value as PersistentMap<unknown>)].map(([k, v]) => [k, encodeState(v)]) };
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encodeState(k), encodeState(v)]) };
  if (value instanceof Set) return { $set: [...value].map(encodeState) };
  if (value instanceof Date) return { $date: value.toISOString() };
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new TypeError('A state holds plain objects, arrays, maps and sets only');
  const out: Record<string, JsonValue> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key.startsWith('$')) throw new TypeError(`A state key cannot start with $: ${key}`);
    out[key] = encodeState(entry);
  }
  return out;
}

const TAGS = new Set(['$bigint', '$map', '$pmap', '$set', '$date', '$undefined']);

/** The inverse of `encodeState`. */
export function decodeState(json: JsonValue): unknown {
  if (json === null || typeof json !== 'object') return json;
  if (Array.isArray(json)) return (json as readonly JsonValue[]).map(decodeState);
  const record = json as { readonly [key: string]: JsonValue };
  const keys = Object.keys(record);
  const tag = keys.length === 1 && keys[0] !== undefined && TAGS.has(keys[0]) ? keys[0] : undefined;
  const inner = tag === undefined ? undefined : record[tag];
  switch (tag) {
    case '$bigint':
      return BigInt(inner as string);
    case '$undefined':
      return undefined;
    case '$date':
      return new Date(inner as string);
    case '$set':
      return new Set((inner as readonly JsonValue[]).map(decodeState));
    case '$pmap':
      return PersistentMap.from((inner as readonly (readonly [string, JsonValue])[]).map(([k, v]) => [k, decodeState(v)] as const));
    case '$map':
      return new Map((inner as readonly (readonly [JsonValue, JsonValue])[]).map(([k, v]) => [decodeState(k), decodeState(v)]));
    default:
      return Object.fromEntries(keys.map((key) => [key, decodeState(record[key] ?? null)]));
  }
}
