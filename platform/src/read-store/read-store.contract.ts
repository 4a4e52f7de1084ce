import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointMovedError, type ReadModelDoc, type ReadStore } from './port.js';

export interface ReadStoreUnderTest {
  readonly store: ReadStore;
  readonly cleanup: () => Promise<void>;
}

type Member = ReadModelDoc & { name: string; email: string; status: string; balance: number; profile: { tier: string } };

const members: Member[] = [
  { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', status: 'approved', balance: 1_500_000, profile: { tier: 'gold' } },
  { id: 'u2', name: 'Grace Hopper', email: 'grace@navy.mil', status: 'pending', balance: 250_000, profile: { tier: 'silver' } },
  { id: 'u3', name: 'Alan Turing', email: 'alan@bletchley.uk', status: 'approved', balance: 9_000_000_000_001, profile: { tier: 'gold' } },
  { id: 'u4', name: 'Edsger Dijkstra', email: 'ewd_100%@example.com', status: 'rejected', balance: 0, profile: { tier: 'bronze' } },
  { id: 'u5', name: 'barbara liskov', email: 'liskov@mit.edu', status: 'pending', balance: 250_000, profile: { tier: 'silver' } },
];

/** The behaviour every read store adapter must show; run against each adapter. */
export function describeReadStoreContract(adapterName: string, makeStore: () => Promise<ReadStoreUnderTest>): void {
  describe(`${adapterName} read store contract`, () => {
    let subject: ReadStoreUnderTest;
    let store: ReadStore;
    const name = (label: string) => `${label}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    let people: string;

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
      people = name('people');
      for (const m of members) await store.collection<Member>(people).upsert(m);
    });
    afterAll(async () => subject?.cleanup());

    it('gets, replaces, partially updates and deletes documents by id', async () => {
      const c = store.collection<Member>(name('crud'));
      expect(await c.get('nope')).toBeUndefined();
      await c.upsert(members[0]!);
      await c.upsert({ ...members[0]!, name: 'Augusta Ada King' });
      expect(await c.get('u1')).toEqual({ ...members[0]!, name: 'Augusta Ada King' });
      expect(await c.update('u1', { status: 'suspended' })).toBe(true);
      expect((await c.get('u1'))?.status).toBe('suspended');
      expect((await c.get('u1'))?.email).toBe('ada@example.com');
      expect(await c.update('missing', { status: 'x' })).toBe(false);
      expect(await c.delete('u1')).toBe(true);
      expect(await c.delete('u1')).toBe(false);
      expect(await c.get('u1')).toBeUndefined();
    });

    it('writes and deletes many documents at once', async () => {
      const c = store.collection<Member>(name('bulk'));
      await c.upsertMany(members);
      await c.upsertMany([{ ...members[1]!, status: 'approved' }]);
      expect(await c.count()).toBe(5);
      expect((await c.get('u2'))?.status).toBe('approved');
      await c.deleteMany(['u1', 'u2', 'missing']);
      expect((await c.find({ sort: [{ field: 'name', direction: 'asc' }] })).map((m) => m.id)).toEqual(['u3', 'u4', 'u5']);
      await c.upsertMany([]);
      await c.deleteMany([]);
    });

    it('finds by equality, in-list, null and nested-field filters', async () => {
      const c = store.collection<Member>(people);
      const ids = async (filter: Parameters<typeof c.find>[0]) => (await c.find(filter)).map((m) => m.id);
      expect(await ids({ filter: { status: 'approved' }, sort: [{ field: 'name', direction: 'asc' }] })).toEqual(['u1', 'u3']);
      expect((await ids({ filter: { status: { in: ['pending', 'rejected'] } } })).sort()).toEqual(['u2', 'u4', 'u5']);
      expect((await ids({ filter: { 'profile.tier': 'silver' } })).sort()).toEqual(['u2', 'u5']);
      expect(await ids({ filter: { nickname: null, status: 'rejected' } })).toEqual(['u4']);
      expect(await ids({ filter: { status: { in: [] } } })).toEqual([]);
      expect(await ids({ filter: { balance: 250_000, status: 'pending' } })).toEqual(['u2', 'u5']);
    });

    it('finds text within an inclusive range, byte-wise, with either end open', async () => {
      const c = store.collection<Member>(people);
      const ids = async (filter: Parameters<typeof c.find>[0]) => (await c.find(filter)).map((m) => m.id).sort();
      expect(await ids({ filter: { email: { gte: 'alan@bletchley.uk', lte: 'grace@navy.mil' } } })).toEqual(['u2', 'u3', 'u4']);
      expect(await ids({ filter: { name: { gte: 'Z' } } })).toEqual(['u5']);
      expect(await ids({ filter: { name: { lte: 'Alan Turing' }, status: 'approved' } })).toEqual(['u1', 'u3']);
      // Numbers and missing values are outside every text range.
      expect(await ids({ filter: { balance: { gte: '0' } } })).toEqual([]);
      expect(await c.count({ filter: { nickname: { lte: 'zzz' } } })).toBe(0);
    });

    it('searches named fields case-insensitively, treating the text literally', async () => {
      const c = store.collection<Member>(people);
      const search = async (text: string) =>
        (await c.find({ search: { fields: ['name', 'email'], text } })).map((m) => m.id).sort();
      expect(await search('ALAN')).toEqual(['u3']);
      expect(await search('example.com')).toEqual(['u1', 'u4']);
      expect(await search('100%')).toEqual(['u4']);
      expect(await search('ewd_')).toEqual(['u4']);
      expect(await search('a.a')).toEqual([]);
      expect(await search('(')).toEqual([]);
      expect(await c.count({ filter: { status: 'pending' }, search: { fields: ['name'], text: 'LISKOV' } })).toBe(1);
    });

    it('sorts numbers numerically and strings byte-wise, pages stably with skip and limit', async () => {
      const c = store.collection<Member>(people);
      const byBalance = await c.find({ sort: [{ field: 'balance', direction: 'desc' }] });
      expect(byBalance.map((m) => m.id)).toEqual(['u3', 'u1', 'u2', 'u5', 'u4']);
      const byName = await c.find({ sort: [{ field: 'name', direction: 'asc' }] });
      expect(byName.map((m) => m.name)).toEqual(['Ada Lovelace', 'Alan Turing', 'Edsger Dijkstra', 'Grace Hopper', 'barbara liskov']);
      const pages = [];
      for (let skip = 0; skip < 5; skip += 2) {
        pages.push(...(await c.find({ sort: [{ field: 'status', direction: 'asc' }], skip, limit: 2 })).map((m) => m.id));
      }
      expect(pages).toEqual(['u1', 'u3', 'u2', 'u5', 'u4']);
    });

    it('finds a page and counts every document its filter and search match in one call', async () => {
      const c = store.collection<Member>(people);
      const ids = (page: { docs: Member[] }) => page.docs.map((m) => m.id);
      const byName = [{ field: 'name', direction: 'asc' }] as const;
      const second = await c.findPage({ sort: byName, skip: 1, limit: 2 });
      expect(ids(second)).toEqual(['u3', 'u4']);
      expect(second.total).toBe(5);
      expect(second.docs[0]).toEqual(members[2]);
      const searched = await c.findPage({ search: { fields: ['name', 'email'], text: 'A' }, sort: [{ field: 'balance', direction: 'desc' }], limit: 1 });
      expect(searched).toEqual({ docs: [members[2]], total: 5 });
      expect(await c.findPage({ filter: { status: 'pending' }, search: { fields: ['name'], text: 'LISKOV' }, limit: 10 })).toEqual({ docs: [members[4]], total: 1 });
      expect(await c.findPage({ sort: byName, skip: 10, limit: 2 })).toEqual({ docs: [], total: 5 });
      expect(await c.findPage({ filter: { status: 'none' }, limit: 2 })).toEqual({ docs: [], total: 0 });
    });

    it('counts, counts by group and sums integer fields exactly', async () => {
      const c = store.collection<Member>(people);
      expect(await c.count()).toBe(5);
      expect(await c.count({ filter: { status: 'approved' } })).toBe(2);
      expect(await c.countBy('status')).toEqual({ approved: 2, pending: 2, rejected: 1 });
      expect(await c.sumBy('status', 'balance')).toEqual({ approved: 9_000_001_500_001n, pending: 500_000n, rejected: 0n });
      expect(await c.sumBy(null, 'balance', { filter: { status: 'pending' } })).toEqual({ all: 500_000n });
      expect(await c.sumBy(null, 'balance', { filter: { status: 'none' } })).toEqual({});
    });

    it('declares indexes idempotently, from racing processes too, without changing what queries return', async () => {
      const coll = name('indexed');
      const indexes = [
        { kind: 'sorted', equals: ['status'], sort: [{ field: 'balance', direction: 'desc' }] },
        { kind: 'sorted', sort: [{ field: 'name', direction: 'asc' }] },
        { kind: 'search', fields: ['name', 'email'] },
      ] as const;
      await store.ensureIndexes(coll, indexes); // before the collection holds anything
      const c = store.collection<Member>(coll);
      await c.upsertMany(members);
      await Promise.all([store.ensureIndexes(coll, indexes), store.ensureIndexes(coll, indexes)]);
      const ids = async (query: Parameters<typeof c.find>[0]) => (await c.find(query)).map((m) => m.id);
      expect(await ids({ filter: { status: 'pending' }, sort: [{ field: 'balance', direction: 'desc' }] })).toEqual(['u2', 'u5']);
      expect(await ids({ sort: [{ field: 'name', direction: 'asc' }], limit: 2 })).toEqual(['u1', 'u3']);
      expect(await ids({ search: { fields: ['name', 'email'], text: 'LISKOV' } })).toEqual(['u5']);
      expect(await c.count({ search: { fields: ['name', 'email'], text: '100%' } })).toBe(1);
      expect(await c.findPage({ search: { fields: ['name', 'email'], text: 'ewd_' }, limit: 5 })).toEqual({ docs: [members[3]], total: 1 });
      expect(await c.findPage({ search: { fields: ['name', 'email'], text: 'a.a' }, limit: 5 })).toEqual({ docs: [], total: 0 });
    });

    it('commits the writes of a transaction together and rolls all of them back on failure', async () => {
      const coll = name('tx');
      const projection = name('proj');
      const to = { commit: 10n, prepare: 11n };
      await expect(
        store.transaction(async (session) => {
          await session.collection<Member>(coll).upsert(members[0]!);
          await session.advanceCheckpoint(projection, undefined, to);
          throw new Error('projection handler failed');
        }),
      ).rejects.toThrow('projection handler failed');
      expect(await store.collection(coll).get('u1')).toBeUndefined();
      expect(await store.getCheckpoint(projection)).toBeUndefined();
      await store.transaction(async (session) => {
        await session.collection<Member>(coll).upsert(members[0]!);
        expect(await session.advanceCheckpoint(projection, undefined, to)).toBe(true);
      });
      expect(await store.collection(coll).get('u1')).toEqual(members[0]);
      expect(await store.getCheckpoint(projection)).toEqual(to);
    });

    it('moves a checkpoint only from where the runner expects it, so one of two racing runners wins', async () => {
      const projection = name('proj');
      const p1 = { commit: 5n, prepare: 1n };
      const p2 = { commit: 5n, prepare: 2n };
      expect(await store.transaction((s) => s.advanceCheckpoint(projection, undefined, p1))).toBe(true);
      expect(await store.transaction((s) => s.advanceCheckpoint(projection, undefined, p2))).toBe(false);
      expect(await store.transaction((s) => s.advanceCheckpoint(projection, p2, p1))).toBe(false);
      const outcomes = await Promise.allSettled(
        [1, 2].map((n) =>
          store.transaction(async (s) => {
            if (!(await s.advanceCheckpoint(projection, p1, { commit: 6n, prepare: BigInt(n) }))) throw new CheckpointMovedError(projection);
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect((await store.getCheckpoint(projection))?.commit).toBe(6n);
    });

    it('resets a projection: its collections are emptied and its checkpoint forgotten', async () => {
      const coll = name('reset');
      const projection = name('proj');
      await store.transaction(async (s) => {
        await s.collection<Member>(coll).upsert(members[1]!);
        await s.advanceCheckpoint(projection, undefined, { commit: 1n, prepare: 1n });
      });
      await store.reset(projection, [coll]);
      expect(await store.collection(coll).count()).toBe(0);
      expect(await store.getCheckpoint(projection)).toBeUndefined();
    });
  });
}
