import { hash as digest } from 'node:crypto';

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
 * canonicalJson is the JSON Canonicalization Scheme (RFC 8785) over JSON values: no whitespace;
 * object members sorted by their names' UTF-16 code units; strings as JSON.stringify writes them
 * (only `"`, `\` and control characters escaped; \b \t \n \f \r short, others \u00xx); numbers as
 * ECMAScript writes them (shortest round-trip form, -0 as 0). The input is what JSON.stringify
 * would store: members whose value is undefined are left out and toJSON (e.g. a Date) is applied.
 * Anything JSON cannot carry exactly is refused rather than silently changed: non-finite numbers,
 * bigints, lone surrogates, functions and symbols, undefined in arrays, and objects other than plain
 * ones and arrays. The encoding is stable through PostgreSQL jsonb (which reorders keys and keeps
 * numbers exactly) and through JSON.parse, so a hash computed before an append matches the one
 * recomputed from the stored event.
 */

/** previousHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** A value that canonicalJson cannot encode exactly. */
export class NonCanonicalValueError extends Error {
  override readonly name = 'NonCanonicalValueError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`Cannot hash ${path}: ${reason}`);
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Characters that JSON escapes, and surrogates, which need the lone-surrogate check. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const NOT_PLAIN = /[\u0000-\u001f"\\\uD800-\uDFFF]/;

/** Thrown by the fast encoder; canonicalJson then walks the value again to say where. */
const REFUSED = new Error('refused by the canonical encoder');

/** The RFC 8785 text of a JSON value (see the module comment for what is refused). */
export function canonicalJson(value: unknown): string {
  try {
    const text = encode(value);
    // The text is built by concatenation, a tree of pieces that V8 copies into one string when it
    // is first written out (by SHA-256, then by node-postgres). Reading one character flattens it
    // now, in place, so each later writer copies a flat string (about 0.5 us less an event).
    text.charCodeAt(0);
    return text;
  } catch (error) {
    if (error !== REFUSED) throw error;
    throw findRefused(value, '$') ?? new NonCanonicalValueError('$', 'not a JSON value');
  }
}

// Hot: every append and every verified event goes through here, so no path strings are built
// unless something is refused.
function encode(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return encodeString(value);
    case 'number':
      if (!Number.isFinite(value)) throw REFUSED;
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i += 1) {
          if (value[i] === undefined) throw REFUSED;
          out += i === 0 ? encode(value[i]) : `,${encode(value[i])}`;
        }
        return `${out}]`;
      }
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return encode(toJSON.call(value));
      const proto: unknown = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw REFUSED;
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let out = '{';
      for (const key of keys) {
        const member = record[key];
        if (member === undefined) continue;
        out += `${out.length === 1 ? '' : ','}${encodeMemberName(key)}${encode(member)}`;
      }
      return `${out}}`;
    }
    default:
      throw REFUSED;
  }
}

/**
 * `"name":` of the member names events use again and again, made once: events of a type share
 * theirs. Names that look like data (long ones) are not kept, and past a few thousand no more are.
 */
const memberNames = new Map<string, string>();
const NAMES_KEPT = 4096;

function encodeMemberName(name: string): string {
  let encoded = memberNames.get(name);
  if (encoded === undefined) {
    encoded = `${encodeString(name)}:`;
    if (name.length <= 48 && memberNames.size < NAMES_KEPT) memberNames.set(name, encoded);
  }
  return encoded;
}

/**
 * Member names in UTF-16 code unit order (RFC 8785's, and that of `<` on strings), by insertion:
 * events have a few members, for which this is several times faster than Array.prototype.sort
 * (which the default comparison gives the same order, and is used past a few dozen members).
 */
function sortedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.length > 24) return keys.sort();
  for (let i = 1; i < keys.length; i += 1) {
    const key = keys[i] as string;
    let j = i - 1;
    for (; j >= 0 && (keys[j] as string) > key; j -= 1) keys[j + 1] = keys[j] as string;
    keys[j + 1] = key;
  }
  return keys;
}

function encodeString(value: string): string {
  if (!NOT_PLAIN.test(value)) return `"${value}"`;
  if (LONE_SURROGATE.test(value)) throw REFUSED;
  // JSON.stringify escapes exactly as RFC 8785 asks once lone surrogates are ruled out.
  return JSON.stringify(value);
}

/** The first thing canonicalJson refuses in `value`, with its path. */
function findRefused(value: unknown, path: string): NonCanonicalValueError | undefined {
  switch (typeof value) {
    case 'string':
      return LONE_SURROGATE.test(value) ? new NonCanonicalValueError(path, 'a string with a lone surrogate is not valid Unicode') : undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : new NonCanonicalValueError(path, `${value} is not a JSON number`);
    case 'boolean':
      return undefined;
    case 'object':
      return value === null ? undefined : findRefusedIn(value, path);
    default:
      return new NonCanonicalValueError(path, `a ${typeof value} is not a JSON value`);
  }
}

function findRefusedIn(value: object, path: string): NonCanonicalValueError | undefined {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findRefused(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return findRefused(toJSON.call(value), path);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    return new NonCanonicalValueError(path, `a ${value.constructor?.name ?? 'non-plain'} object is not a JSON value`);
  }
  for (const [key, member] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) return new NonCanonicalValueError(path, `member name ${JSON.stringify(key)} has a lone surrogate`);
    if (member === undefined) continue;
    const found = findRefused(member, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

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
  return hexDigestOfEncodedParts(encodeText(streamId), id, encodeTypeName(type), dataJson, metadataJson);
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
  const streamJson = encodeText(streamId);
  events.forEach((event, i) => {
    const digestHex = hexDigestOfEncodedParts(streamJson, event.id, encodeTypeName(event.type), dataJson[i] ?? '', metadataJson[i] ?? '');
    into.write(digestHex, 32 * i, 'hex');
  });
}

function hexDigestOfEncodedParts(streamJson: string, id: string, typeJson: string, dataJson: string, metadataJson: string): string {
  // Members in RFC 8785 order: data, id, metadata, stream, type. A canonical id is 36 plain characters.
  const idJson = isCanonicalUuid(id) ? `"${id}"` : canonicalJson(canonicalEventId(id));
  return digest('sha256', `{"data":${dataJson},"id":${idJson},"metadata":${metadataJson},"stream":${streamJson},"type":${typeJson}}`, 'hex');
}

/** canonicalJson of a string. */
function encodeText(value: string): string {
  return NOT_PLAIN.test(value) ? canonicalJson(value) : `"${value}"`;
}

/** canonicalJson of an event type's name, made once: a process appends a few dozen types. */
const typeNames = new Map<string, string>();

function encodeTypeName(type: string): string {
  let encoded = typeNames.get(type);
  if (encoded === undefined) {
    encoded = encodeText(type);
    if (typeNames.size < NAMES_KEPT) typeNames.set(type, encoded);
  }
  return encoded;
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
