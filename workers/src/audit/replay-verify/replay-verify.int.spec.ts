import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION, USERS_COLLECTION, WITHDRAWALS_COLLECTION } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { projections } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import { MISSING } from './compare.js';
import { replayVerify } from './replay-verify.js';
import { pgScratch } from './scratch.js';
import { untilVisible } from './testing/visible.js';

describe('replay-verify on PostgreSQL: every read model rebuilt from the events into a scratch schema and compared with the live one', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let live: ReadStore;
  let journeys: MemberJourney[];
  const verify = () => replayVerify({ eventStore, live, scratch: pgScratch(schemas.connectionString, schemas.readStoreSchema) });
  const catchUpAll = async () => {
    await untilVisible(eventStore);
    for (const projection of projections) await catchUp(projection, { eventStore, readStore: live });
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('replayverify');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    live = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    // Identity, plans, money (deposit, rejected and completed withdrawals, addresses), strategies and portfolio.
    journeys = [await memberJourney(eventStore, 11), await memberJourney(eventStore, 12)];
    await catchUpAll();
  }, 60_000);
  afterAll(async () => schemas?.drop());

  it('finds no difference on a store the journeys exercised, having compared every projection with documents in it', async () => {
    const report = await verify();
    expect(report.differences).toEqual([]);
    expect(report.differenceCount).toBe(0);
    expect(report.exclusions).toEqual([]);
    expect(report.projections.map((p) => p.projection)).toEqual(projections.map((p) => p.name));
    for (const result of report.projections) expect(result.position, result.projection).not.toBeNull();
    const counts = Object.fromEntries(report.projections.flatMap((p) => p.collections.map((c) => [c.collection, c])));
    for (const collection of [USERS_COLLECTION, ACCOUNTS_COLLECTION, WITHDRAWALS_COLLECTION, 'plans', 'strategies', 'portfolio', 'deposits', 'withdrawal_addresses', 'wallets']) {
      expect(counts[collection]?.live ?? 0, collection).toBeGreaterThan(0);
      expect(counts[collection]?.rebuilt, collection).toBe(counts[collection]?.live);
    }
  });

  it('compares each projection at its own live checkpoint while the live read models lag the store', async () => {
    await memberJourney(eventStore, 13);
    await untilVisible(eventStore);
    // Only half the projections see the new member: the others lag, as a busy worker's would.
    for (const projection of projections.filter((_, i) => i % 2 === 0)) await catchUp(projection, { eventStore, readStore: live });
    const report = await verify();
    expect(report.differences).toEqual([]);
    const positions = new Set(report.projections.map((p) => p.position));
    expect(positions.size).toBe(2);
    await catchUpAll();
  });

  it('finds no false difference while the live projections keep applying new events during the comparison', async () => {
    let stop = false;
    const busy = (async () => {
      for (let n = 60; !stop && n < 64; n += 1) {
        await memberJourney(eventStore, n);
        await catchUpAll();
      }
    })();
    const report = await replayVerify({ eventStore, live, scratch: pgScratch(schemas.connectionString, schemas.readStoreSchema), attempts: 50 });
    stop = true;
    await busy;
    expect(report.differences).toEqual([]);
    await catchUpAll();
  }, 60_000);

  it('names a document changed, removed or added by hand: its collection, id, fields and both values', async () => {
    const [first, second] = journeys;
    if (!first || !second) throw new Error('journeys missing');
    const account = await live.collection(ACCOUNTS_COLLECTION).get(first.userId);
    expect(account).toBeDefined();
    const field = Object.keys(account ?? {}).find((key) => key !== 'id' && typeof account?.[key] === 'string') ?? '';
    await live.collection(ACCOUNTS_COLLECTION).update(first.userId, { [field]: 'tampered' });
    await live.collection(WITHDRAWALS_COLLECTION).delete(second.rejectedWithdrawalId);
    await live.collection(USERS_COLLECTION).upsert({ id: 'stray-user', firstName: 'Nobody' });

    const report = await verify();
    expect(report.differenceCount).toBe(3);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        {
          projection: 'accounts',
          collection: ACCOUNTS_COLLECTION,
          documentId: first.userId,
          kind: 'changed',
          fields: [{ path: field, live: 'tampered', rebuilt: account?.[field] }],
        },
        expect.objectContaining({ collection: WITHDRAWALS_COLLECTION, documentId: second.rejectedWithdrawalId, kind: 'missing-live' }),
        {
          projection: 'users',
          collection: USERS_COLLECTION,
          documentId: 'stray-user',
          kind: 'missing-rebuilt',
          fields: [{ path: '(document)', live: { id: 'stray-user', firstName: 'Nobody' }, rebuilt: MISSING }],
        },
      ]),
    );
  });

  it('leaves no scratch schema behind', async () => {
    const { rows } = await schemas.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name LIKE $1`, [
      `${schemas.readStoreSchema.slice(0, 30)}_rv_%`,
    ]);
    expect(rows[0]?.n).toBe(0);
  });
});
