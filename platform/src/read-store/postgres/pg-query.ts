import type { Filter, FindQuery, Query, Sort } from '../port.js';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** `doc #> '{a,b}'` for the dotted path `a.b`; field names are validated, never user text. */
export function jsonPath(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Invalid read-model field name: ${field}`);
  return `'{${field.split('.').join(',')}}'`;
}

export class SqlBuilder {
  readonly params: unknown[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(query: Query = {}): string {
    const clauses = [...this.filterClauses(query.filter ?? {})];
    if (query.search && query.search.text.trim() !== '' && query.search.fields.length > 0) {
      const pattern = this.param(`%${escapeLike(query.search.text.trim())}%`);
      clauses.push(`(${query.search.fields.map((f) => `doc #>> ${jsonPath(f)} ILIKE ${pattern}`).join(' OR ')})`);
    }
    return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  }

  private *filterClauses(filter: Filter): Generator<string> {
    for (const [field, condition] of Object.entries(filter)) {
      const path = `doc #> ${jsonPath(field)}`;
      if (condition !== null && typeof condition === 'object') {
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

  /**
   * Numbers sort numerically, strings byte-wise (COLLATE "C"), missing values first when
   * ascending — the order MongoDB gives, so both adapters page identically.
   */
  orderBy(sort: readonly Sort[] = []): string {
    const keys = sort.flatMap(({ field, direction }) => {
      const dir = direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
      const path = jsonPath(field);
      return [
        `CASE WHEN jsonb_typeof(doc #> ${path}) = 'number' THEN (doc #>> ${path})::numeric END ${dir}`,
        `(doc #>> ${path}) COLLATE "C" ${dir}`,
      ];
    });
    keys.push('id COLLATE "C" ASC');
    return `ORDER BY ${keys.join(', ')}`;
  }

  page(query: FindQuery): string {
    let sql = '';
    if (query.limit !== undefined) sql += ` LIMIT ${this.param(query.limit)}`;
    if (query.skip) sql += ` OFFSET ${this.param(query.skip)}`;
    return sql;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
