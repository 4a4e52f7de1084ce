import type { Filter, FindQuery, Query, Sort } from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** `doc #> '{a,b}'` for the dotted path `a.b`; field names are validated, never user text. */
export function jsonPath(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Invalid read-model field name: ${field}`);
  return `'{${field.split('.').join(',')}}'`;
}

export class SqlBuilder {
  readonly params: unknown[] = [];

  /** @param searchColumns the table's lowercased copies of fields (`searchColumn`), by field, where a search index made them. */
  constructor(private readonly searchColumns: ReadonlyMap<string, string> = new Map()) {}

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(query: Query = {}): string {
    const clauses = [...this.filterClauses(query.filter ?? {})];
    if (query.search && query.search.text.trim() !== '' && query.search.fields.length > 0) {
      const pattern = this.param(`%${escapeLike(query.search.text.trim())}%`);
      // In a UTF-8 database `x ILIKE p` is `lower(x) LIKE lower(p)`, which is how PostgreSQL computes
      // it; a stored lower(x) spares each row the JSON lookup and the lowercasing (7x on a full scan).
      const matches = (field: string) => {
        const column = this.searchColumns.get(field);
        return column ? `${column} LIKE lower(${pattern})` : `${searchKey(field)} ILIKE ${pattern}`;
      };
      clauses.push(`(${query.search.fields.map(matches).join(' OR ')})`);
    }
    return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  }

  private *filterClauses(filter: Filter): Generator<string> {
    for (const [field, condition] of Object.entries(filter)) {
      const path = filterKey(field);
      if (condition !== null && typeof condition === 'object' && !('in' in condition)) {
        // The same text expression as a sort key, so a sorted index on the field can serve the range.
        const text = `(doc #>> ${jsonPath(field)}) COLLATE "C"`;
        const bounds = [`jsonb_typeof(${path}) = 'string'`];
        if (condition.gte !== undefined) bounds.push(`${text} >= ${this.param(condition.gte)}`);
        if (condition.lte !== undefined) bounds.push(`${text} <= ${this.param(condition.lte)}`);
        yield `(${bounds.join(' AND ')})`;
      } else if (condition !== null && typeof condition === 'object') {
        const values = condition.in.filter((v) => v !== null);
        const parts = values.length > 0 ? [`${path} = ANY(${this.param(values.map((v) => JSON.stringify(v)))}::jsonb[])`] : [];
        if (condition.in.includes(null)) parts.push(`(${path} IS NULL OR ${path} = 'null'::jsonb)`);
        yield parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE';
      } else if (condition === null) {
        yield `(${path} IS NULL OR ${path} = 'null'::jsonb)`;
      } else {
        yield `${path} = ${this.param(JSON.stringify(condition))}::jsonb`;
      }
    }
  }

  /** Numbers sort numerically, strings byte-wise; see `sortKeys`. Ties are broken by id. */
  orderBy(sort: readonly Sort[] = []): string {
    return `ORDER BY ${[...sortKeys(sort), ID_SORT_KEY].join(', ')}`;
  }

  page(query: FindQuery): string {
    let sql = '';
    if (query.limit !== undefined) sql += ` LIMIT ${this.param(query.limit)}`;
    if (query.skip) sql += ` OFFSET ${this.param(query.skip)}`;
    return sql;
  }
}

/** The last sort key of every `find`, so paging is stable. */
export const ID_SORT_KEY = 'id COLLATE "C" ASC';

/**
 * Sort keys for `ORDER BY` and, identical, for indexes that serve it: numbers sort numerically,
 * strings byte-wise (COLLATE "C"), missing values first when ascending — the order MongoDB gives,
 * so both adapters page identically.
 */
export function sortKeys(sort: readonly Sort[]): string[] {
  return sort.flatMap(({ field, direction }) => {
    const dir = direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
    const path = jsonPath(field);
    return [
      `(CASE WHEN jsonb_typeof(doc #> ${path}) = 'number' THEN (doc #>> ${path})::numeric END) ${dir}`,
      `(doc #>> ${path}) COLLATE "C" ${dir}`,
    ];
  });
}

/** The expression an equality filter compares (`doc #> path = value::jsonb`), for indexes that serve it. */
export function filterKey(field: string): string {
  return `(doc #> ${jsonPath(field)})`;
}

/** The text a search matches with ILIKE where the table holds no lowercased copy of the field. */
export function searchKey(field: string): string {
  return `(doc #>> ${jsonPath(field)})`;
}

/**
 * The stored generated column holding `lower(searchKey(field))`, quoted: `ci_` and the field with
 * `$` for `.` (field names hold neither `$` nor quotes, so names never collide).
 */
export function searchColumn(field: string): string {
  jsonPath(field);
  const name = `ci_${field.replaceAll('.', '$')}`;
  if (Buffer.byteLength(name) > 63) throw new Error(`Search field name too long for a column: ${field}`);
  return `"${name}"`;
}

/** The field whose `searchColumn` has this (unquoted) name, or undefined for any other column. */
export function searchColumnField(name: string): string | undefined {
  return name.startsWith('ci_') ? name.slice(3).replaceAll('$', '.') : undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
