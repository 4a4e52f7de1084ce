import type { Position } from '../event-store/position.js';

/** A JSON value as stored in a read model. Money fields hold integer micro-units. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Every read-model document has a string id (its `_id` in MongoDB). */
export type ReadModelDoc = { id: string } & { [key: string]: JsonValue };

export type Scalar = string | number | boolean | null;

/** An inclusive range over a text field, compared byte-wise (ISO instants, fixed-width keys); either end may be open. */
export interface TextRange {
  readonly gte?: string;
  readonly lte?: string;
}

/**
 * Equality filters, ANDed. A value matches equal values; `{ in: [...] }` matches any listed value;
 * a `TextRange` matches text values within it (never a missing one). Field names may be dotted
 * paths into nested objects. `null` matches null or missing.
 */
export type Filter = Readonly<Record<string, Scalar | { readonly in: readonly Scalar[] } | TextRange>>;

/** Case-insensitive substring search: a document matches when any of the fields contains the text. */
export interface Search {
  readonly fields: readonly string[];
  readonly text: string;
}

export interface Sort {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
}

export interface Query {
  readonly filter?: Filter;
  readonly search?: Search;
}

export interface FindQuery extends Query {
  /** Ties are broken by id ascending, so paging is stable. */
  readonly sort?: readonly Sort[];
  readonly skip?: number;
  readonly limit?: number;
}

/**
 * A secondary index that a read model's queries need, declared once and built by each adapter in
 * the form that serves the port's queries best. Declaring one never changes what a query returns.
 */
export type IndexSpec =
  /** Serves `find` with equality filters on `equals` and this `sort` (ties by id), e.g. newest first per status. */
  | { readonly kind: 'sorted'; readonly equals?: readonly string[]; readonly sort: readonly Sort[] }
  /**
   * Serves the case-insensitive substring `search` over these fields, selective or not (a two-letter
   * search matches many documents and no trigram narrows it).
   */
  | {
      readonly kind: 'search';
      readonly fields: readonly string[];
      /**
       * Every value of these fields is short (together well under 2,000 bytes, e.g. names and an
       * email bounded by their contracts): the store may also keep them in a plain index, which a
       * search no trigram narrows then reads instead of the documents.
       */
      readonly shortValues?: boolean;
    };

/** One page of a `find` and the exact number of documents its filter and search match. */
export interface Page<T> {
  readonly docs: T[];
  readonly total: number;
}

export interface Collection<T extends ReadModelDoc> {
  get(id: string): Promise<T | undefined>;
  find(query?: FindQuery): Promise<T[]>;
  count(query?: Query): Promise<number>;
  /** `find` and `count` of the same query together: one statement where the store allows it. */
  findPage(query: FindQuery): Promise<Page<T>>;
  /** Number of documents per distinct value of `field` (missing values are grouped under "null"). */
  countBy(field: string, query?: Query): Promise<Record<string, number>>;
  /**
   * Exact sum of the integer field `sumField` per distinct value of `groupField`
   * (or under the key "all" when groupField is null). Missing values count as 0.
   */
  sumBy(groupField: string | null, sumField: string, query?: Query): Promise<Record<string, bigint>>;
  /** Inserts or replaces the whole document. */
  upsert(doc: T): Promise<void>;
  /** Sets the given top-level fields of an existing document; returns false when it does not exist. */
  update(id: string, changes: Partial<Omit<T, 'id'>>): Promise<boolean>;
  /** Returns false when the document did not exist. */
  delete(id: string): Promise<boolean>;
  /** Inserts or replaces many documents in one round trip (projection batches, rebuilds). */
  upsertMany(docs: readonly T[]): Promise<void>;
  /** Deletes many documents by id in one round trip. */
  deleteMany(ids: readonly string[]): Promise<void>;
}

/** A unit of work: reads and writes inside it commit or roll back together. */
export interface ReadStoreSession {
  collection<T extends ReadModelDoc>(name: string): Collection<T>;
  /**
   * Moves a projection's checkpoint from `from` to `to` and reports whether it was still at `from`
   * (undefined means never set). A false result means another runner moved it: roll back.
   */
  advanceCheckpoint(projection: string, from: Position | undefined, to: Position): Promise<boolean>;
}

export interface ReadStore {
  collection<T extends ReadModelDoc>(name: string): Collection<T>;
  /** Runs `work` in one transaction; it rolls back if `work` throws. */
  transaction<R>(work: (session: ReadStoreSession) => Promise<R>): Promise<R>;
  getCheckpoint(projection: string): Promise<Position | undefined>;
  /**
   * Creates the indexes a collection's queries need, if missing; idempotent and safe to run from
   * several processes at once. Indexes survive `reset`, so a rebuilt read model keeps them.
   */
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /** Drops every document of the collections and the projection's checkpoint, in one step. */
  reset(projection: string, collections: readonly string[]): Promise<void>;
  /**
   * Runs `load` (a rebuild's replay into collections just reset) with the collections' secondary
   * indexes set aside, and builds them again once it ends, whether it succeeded or not: one build
   * over the loaded documents costs less than keeping every index up document by document. Queries
   * meanwhile still answer, more slowly. Adapters that gain nothing from it just run `load`.
   */
  bulkLoad<R>(collections: readonly string[], load: () => Promise<R>): Promise<R>;
  /**
   * Builds again what a bulk load that never finished (its process killed) left without its
   * indexes; returns how many it built. Run when a process that may rebuild starts.
   */
  restoreIndexes(): Promise<number>;
  close(): Promise<void>;
}

/** Thrown by `transaction` work to abandon a unit of work whose checkpoint moved underneath it. */
export class CheckpointMovedError extends Error {
  override readonly name = 'CheckpointMovedError';
  constructor(readonly projection: string) {
    super(`Checkpoint of projection ${projection} was moved by another runner`);
  }
}
