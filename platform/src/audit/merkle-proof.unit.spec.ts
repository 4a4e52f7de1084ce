import { describe, expect, it } from 'vitest';
import { headsTree, rootFromProof } from './merkle-proof.js';
import { merkleRoot, type StreamHead } from './stream-heads.js';

const headsOf = (n: number) => new Map<string, StreamHead>(Array.from({ length: n }, (_, i) => [`s-${String(i).padStart(3, '0')}`, { revision: BigInt(i * 3), hash: (i % 16).toString(16).repeat(64) }]));

describe('inclusion proofs of a stream head in the checkpoint root', () => {
  it('leads every head of trees of 1 to 40 leaves to the RFC 6962 root', () => {
    for (let n = 1; n <= 40; n += 1) {
      const heads = headsOf(n);
      const tree = headsTree(heads);
      expect(tree.root).toBe(merkleRoot(heads));
      for (const stream of heads.keys()) {
        const proof = tree.proof(stream);
        expect(proof && rootFromProof(proof, n), `${stream} of ${n}`).toBe(tree.root);
      }
    }
    expect(headsTree(new Map()).root).toBe(merkleRoot(new Map()));
  });

  it('leads nowhere once the head, its place, the path or the size is changed', () => {
    const tree = headsTree(headsOf(13));
    const proof = tree.proof('s-006');
    if (!proof) throw new Error('no proof');
    expect(rootFromProof({ ...proof, revision: proof.revision + 1n }, 13)).not.toBe(tree.root);
    expect(rootFromProof({ ...proof, hash: 'f'.repeat(64) }, 13)).not.toBe(tree.root);
    expect(rootFromProof({ ...proof, index: 7 }, 13)).not.toBe(tree.root);
    expect(rootFromProof({ ...proof, path: proof.path.slice(1) }, 13)).toBeUndefined();
    expect(rootFromProof(proof, 7)).not.toBe(tree.root);
    expect(tree.proof('s-999')).toBeUndefined();
  });
});
