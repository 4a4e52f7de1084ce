import { hash as digest } from 'node:crypto';

/**
 * The tamper-evident hash chain of a stream, pure (no store): the append path of both adapters,
 * `npm run audit -- verify` and an offline check of an export all compute it with this module.
 *
 * Chain v1, per event of a stream:
 *
 *   content  = SHA-256( UTF-8( canonicalJson({ stream, id, type, data, metadata }) ) )
 *   hash(r)  = SHA-256( previousHash (32 bytes) || revision r as unsigned 64-bit big-endian (8 bytes) || content (32 bytes) )
 *
 * where `previousHash` is hash(r - 1), or 32 zero bytes (GENESIS_HASH) for revision 0, and
 * `metadata` is the event's metadata without its chain fields. Hashes are written as 64 lowercase
 * hex digits. The content digest is computed by the writer; the revision is assigned by the store,
 * which is why the chain step is separate: PostgreSQL performs it inside the atomic append with
 * its built-in sha256(bytea) over exactly the same bytes.
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

/** The RFC 8785 text of a JSON value (see the module comment for what is refused). */
export function canonicalJson(value: unknown): string {
  return encode(value, '$');
}

function encode(value: unknown, path: string): string {
  switch (typeof value) {
    case 'string':
      if (LONE_SURROGATE.test(value)) throw new NonCanonicalValueError(path, 'a string with a lone surrogate is not valid Unicode');
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new NonCanonicalValueError(path, `${value} is not a JSON number`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? 'null' : encodeObject(value, path);
    default:
      throw new NonCanonicalValueError(path, `a ${typeof value} is not a JSON value`);
  }
}

function encodeObject(value: object, path: string): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += ',';
      out += encode(value[i], `${path}[${i}]`);
    }
    return `${out}]`;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return encode(toJSON.call(value), path);
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new NonCanonicalValueError(path, `a ${value.constructor?.name ?? 'non-plain'} object is not a JSON value`);
  }
  const record = value as Record<string, unknown>;
  // Default sort compares UTF-16 code units, which is RFC 8785's order.
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    if (LONE_SURROGATE.test(key)) throw new NonCanonicalValueError(path, `member name ${JSON.stringify(key)} has a lone surrogate`);
    out += `${first ? '' : ','}${JSON.stringify(key)}:${encode(member, `${path}.${key}`)}`;
    first = false;
  }
  return `${out}}`;
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
  // Members in RFC 8785 order: data, id, metadata, stream, type.
  const text = `{"data":${dataJson},"id":${encode(id, 'id')},"metadata":${metadataJson},"stream":${encode(streamId, 'stream')},"type":${encode(type, 'type')}}`;
  return digest('sha256', text, 'buffer');
}

/** hash(r) from the previous hash, the revision and the content digest; all hashes in hex. */
export function chainHash(previousHash: string, revision: bigint, content: Buffer): string {
  const input = Buffer.allocUnsafe(72);
  if (!HEX_HASH.test(previousHash)) throw new Error(`Not a SHA-256 hash in hex: ${previousHash}`);
  input.write(previousHash, 0, 'hex');
  input.writeBigUInt64BE(revision, 32);
  content.copy(input, 40);
  return digest('sha256', input, 'hex');
}

const HEX_HASH = /^[0-9a-f]{64}$/;

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
