import type { RecordedEvent, EventStore } from '../../event-store/port.js';
import { START, formatPosition } from '../../event-store/position.js';
import type { AuditPublicKey } from '../audit-key.js';
import { loadLatestCheckpoint } from '../checkpoints.js';
import { headsTree } from '../merkle-proof.js';
import { withholdCredentials } from '../withheld.js';
import { EXPORT_FORMAT, type ExportEvent, type ExportFilter, type ExportHead, type ExportHeader, type ExportTrailer } from './format.js';

export interface ExportOptions {
  readonly filter: ExportFilter;
  /** The key checkpoints are signed with; null leaves the header without one (verify-export then needs --public-key). */
  readonly publicKey: AuditPublicKey | null;
  readonly now?: () => Date;
  readonly pageSize?: number;
  /** Called after each event line with the events written so far. */
  readonly onEvent?: (written: number) => void;
}

const matchesStream = (filter: ExportFilter) => (stream: string) =>
  filter.stream !== undefined ? stream === filter.stream : filter.category !== undefined ? stream.startsWith(`${filter.category}-`) : true;

/** The export's lines (without newlines), read page by page: memory stays flat whatever the store's size. */
export async function* exportLines(store: EventStore, options: ExportOptions): AsyncGenerator<string> {
  const { filter } = options;
  const wanted = matchesStream(filter);
  const loaded = await loadLatestCheckpoint(store);
  const heads: ExportHead[] = [];
  if (loaded) {
    const tree = headsTree(loaded.heads);
    for (const stream of [...loaded.heads.keys()].filter(wanted).sort()) {
      const proof = tree.proof(stream);
      if (proof) heads.push({ stream, revision: proof.revision.toString(), hash: proof.hash, index: proof.index, path: [...proof.path] });
    }
  }
  const header: ExportHeader = {
    kind: 'header',
    format: EXPORT_FORMAT,
    exportedAt: (options.now?.() ?? new Date()).toISOString(),
    filter,
    chain: 'sha256-chain/1',
    checkpoint: loaded?.checkpoint ?? null,
    checkpointSize: loaded ? loaded.heads.size : null,
    publicKey: options.publicKey?.pem ?? null,
    heads,
  };
  yield JSON.stringify(header);
  const from = filter.from === undefined ? undefined : Date.parse(filter.from);
  const to = filter.to === undefined ? undefined : Date.parse(filter.to);
  const inTime = (event: RecordedEvent) => {
    const at = Date.parse(event.recordedAt);
    return (from === undefined || at >= from) && (to === undefined || at <= to);
  };
  const streams = new Set<string>();
  let events = 0;
  for await (const page of pages(store, filter, options.pageSize ?? 1_000)) {
    for (const event of page) {
      if (!wanted(event.streamId) || !inTime(event)) continue;
      streams.add(event.streamId);
      events += 1;
      yield JSON.stringify(eventLine(event));
      options.onEvent?.(events);
    }
  }
  yield JSON.stringify({ kind: 'trailer', events, streams: streams.size } satisfies ExportTrailer);
}

/** One event's line: credential material withheld, with the digest that keeps its chain step checkable. */
function eventLine(event: RecordedEvent): ExportEvent {
  if (event.hash === undefined || event.previousHash === undefined) throw new Error(`${event.streamId} revision ${event.revision} carries no hash: the store is not chained`);
  return {
    kind: 'event',
    stream: event.streamId,
    revision: event.revision.toString(),
    position: formatPosition(event.position),
    id: event.id,
    type: event.type,
    time: event.recordedAt,
    ...withholdCredentials(event),
    metadata: event.metadata,
    previousHash: event.previousHash,
    hash: event.hash,
  };
}

/** One stream page by page by revision, else every event in global order (a category is filtered on the way). */
async function* pages(store: EventStore, filter: ExportFilter, pageSize: number): AsyncGenerator<RecordedEvent[]> {
  if (filter.stream !== undefined) {
    for (let from = 0n; ; ) {
      const page = await store.readStream(filter.stream, { fromRevision: from, maxCount: pageSize });
      if (page.length > 0) yield page;
      const last = page[page.length - 1];
      if (!last || page.length < pageSize) return;
      from = last.revision + 1n;
    }
  }
  for (let after = START; ; ) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length > 0) yield page;
    const last = page[page.length - 1];
    if (!last || page.length < pageSize) return;
    after = last.position;
  }
}
