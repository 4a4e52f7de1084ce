import { hash as digest } from 'node:crypto';
import { canonicalJson } from '../event-store/hash-chain.js';
import type { StreamHead, StreamHeads } from './stream-heads.js';

/**
 * Inclusion proofs in the Merkle tree of stream-heads.ts (RFC 6962): an export carries, for each
 * stream it covers, the checkpoint's head of that stream and the sibling hashes up to the signed
 * root, so it can be checked offline without the heads of every other stream.
 *
 * RFC 6962 splits at the largest power of two below n; built bottom up that is the same tree as
 * pairing neighbours level by level and carrying an unpaired last node up unchanged, which is
 * how the levels are kept here (one pass, every proof read off them).
 */

/** A leaf of the heads tree: SHA-256(0x00 || canonical JSON {hash, revision, stream}). */
export function headLeaf(stream: string, head: StreamHead): Buffer {
  const text = canonicalJson({ hash: head.hash, revision: head.revision.toString(), stream });
  return digest('sha256', Buffer.concat([Buffer.from([0]), Buffer.from(text, 'utf8')]), 'buffer');
}

const node = (left: Buffer, right: Buffer) => digest('sha256', Buffer.concat([Buffer.from([1]), left, right]), 'buffer');

/** One stream's head with its place among the sorted heads and its path to the root (bottom up, hex). */
export interface HeadProof {
  readonly stream: string;
  readonly revision: bigint;
  readonly hash: string;
  readonly index: number;
  readonly path: readonly string[];
}

/** The tree's levels over the heads sorted by stream id, for proofs of any of them. */
export interface HeadsTree {
  readonly size: number;
  readonly root: string;
  proof(stream: string): HeadProof | undefined;
}

/** Builds the tree of a heads set once; `root` equals merkleRoot(heads). */
export function headsTree(heads: StreamHeads): HeadsTree {
  const streams = [...heads.keys()].sort();
  const index = new Map(streams.map((s, i) => [s, i]));
  const levels: Buffer[][] = [streams.map((s) => headLeaf(s, heads.get(s) as StreamHead))];
  for (let level = levels[0] as Buffer[]; level.length > 1; ) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(i + 1 < level.length ? node(level[i] as Buffer, level[i + 1] as Buffer) : (level[i] as Buffer));
    levels.push(next);
    level = next;
  }
  const top = levels[levels.length - 1]?.[0];
  const root = streams.length === 0 ? digest('sha256', Buffer.alloc(0), 'hex') : (top as Buffer).toString('hex');
  return {
    size: streams.length,
    root,
    proof(stream) {
      const at = index.get(stream);
      const head = heads.get(stream);
      if (at === undefined || !head) return undefined;
      const path: string[] = [];
      let m = at;
      for (const level of levels.slice(0, -1)) {
        const sibling = m % 2 === 1 ? level[m - 1] : level[m + 1];
        if (sibling) path.push(sibling.toString('hex'));
        m = Math.floor(m / 2);
      }
      return { stream, revision: head.revision, hash: head.hash, index: at, path };
    },
  };
}

/** The root a proof leads to in a tree of `size` leaves; undefined when the path does not fit that size. */
export function rootFromProof(proof: HeadProof, size: number): string | undefined {
  if (!Number.isSafeInteger(size) || proof.index < 0 || proof.index >= size) return undefined;
  let current = headLeaf(proof.stream, { revision: proof.revision, hash: proof.hash });
  let m = proof.index;
  let width = size;
  let used = 0;
  while (width > 1) {
    const sibling = m % 2 === 1 || m + 1 < width ? proof.path[used] : undefined;
    if (m % 2 === 1 || m + 1 < width) {
      if (sibling === undefined || !/^[0-9a-f]{64}$/.test(sibling)) return undefined;
      used += 1;
      const other = Buffer.from(sibling, 'hex');
      current = m % 2 === 1 ? node(other, current) : node(current, other);
    }
    m = Math.floor(m / 2);
    width = Math.ceil(width / 2);
  }
  return used === proof.path.length ? current.toString('hex') : undefined;
}
