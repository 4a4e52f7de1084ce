import type { Filter as MongoFilter, Sort as MongoSort } from 'mongodb';
import type { FindQuery, Query, ReadModelDoc } from '../port.js';

/** A read-model document as stored: the port's `id` lives in `_id`. */
export interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** Document path of a port field name; field names come from code, and this keeps `$` operators out. */
export function fieldPath(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Invalid read-model field name: ${field}`);
  return field === 'id' ? '_id' : field;
}

export function toStored(doc: ReadModelDoc): StoredDoc {
  const { id, ...fields } = doc;
  return { ...fields, _id: id };
}

/** Documents are written only through this adapter, so a stored document has the caller's shape T. */
export function fromStored<T extends ReadModelDoc>(stored: StoredDoc): T {
  const { _id, ...fields } = stored;
  return { ...fields, id: _id } as unknown as T;
}

/**
 * Equality, `$in` and text ranges on dotted paths, ANDed; Mongo's own `null` semantics match null or missing.
 * Search ORs a case-insensitive regex over the fields, with the text escaped so it matches literally.
 */
export function toMongoFilter(query: Query = {}): MongoFilter<StoredDoc> {
  const filter: Record<string, unknown> = {};
  for (const [field, condition] of Object.entries(query.filter ?? {})) {
    if (condition !== null && typeof condition === 'object' && !('in' in condition)) {
      filter[fieldPath(field)] = {
        $type: 'string',
        ...(condition.gte !== undefined ? { $gte: condition.gte } : {}),
        ...(condition.lte !== undefined ? { $lte: condition.lte } : {}),
      };
    } else {
      filter[fieldPath(field)] = condition !== null && typeof condition === 'object' ? { $in: [...condition.in] } : condition;
    }
  }
  const search = query.search;
  const text = search?.text.trim() ?? '';
  if (search && text !== '' && search.fields.length > 0) {
    const pattern = escapeRegex(text);
    filter['$or'] = search.fields.map((field) => ({ [fieldPath(field)]: { $regex: pattern, $options: 'i' } }));
  }
  return filter;
}

/** Sort keys in order (a list, so numeric-looking names keep their place), `_id` ascending last for stable paging. */
export function toMongoSort(sort: FindQuery['sort'] = []): MongoSort {
  return mongoSortKeys(sort);
}

/** The keys of `toMongoSort` as a typed list, for indexes that serve it. */
export function mongoSortKeys(sort: FindQuery['sort'] = []): [string, 1 | -1][] {
  const keys: [string, 1 | -1][] = sort.map(({ field, direction }) => [fieldPath(field), direction === 'desc' ? -1 : 1]);
  if (!keys.some(([path]) => path === '_id')) keys.push(['_id', 1]);
  return keys;
}

/** The key under which countBy/sumBy report a group; null and missing both read "null", like the PostgreSQL adapter. */
export function groupKey(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
