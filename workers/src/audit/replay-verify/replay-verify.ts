import {
  REPORTED_DIFFERENCES_MAX,
  type ReplayDifference,
  type ReplayExclusion,
  type ReplayProjectionResult,
} from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { comparePositions, formatPosition, type Position } from '@concierge/platform/event-store/position';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import { projections as registered } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import type { Projection } from '../../projections/runtime/projection.js';
import { fieldDifferences } from './compare.js';
import type { ScratchFactory } from './scratch.js';

/**
 * Fields left out of the comparison, each with its reason; every report lists them. Empty: every
 * projection is deterministic (time from the event, never the clock), so nothing is excluded.
 */
export const EXCLUSIONS: readonly ReplayExclusion[] = [];

export interface ReplayVerifyDeps {
  readonly eventStore: EventStore;
  /** The read store the product serves from. */
  readonly live: ReadStore;
  readonly scratch: ScratchFactory;
  /** Default: every projection of the registry. */
  readonly projections?: readonly Projection[];
  readonly batchSize?: number;
  /** How many times a projection's comparison is taken again when its live checkpoint moved meanwhile. */
  readonly attempts?: number;
  readonly onProgress?: (message: string) => void;
}

export interface ReplayVerifyResult {
  readonly projections: ReplayProjectionResult[];
  readonly exclusions: ReplayExclusion[];
  readonly differenceCount: number;
  /** The first REPORTED_DIFFERENCES_MAX differences, in projection, collection and id order. */
  readonly differences: ReplayDifference[];
}

const PAGE = 500;

/**
 * Rebuilds every projection's read model from the event store into a scratch store and compares
 * it with the live one, document by document and field by field.
 *
 * Live read models lag the store, each by its own amount, so each projection is compared at its
 * own live checkpoint: the scratch copy is replayed exactly up to that position (never past it),
 * then both sides are read, then the live checkpoint is read again. A projection commits its
 * documents and checkpoint together, so an unchanged checkpoint proves the live documents read were
 * those of that position; a moved one (the live projection applied a batch meanwhile) means the
 * scratch copy catches up to the new checkpoint and the comparison is taken again.
 */
export async function replayVerify(deps: ReplayVerifyDeps): Promise<ReplayVerifyResult> {
  const scratch = await deps.scratch();
  const differences: ReplayDifference[] = [];
  let differenceCount = 0;
  const results: ReplayProjectionResult[] = [];
  try {
    for (const projection of deps.projections ?? registered) {
      deps.onProgress?.(`${projection.name}: rebuilding into ${scratch.name} and comparing`);
      const outcome = await verifyProjection(projection, deps, scratch.readStore);
      results.push(outcome.result);
      differenceCount += outcome.differences.length;
      differences.push(...outcome.differences.slice(0, Math.max(0, REPORTED_DIFFERENCES_MAX - differences.length)));
      deps.onProgress?.(`${projection.name}: ${outcome.differences.length} difference(s) at ${outcome.result.position ?? 'no checkpoint'}`);
    }
  } finally {
    await scratch.drop();
  }
  return { projections: results, exclusions: [...EXCLUSIONS], differenceCount, differences };
}

const samePosition = (a: Position | undefined, b: Position | undefined) => (a === undefined || b === undefined ? a === b : comparePositions(a, b) === 0);

async function verifyProjection(projection: Projection, deps: ReplayVerifyDeps, scratch: ReadStore) {
  const attempts = deps.attempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const pinned = await deps.live.getCheckpoint(projection.name);
    await replayTo(projection, pinned, deps, scratch);
    const compared = await compareProjection(projection, deps.live, scratch);
    if (samePosition(pinned, await deps.live.getCheckpoint(projection.name))) {
      const result: ReplayProjectionResult = { projection: projection.name, position: pinned ? formatPosition(pinned) : null, collections: compared.collections };
      return { result, differences: compared.differences };
    }
    if (attempt >= attempts) {
      throw new Error(`${projection.name}: the live read model moved during each of ${attempts} comparisons; run replay-verify again when the store is quieter`);
    }
  }
}

/** Brings the scratch copy to exactly `pinned`: on from where it stands, or from the start if it stands past it (a live rebuild went back). */
async function replayTo(projection: Projection, pinned: Position | undefined, deps: ReplayVerifyDeps, scratch: ReadStore): Promise<void> {
  const at = await scratch.getCheckpoint(projection.name);
  if (at !== undefined && (pinned === undefined || comparePositions(at, pinned) > 0)) await scratch.reset(projection.name, projection.readModels);
  if (pinned === undefined) return;
  await catchUp(projection, { eventStore: deps.eventStore, readStore: scratch, until: pinned, ...(deps.batchSize ? { batchSize: deps.batchSize } : {}) });
}

async function compareProjection(projection: Projection, live: ReadStore, scratch: ReadStore) {
  const differences: ReplayDifference[] = [];
  const collections: ReplayProjectionResult['collections'] = [];
  for (const collection of projection.readModels) {
    const found = await compareCollection(live, scratch, collection);
    const named = found.differences.map((d): ReplayDifference => ({ projection: projection.name, collection, ...d }));
    differences.push(...named);
    collections.push({ collection, live: found.live, rebuilt: found.rebuilt, differing: named.length });
  }
  return { differences, collections };
}

type Found = Omit<ReplayDifference, 'projection' | 'collection'>;

/** Every document of one side, page by page in the store's own id order. */
async function* documents(store: ReadStore, collection: string): AsyncGenerator<ReadModelDoc[]> {
  for (let skip = 0; ; skip += PAGE) {
    const page = await store.collection(collection).find({ skip, limit: PAGE });
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
  }
}

const excluded = (collection: string, path: string) =>
  EXCLUSIONS.some((e) => e.collection === collection && (path === e.path || path.startsWith(`${e.path}.`)));

async function compareCollection(live: ReadStore, scratch: ReadStore, collection: string): Promise<{ live: number; rebuilt: number; differences: Found[] }> {
  const differences: Found[] = [];
  const seen = new Set<string>();
  let liveCount = 0;
  let rebuiltCount = 0;
  for await (const page of documents(live, collection)) {
    liveCount += page.length;
    // By id, each lookup on the store's primary key (a filter on `id` reads the document's field, unindexed).
    const twins = await Promise.all(page.map((doc) => scratch.collection(collection).get(doc.id)));
    for (const [i, doc] of page.entries()) {
      seen.add(doc.id);
      const twin = twins[i];
      const fields = fieldDifferences(doc, twin).filter((f) => !excluded(collection, f.path));
      if (twin === undefined) differences.push({ documentId: doc.id, kind: 'missing-rebuilt', fields });
      else if (fields.length > 0) differences.push({ documentId: doc.id, kind: 'changed', fields });
    }
  }
  for await (const page of documents(scratch, collection)) {
    rebuiltCount += page.length;
    for (const doc of page) {
      if (!seen.has(doc.id)) differences.push({ documentId: doc.id, kind: 'missing-live', fields: fieldDifferences(undefined, doc) });
    }
  }
  return { live: liveCount, rebuilt: rebuiltCount, differences };
}
