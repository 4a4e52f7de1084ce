/**
 * An immutable map with string keys whose `set` shares everything but one path with the map it
 * came from (a hash array mapped trie, 32 ways per level), so an aggregate's `evolve` adds to a
 * state of 10,000 entries in a few small copies instead of copying them all. It reads like a
 * ReadonlyMap and iterates in insertion order; a key set again keeps its place.
 */
interface Leaf<V> {
  readonly kind: 'leaf';
  readonly key: string;
  readonly value: V;
  /** Insertion order. */
  readonly seq: number;
}
interface Bucket<V> {
  readonly kind: 'bucket';
  readonly leaves: readonly Leaf<V>[];
}
interface Branch<V> {
  readonly kind: 'branch';
  readonly slots: readonly Slot<V>[];
}
type Slot<V> = Leaf<V> | Bucket<V> | Branch<V> | undefined;

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** FNV-1a over the key's UTF-16 code units, as an unsigned 32-bit number. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const emptyBranch = <V>(): Branch<V> => ({ kind: 'branch', slots: new Array<Slot<V>>(WIDTH).fill(undefined) });

function withSlot<V>(branch: Branch<V>, index: number, slot: Slot<V>): Branch<V> {
  const slots = branch.slots.slice();
  slots[index] = slot;
  return { kind: 'branch', slots };
}

/** Two leaves whose hashes agree below `shift`: a branch (or, past the hash's last bit, a bucket) holding both. */
function split<V>(a: Leaf<V>, b: Leaf<V>, hb: number, shift: number): Slot<V> {
  if (shift >= 32) return { kind: 'bucket', leaves: [a, b] };
  const ha = hashOf(a.key);
  const [ia, ib] = [(ha >>> shift) & MASK, (hb >>> shift) & MASK];
  if (ia === ib) return withSlot(emptyBranch<V>(), ia, split(a, b, hb, shift + BITS));
  return withSlot(withSlot(emptyBranch<V>(), ia, a), ib, b);
}

/** The branch with `leaf` put in, and the leaf it replaced (same key), if any. */
function insert<V>(branch: Branch<V>, leaf: Leaf<V>, hash: number, shift: number): [Branch<V>, Leaf<V> | undefined] {
  const index = (hash >>> shift) & MASK;
  const slot = branch.slots[index];
  if (slot === undefined) return [withSlot(branch, index, leaf), undefined];
  if (slot.kind === 'leaf') {
    if (slot.key === leaf.key) return [withSlot(branch, index, { ...leaf, seq: slot.seq }), slot];
    return [withSlot(branch, index, split(slot, leaf, hash, shift + BITS)), undefined];
  }
  if (slot.kind === 'bucket') {
    const known = slot.leaves.find((l) => l.key === leaf.key);
    const leaves = known ? slot.leaves.map((l) => (l === known ? { ...leaf, seq: known.seq } : l)) : [...slot.leaves, leaf];
    return [withSlot(branch, index, { kind: 'bucket', leaves }), known];
  }
  const [inner, replaced] = insert(slot, leaf, hash, shift + BITS);
  return [withSlot(branch, index, inner), replaced];
}

/** The branch without `key`, or undefined when it does not hold it. Emptied branches stay (lookups walk past them). */
function remove<V>(branch: Branch<V>, key: string, hash: number, shift: number): Branch<V> | undefined {
  const index = (hash >>> shift) & MASK;
  const slot = branch.slots[index];
  if (slot === undefined) return undefined;
  if (slot.kind === 'leaf') return slot.key === key ? withSlot(branch, index, undefined) : undefined;
  if (slot.kind === 'bucket') {
    if (!slot.leaves.some((l) => l.key === key)) return undefined;
    return withSlot(branch, index, { kind: 'bucket', leaves: slot.leaves.filter((l) => l.key !== key) });
  }
  const inner = remove(slot, key, hash, shift + BITS);
  return inner === undefined ? undefined : withSlot(branch, index, inner);
}

function collect<V>(slot: Slot<V>, into: Leaf<V>[]): void {
  if (slot === undefined) return;
  if (slot.kind === 'leaf') into.push(slot);
  else if (slot.kind === 'bucket') into.push(...slot.leaves);
  else for (const inner of slot.slots) collect(inner, into);
}

export class PersistentMap<V> implements ReadonlyMap<string, V> {
  private constructor(
    private readonly root: Branch<V>,
    readonly size: number,
    private readonly nextSeq: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(emptyBranch<V>(), 0, 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  get(key: string): V | undefined {
    return this.leafOf(key)?.value;
  }

  has(key: string): boolean {
    return this.leafOf(key) !== undefined;
  }

  private leafOf(key: string): Leaf<V> | undefined {
    const hash = hashOf(key);
    let slot: Slot<V> = this.root;
    for (let shift = 0; slot !== undefined; shift += BITS) {
      if (slot.kind === 'leaf') return slot.key === key ? slot : undefined;
      if (slot.kind === 'bucket') return slot.leaves.find((l) => l.key === key);
      slot = slot.slots[(hash >>> shift) & MASK];
    }
    return undefined;
  }

  /** A new map with `key` set; this one is unchanged. */
  set(key: string, value: V): PersistentMap<V> {
    const [root, replaced] = insert(this.root, { kind: 'leaf', key, value, seq: this.nextSeq }, hashOf(key), 0);
    return replaced ? new PersistentMap(root, this.size, this.nextSeq) : new PersistentMap(root, this.size + 1, this.nextSeq + 1);
  }

  /** A new map without `key` (this one when it had no such key); this one is unchanged. */
  delete(key: string): PersistentMap<V> {
    const root = remove(this.root, key, hashOf(key), 0);
    return root === undefined ? this : new PersistentMap(root, this.size - 1, this.nextSeq);
  }

  private entryList(): [string, V][] {
    const leaves: Leaf<V>[] = [];
    collect(this.root, leaves);
    return leaves.sort((a, b) => a.seq - b.seq).map((l) => [l.key, l.value]);
  }

  entries(): MapIterator<[string, V]> {
    return this.entryList()[Symbol.iterator]();
  }

  keys(): MapIterator<string> {
    return this.entryList().map(([k]) => k)[Symbol.iterator]();
  }

  values(): MapIterator<V> {
    return this.entryList().map(([, v]) => v)[Symbol.iterator]();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this.entryList()) callback(value, key, this);
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }
}
