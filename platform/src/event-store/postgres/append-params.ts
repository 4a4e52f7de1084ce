import { canonicalJson, chainInto, contentDigestsInto } from '../hash-chain.js';
import type { NewEvent } from '../port.js';
import type { StreamHead } from './remembered-heads.js';

/** What `append_events` takes of an append besides its stream, expected revision, ids and types. */
export interface AppendParams {
  readonly data: string[];
  readonly metadata: string[];
  /** Each event's content digest, 32 bytes each (null without the hash chain). */
  readonly contents: Buffer | null;
  /** The head's hash, then each event's, 32 bytes each, when the writer knows the head (migration 7). */
  readonly chain: Buffer | null;
  /** The last event's hash when the writer chained them. */
  readonly chainedHash: string | undefined;
}

/**
 * The texts and hashes the PostgreSQL adapter sends for an append: data and metadata as canonical
 * JSON (valid JSON, so the same text is the stored json value and the hashed content), their
 * content digests, and the chain from `head` when the writer knows it. Without the hash chain
 * (`hashChain` false, the bench's switch) data and metadata are written by JSON.stringify and no
 * hashes are made. Binary parameters of 32 bytes an event: no array literal to write or parse.
 */
export function appendParams(
  streamId: string,
  events: readonly Pick<NewEvent, 'id' | 'type' | 'data' | 'metadata'>[],
  hashChain: boolean,
  head: StreamHead | undefined,
): AppendParams {
  const encode = hashChain ? canonicalJson : JSON.stringify;
  const data = events.map((e) => encode(e.data));
  const metadata = events.map((e) => encode(e.metadata));
  if (!hashChain) return { data, metadata, contents: null, chain: null, chainedHash: undefined };
  const count = events.length;
  const contents = Buffer.allocUnsafe(32 * count);
  contentDigestsInto(contents, streamId, events, data, metadata);
  if (!head) return { data, metadata, contents, chain: null, chainedHash: undefined };
  const chain = Buffer.allocUnsafe(32 * (count + 1));
  return { data, metadata, contents, chain, chainedHash: chainInto(chain, head.hash, head.revision + 1n, contents, count) };
}
