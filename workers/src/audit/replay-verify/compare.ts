import type { ReplayFieldDifference } from '@concierge/contracts';
import type { JsonValue } from '@concierge/platform/read-store/port';

/**
 * Field-by-field equality of two read-model documents, ignoring nothing: every leaf that differs,
 * is missing on one side, or changes type is named by its dotted path (array items by index, so
 * `series.hourly.3.valueMicro`). Key order is not a difference (JSONB and BSON do not keep it alike).
 */
export function fieldDifferences(live: JsonValue | undefined, rebuilt: JsonValue | undefined, path = ''): ReplayFieldDifference[] {
  if (isObject(live) && isObject(rebuilt)) {
    const keys = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
    return keys.flatMap((key) => fieldDifferences(live[key], rebuilt[key], join(path, key)));
  }
  if (Array.isArray(live) && Array.isArray(rebuilt)) {
    const length = Math.max(live.length, rebuilt.length);
    return Array.from({ length }, (_, i) => fieldDifferences(live[i], rebuilt[i], join(path, String(i)))).flat();
  }
  if (sameLeaf(live, rebuilt)) return [];
  return [{ path: path === '' ? '(document)' : path, live: live ?? null, rebuilt: rebuilt ?? null, ...absence(live, rebuilt) }];
}

/** A missing side is said in the values themselves, so `null` and "absent" never read alike. */
function absence(live: JsonValue | undefined, rebuilt: JsonValue | undefined): Partial<ReplayFieldDifference> {
  return { ...(live === undefined ? { live: MISSING } : {}), ...(rebuilt === undefined ? { rebuilt: MISSING } : {}) };
}

/** How an absent field is shown in a report. */
export const MISSING = '(missing)';

const isObject = (value: JsonValue | undefined): value is { [key: string]: JsonValue } => typeof value === 'object' && value !== null && !Array.isArray(value);

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

function sameLeaf(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  // Object against array, or a container against a leaf: the types differ.
  if (typeof a === 'object' && a !== null) return false;
  if (typeof b === 'object' && b !== null) return false;
  return Object.is(a, b);
}
