import {
  REPORTED_DIFFERENCES_MAX,
  type ReplayDifference,
  type ReplayExclusion,
  type ReplayProjectionResult,
} from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import { comparePositions, formatPosition, START, type Position } from '@concierge/platform/event-store/position';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import { catchUp } from '../../projections/runtime/catch-up.js';
import type { Projection } from '../../projections/runtime/projection.js';
import { documentKey, documentsWrittenAfter } from './after-pin.js';
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
  /** The projections to rebuild and compare: every one the workers run, or those a command line names. */
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  /** How many times a projection's comparison is taken again when its live read model went back behind the pin (a rebuild) meanwhile. */
  readonly attempts?: number;
  /** How long to wait for a live projection to reach the pinned position; default 5 minutes. */
  readonly liveWaitMs?: number;
  readonly onProgress?: (message: string) => void;
}

export interface ReplayVerifyResult {
  /** The store's position pinned at the start: every projection is compared as of it. */
  readonly pinnedAt: string;
  readonly projections: ReplayProjectionResult[];
  readonly exclusions: ReplayExclusion[];
  readonly differenceCount: number;
  /** The first REPORTED_DIFFERENCES_MAX differences, in projection, collection and id order. */
  readonly differences: ReplayDifference[];
}

const PAGE = 500;
const LIVE_POLL_MS = 100;

/**
 * Rebuilds every projection's read model from the event store into a scratch store and compares
 * it with the live one, document by document and field by field, all at ONE position: the store's
 * last committed event when the run starts (the pin).
 *
 * The scratch copy is replayed exactly up to the pin. Live read models run ahead of it while the
 * store is in use, so each live projection is first awaited until its checkpoint reaches the pin,
 * then read. A live document equals its state at the pin unless an event after the pin wrote it;
 * which documents those events wrote is learnt by replaying them (pin to the live checkpoint read
 * after the comparison) onto the scratch copy, and a difference on such a document is not counted
 * but reported as changed after the pin (the next run compares it). Nothing else is excused, so a
 * moving store never ends a run in error and never hides a document no event touched.
 */
export async function replayVerify(deps: ReplayVerifyDeps): Promise<ReplayVerifyResult> {
  const pin = await deps.eventStore.lastPosition();
  const scratch = await deps.scratch();
  const differences: ReplayDifference[] = [];
  let differenceCount = 0;
  const results: ReplayProjectionResult[] = [];
  try {
    for (const projection of deps.projections) {
      deps.onProgress?.(`${projection.name}: rebuilding into ${scratch.name} up to ${formatPosition(pin)} and comparing`);
      const outcome = await verifyProjection(projection, pin, deps, scratch.readStore);
      results.push(outcome.result);
      differenceCount += outcome.differences.length;
      differences.push(...outcome.differences.slice(0, Math.max(0, REPORTED_DIFFERENCES_MAX - differences.length)));
      deps.onProgress?.(`${projection.name}: ${outcome.differences.length} difference(s) at ${formatPosition(pin)}, ${outcome.result.changedAfterPin ?? 0} document(s) changed after it`);
    }
  } finally {
    await scratch.drop();
  }
  return { pinnedAt: formatPosition(pin), projections: results, exclusions: [...EXCLUSIONS], differenceCount, differences };
}

const atOrPast = (checkpoint: Position | undefined, pin: Position) => comparePositions(checkpoint ?? START, pin) >= 0;

async function verifyProjection(projection: Projection, pin: Position, deps: ReplayVerifyDeps, scratch: ReadStore) {
  const attempts = deps.attempts ?? 5;
  await catchUp(projection, { eventStore: deps.eventStore, readStore: scratch, until: pin, reach: pin, ...(deps.batchSize ? { batchSize: deps.batchSize } : {}) });
  for (let attempt = 1; ; attempt += 1) {
    await liveAtPin(projection, pin, deps);
    const compared = await compareProjection(projection, deps.live, scratch);
    const liveAt = await deps.live.getCheckpoint(projection.name);
    if (!atOrPast(liveAt, pin)) {
      // The live read model went back (rebuilt) during the comparison: what was read proves nothing.
      if (attempt >= attempts) throw new Error(`${projection.name}: the live read model was rebuilt during each of ${attempts} comparisons; run replay-verify again once it is done`);
      continue;
    }
    let found = compared.differences;
    let changedAfterPin = 0;
    if (found.length > 0 && liveAt && comparePositions(liveAt, pin) > 0) {
      const written = await documentsWrittenAfter(projection, liveAt, deps.eventStore, scratch, deps.batchSize);
      found = compared.differences.filter((d) => !written.has(documentKey(d.collection, d.documentId)));
      changedAfterPin = compared.differences.length - found.length;
    }
    const collections = compared.collections.map((c) => ({ ...c, differing: found.filter((d) => d.collection === c.collection).length }));
    const result: ReplayProjectionResult = { projection: projection.name, position: formatPosition(pin), collections, changedAfterPin };
    return { result, differences: found };
  }
}

/** Waits until the live projection has applied every event up to the pin. */
async function liveAtPin(projection: Projection, pin: Position, deps: ReplayVerifyDeps): Promise<void> {
  const deadline = Date.now() + (deps.liveWaitMs ?? 5 * 60_000);
  for (;;) {
    const at = await deps.live.getCheckpoint(projection.name);
    if (atOrPast(at, pin)) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${projection.name}: the live read model stands at ${at ? formatPosition(at) : 'no checkpoint'}, below the pinned position ${formatPosition(pin)}; are the workers' projections running?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS));
  }
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
