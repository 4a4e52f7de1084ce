import { hash as digest } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson } from '../event-store/hash-chain.js';
import { formatPosition, parsePosition, type Position } from '../event-store/position.js';

/** A stream's last event as a checkpoint keeps it. */
export interface StreamHead {
  readonly revision: bigint;
  readonly hash: string;
}

/** Stream id → head. */
export type StreamHeads = ReadonlyMap<string, StreamHead>;

/**
 * Merkle root (RFC 6962's Merkle tree hash, SHA-256) over the heads sorted by stream id (UTF-16
 * code units). Leaf i is the canonical JSON {"hash","revision","stream"} of one head, with the
 * revision as a decimal string; an empty set hashes to SHA-256 of nothing. The root is what a
 * signed checkpoint signs: one head can be proven in it without the others.
 */
export function merkleRoot(heads: StreamHeads): string {
  const leaves = [...heads.keys()].sort().map((stream) => {
    const head = heads.get(stream);
    const leaf = canonicalJson({ hash: head?.hash, revision: head?.revision.toString(), stream });
    return digest('sha256', Buffer.concat([LEAF, Buffer.from(leaf, 'utf8')]), 'buffer');
  });
  return tree(leaves, 0, leaves.length).toString('hex');
}

const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

function tree(leaves: readonly Buffer[], from: number, to: number): Buffer {
  const n = to - from;
  if (n === 0) return digest('sha256', Buffer.alloc(0), 'buffer');
  if (n === 1) return leaves[from] ?? Buffer.alloc(0);
  let split = 1;
  while (split * 2 < n) split *= 2;
  return digest('sha256', Buffer.concat([NODE, tree(leaves, from, from + split), tree(leaves, from + split, to)]), 'buffer');
}

/** The heads of a store as of a position, with their Merkle root: what a checkpoint writes down. */
export interface StreamHeadsRecord {
  readonly upTo: Position;
  readonly heads: StreamHeads;
  readonly merkleRoot: string;
}

const HeadsFile = z.object({
  upTo: z.string().refine((p) => parsePosition(p) !== undefined, { error: 'upTo must be a position such as 1200-1200' }),
  merkleRoot: z.string().regex(/^[0-9a-f]{64}$/),
  heads: z.array(z.object({ stream: z.string().min(1), revision: z.string().regex(/^\d{1,20}$/), hash: z.string().regex(/^[0-9a-f]{64}$/) })),
});

/** A heads record as JSON text (heads sorted by stream id). */
export function formatStreamHeads(upTo: Position, heads: StreamHeads): string {
  const list = [...heads.keys()].sort().map((stream) => {
    const head = heads.get(stream);
    return { stream, revision: head?.revision.toString() ?? '0', hash: head?.hash ?? '' };
  });
  return JSON.stringify({ upTo: formatPosition(upTo), merkleRoot: merkleRoot(heads), heads: list }, null, 2);
}

/** Reads a heads record written by formatStreamHeads; refuses one whose root does not match its heads. */
export function parseStreamHeads(text: string): StreamHeadsRecord {
  const file = HeadsFile.parse(JSON.parse(text));
  const heads = new Map(file.heads.map((h) => [h.stream, { revision: BigInt(h.revision), hash: h.hash }]));
  const root = merkleRoot(heads);
  if (root !== file.merkleRoot) throw new Error(`The heads record's Merkle root ${file.merkleRoot} does not match its heads (${root})`);
  return { upTo: parsePosition(file.upTo) ?? { commit: 0n, prepare: 0n }, heads, merkleRoot: root };
}
