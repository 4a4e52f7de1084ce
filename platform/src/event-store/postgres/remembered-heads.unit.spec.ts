import { describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../hash-chain.js';
import { rememberedHeads } from './remembered-heads.js';

const hash = (c: string) => c.repeat(64);

describe('remembered stream heads', () => {
  it('gives the head only for an append at its very revision, and genesis for a new stream', () => {
    const heads = rememberedHeads(10);
    heads.remember('s-1', 4n, hash('a'));
    expect(heads.headFor('s-1', 4n)).toMatchObject({ revision: 4n, hash: hash('a') });
    expect(heads.headFor('s-1', 3n)).toBeUndefined();
    expect(heads.headFor('s-1', 'any')).toBeUndefined();
    expect(heads.headFor('s-1', 'stream_exists')).toBeUndefined();
    expect(heads.headFor('s-2', 'no_stream')).toEqual({ revision: -1n, hash: GENESIS_HASH });
    heads.forget('s-1');
    expect(heads.headFor('s-1', 4n)).toBeUndefined();
  });

  it('keeps the newer of an append and a read, and forgets the least recently used past its limit', () => {
    const heads = rememberedHeads(2);
    heads.remember('s-1', 7n, hash('b'));
    heads.saw('s-1', 5n, hash('c'));
    expect(heads.headFor('s-1', 7n)?.hash).toBe(hash('b'));
    heads.saw('s-1', 8n, hash('d'));
    expect(heads.headFor('s-1', 8n)?.hash).toBe(hash('d'));
    heads.remember('s-2', 0n, hash('e'));
    heads.remember('s-1', 9n, hash('f')); // s-1 used last: s-2 is the one to go
    heads.remember('s-3', 0n, hash('0'));
    expect(heads.headFor('s-2', 0n)).toBeUndefined();
    expect(heads.headFor('s-1', 9n)?.hash).toBe(hash('f'));
    expect(heads.headFor('s-3', 0n)?.hash).toBe(hash('0'));
  });
});
