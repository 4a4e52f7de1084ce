import { hash as digest } from 'node:crypto';
import { canonicalJson, canonicalName, canonicalString } from './canonical-json.js';

export { canonicalJson, NonCanonicalValueError } from './canonical-json.js';

/**
 * The tamper-evident hash chain of a stream, pure (no store): the append path of both adapters,
 * `npm run audit -- verify` and an offline check of an export all compute it with this module.
 *
 * Chain v1, per event of a stream:
 *
 *   content  = SHA-256( UTF-8( canonicalJson({ stream, id, type, data, metadata }) ) )
 *             (id as a lowercase 8-4-4-4-12 UUID, as the stores give it back)
 *   hash(r)  = SHA-256( previousHash (32 bytes) || revision r as unsigned 64-bit big-endian (8 bytes) || content (32 bytes) )
 *
 * where `previousHash` is hash(r - 1), or 32 zero bytes (GENESIS_HASH) for revision 0, and
 * `metadata` is the event's metadata without its chain fields. Hashes are written as 64 lowercase
 * hex digits. The content digest is computed by the writer. The chain step needs the stream's head
 * (its last hash and revision), which only the store knows for sure: a writer that knows it (it
 * appended to or read the stream last) chains its events itself and the store checks, inside the
 * atomic append, that the revision and the head hash it chained from are still the head's (the
 * PostgreSQL adapter, migration 7; the EventStoreDB adapter by its expected revision); otherwise
 * PostgreSQL performs the step itself with its built-in sha256(bytea) over exactly the same bytes.
 *
 * canonicalJson (canonical-json.ts) is RFC 8785's encoding of JSON values.
 */

/** previousHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

const UUID_SPELLING = /^\{?[0-9a-fA-F-]{32,39}\}?$/;

/** Lowercase 8-4-4-4-12 hex; a loop over char codes, several times faster than the regular expression it replaced on this hot path. */
function isCanonicalUuid(id: string): boolean {
  if (id.length !== 36) return false;
  for (let i = 0; i < 36; i += 1) {
    const c = id.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
    } else if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return false;
  }
  return true;
}

/**
 * An event id as the stores give it back: a UUID in lowercase 8-4-4-4-12 form, however the writer
 * spelled it (PostgreSQL's uuid type also takes upper case, braces and other hyphenation). Anything
 * else is returned as it is; the store refuses it.
 */
export function canonicalEventId(id: string): string {
  if (isCanonicalUuid(id) || !UUID_SPELLING.test(id)) return id;
  const hex = id.replace(/[{}-]/g, '').toLowerCase();
  if (hex.length !== 32) return id;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What of an event the chain covers, besides its revision. */
export interface ChainContent {
  readonly streamId: string;
  readonly id: string;
  readonly type: string;
  readonly data: unknown;
  /** The event's metadata without its chain fields. */
  readonly metadata: unknown;
}

/** SHA-256 of the canonical encoding of an event's content (32 bytes). */
export function contentDigest(event: ChainContent): Buffer {
  return digestOfCanonicalParts(event.streamId, event.id, event.type, canonicalJson(event.data), canonicalJson(event.metadata));
}

/**
 * contentDigest from data and metadata already in canonical form: the PostgreSQL adapter sends those
 * same texts as the jsonb values, so an append encodes each event once.
 */
export function digestOfCanonicalParts(streamId: string, id: string, type: string, dataJson: string, metadataJson: string): Buffer {
  return Buffer.from(hexDigestOfCanonicalParts(streamId, id, type, dataJson, metadataJson), 'hex');
}

/**
 * digestOfCanonicalParts in hex. The hot paths (every append, every verified event) use this form:
 * Node's SHA-256 answers hex about 1 us sooner than a Buffer, and a Buffer of 32 bytes costs
 * several us to allocate, so digests are written in hex straight into buffers made once.
 */
export function hexDigestOfCanonicalParts(streamId: string, id: string, type: string, dataJson: string, metadataJson: string): string {
  return hexDigestOfEncodedParts(canonicalString(streamId), id, canonicalName(type), dataJson, metadataJson);
}

/**
 * The content digests of an append's events, written into `into` (32 bytes each, in order): what
 * digestOfCanonicalParts gives for each, with the stream's name encoded once for them all.
 */
export function contentDigestsInto(
  into: Buffer,
  streamId: string,
  events: readonly { readonly id: string; readonly type: string }[],
  dataJson: readonly string[],
  metadataJson: readonly string[],
): void {
  if (into.length < 32 * events.length) throw new Error(`contentDigestsInto: buffer too short for ${events.length} events`);
  const streamJson = canonicalString(streamId);
  events.forEach((event, i) => {
    const digestHex = hexDigestOfEncodedParts(streamJson, event.id, canonicalName(event.type), dataJson[i] ?? '', metadataJson[i] ?? '');
    into.write(digestHex, 32 * i, 'hex');
  });
}

function hexDigestOfEncodedParts(streamJson: string, id: string, typeJson: string, dataJson: string, metadataJson: string): string {
  // Members in RFC 8785 order: data, id, metadata, stream, type. A canonical id is 36 plain characters.
  const idJson = isCanonicalUuid(id) ? `"${id}"` : canonicalJson(canonicalEventId(id));
  return digest('sha256', `{"data":${dataJson},"id":${idJson},"metadata":${metadataJson},"stream":${streamJson},"type":${typeJson}}`, 'hex');
}

/** The 72 bytes hashed by chainHash, reused: every call fills all of them before hashing, synchronously. */
const chainInput = Buffer.alloc(72);

/** hash(r) from the previous hash, the revision and the content digest; all hashes in hex. */
export function chainHash(previousHash: string, revision: bigint, content: Buffer | string): string {
  writeHex(previousHash, chainInput, 0);
  chainInput.writeBigUInt64BE(revision, 32);
  if (typeof content === 'string') writeHex(content, chainInput, 40);
  else if (content.length !== 32) throw new Error(`Not a SHA-256 digest: ${content.length} bytes`);
  else content.copy(chainInput, 40);
  return digest('sha256', chainInput, 'hex');
}

/**
 * The chain of `count` events appended after `previousHash` at revisions `firstRevision`,
 * `firstRevision + 1`, ..., from their content digests (32 bytes each, in order, in `contents`),
 * written into `chain` as the PostgreSQL adapter sends it: `previousHash`, then each event's hash,
 * 32 bytes each. Returns the last hash in hex.
 */
export function chainInto(chain: Buffer, previousHash: string, firstRevision: bigint, contents: Buffer, count: number): string {
  if (chain.length < 32 * (count + 1) || contents.length < 32 * count) throw new Error(`chainInto: buffers too short for ${count} events`);
  if (firstRevision < 0n || firstRevision + BigInt(count) > MAX_SAFE_REVISION) throw new Error(`chainInto: revision ${firstRevision} out of range`);
  writeHex(previousHash, chain, 0);
  // Revisions as two 32-bit halves of a Number: BigInt arithmetic allocates on every event.
  let revision = Number(firstRevision);
  let hash = previousHash;
  for (let i = 0; i < count; i += 1, revision += 1) {
    chain.copy(chainInput, 0, 32 * i, 32 * i + 32);
    chainInput.writeUInt32BE(Math.floor(revision / 0x1_0000_0000), 32);
    chainInput.writeUInt32BE(revision >>> 0, 36);
    contents.copy(chainInput, 40, 32 * i, 32 * i + 32);
    hash = digest('sha256', chainInput, 'hex');
    chain.write(hash, 32 * (i + 1), 'hex');
  }
  return hash;
}

const MAX_SAFE_REVISION = BigInt(Number.MAX_SAFE_INTEGER);

function writeHex(hash: string, into: Buffer, offset: number): void {
  // Buffer.write stops at the first character that is not hex, so 32 bytes written means 64 hex digits.
  if (hash.length !== 64 || into.write(hash, offset, 'hex') !== 32 || !isLowerCase(hash)) {
    throw new Error(`Not a SHA-256 hash in hex: ${hash}`);
  }
}

/** No A-F: hashes are written in lowercase hex, and one in another spelling is refused, not read. */
function isLowerCase(hex: string): boolean {
  return !UPPER_HEX.test(hex);
}
const UPPER_HEX = /[A-F]/;

/** The chain fields a recorded event carries. */
export interface ChainLink {
  readonly previousHash: string;
  readonly hash: string;
}

/** Hashes of events appended after `previousHash` at revisions `firstRevision`, `firstRevision + 1`, ... */
export function chainEvents(previousHash: string, firstRevision: bigint, contents: readonly ChainContent[]): ChainLink[] {
  const links: ChainLink[] = [];
  let previous = previousHash;
  contents.forEach((content, i) => {
    const hash = chainHash(previous, firstRevision + BigInt(i), contentDigest(content));
    links.push({ previousHash: previous, hash });
    previous = hash;
  });
  return links;
}
