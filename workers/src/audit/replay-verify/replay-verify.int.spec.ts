import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION, USERS_COLLECTION, WITHDRAWALS_COLLECTION } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadModelDoc, ReadStore } from '@concierge/platform/read-store/port';
import { formatPosition } from '@concierge/platform/event-store/position';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { projections } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import { MISSING } from './compare.js';
import { replayVerify } from './replay-verify.js';
import { pgScratch } from './scratch.js';
import { untilVisible } from './testing/visible.js';

/** An audit read, as the panel's polling recorded one. */
const polled = (): NewEvent => {
  const readAt = new Date().toISOString();
  const data = { userId: 'poller', role: 'auditor', routeId: 'audit.latestReplayVerification', path: '/audit/replay-verifications/latest', params: {}, query: {}, readAt };
  return { id: randomUUID(), type: 'AuditRecordsViewed', data, metadata: { actor: { type: 'user', userId: 'poller', role: 'auditor' }, correlationId: 'c', causationId: 'c', occurredAt: readAt, schemaVersion: 1 } };
};

describe('replay-verify on PostgreSQL: every read model rebuilt from the events into a scratch schema and compared with the live one', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let live: ReadStore;
  let journeys: MemberJourney[];
  const verify = () => replayVerify({ eventStore, live, projections, scratch: pgScratch(schemas.connectionString, schemas.readStoreSchema) });
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

  it('compares every projection at the one position pinned at the start, waiting for live projections that lag behind it', async () => {
    await memberJourney(eventStore, 13);
    await untilVisible(eventStore);
    const pin = formatPosition(await eventStore.lastPosition());
    // Only half the projections see the new member: the others lag, as a busy worker's would, and catch up later.
    for (const projection of projections.filter((_, i) => i % 2 === 0)) await catchUp(projection, { eventStore, readStore: live });
    const late = new Promise((resolve) => setTimeout(resolve, 300)).then(catchUpAll);
    const report = await verify();
    await late;
    expect(report.differences).toEqual([]);
    expect(report.pinnedAt).toBe(pin);
    expect(new Set(report.projections.map((p) => p.position))).toEqual(new Set([pin]));
  });

  /**
   * What the verification panel did to a run: its polling appended an audit read every 2 s, the
   * workers applied it, and every live checkpoint moved during every comparison. Here events are
   * appended and applied without pause for the whole run.
   */
  let journeyN = 1000;
  async function underLoad<T>(work: () => Promise<T>): Promise<{ result: T; appended: number }> {
    let stop = false;
    let appended = 0;
    const appender = (async () => {
      while (!stop) {
        await eventStore.appendToStream('auditReads-poller', [polled()], { expectedRevision: 'any' });
        appended += 1;
        if (appended % 50 === 0) await memberJourney(eventStore, (journeyN += 1));
      }
    })();
    // The workers: every projection applies what was appended, without pause.
    const workers = (async () => {
      while (!stop) for (const projection of projections) await catchUp(projection, { eventStore, readStore: live });
    })();
    const load = Promise.all([appender, workers]);
    try {
      return { result: await work(), appended };
    } finally {
      stop = true;
      await load;
      await catchUpAll();
    }
  }

  it('ends with a verdict, not an error, while events are appended and applied throughout the run', async () => {
    const { result: report, appended } = await underLoad(verify);
    expect(appended).toBeGreaterThan(0);
    expect(report.differences).toEqual([]);
    expect(report.differenceCount).toBe(0);
    expect(new Set(report.projections.map((p) => p.position))).toEqual(new Set([report.pinnedAt]));
  }, 120_000);

  it('still names a document changed by hand while the store moves; only documents events after the pin wrote are left out', async () => {
    const [first] = journeys;
    if (!first) throw new Error('journey missing');
    const account = await live.collection(ACCOUNTS_COLLECTION).get(first.userId);
    const field = Object.keys(account ?? {}).find((key) => key !== 'id' && typeof account?.[key] === 'string') ?? '';
    await live.collection(ACCOUNTS_COLLECTION).update(first.userId, { [field]: 'tampered' });
    const { result: report } = await underLoad(verify);
    expect(report.differences).toEqual([
      { projection: 'accounts', collection: ACCOUNTS_COLLECTION, documentId: first.userId, kind: 'changed', fields: [{ path: field, live: 'tampered', rebuilt: account?.[field] }] },
    ]);
    await live.collection(ACCOUNTS_COLLECTION).upsert(account as ReadModelDoc);
  }, 120_000);

  it('names a document changed, removed or added by hand: its collection, id, fields and both values', async () => {
    const [first, second] = journeys;
    if (!first || !second) throw new Error('journeys missing');
    const account = await live.collection(ACCOUNTS_COLLECTION).get(first.userId);
    expect(account).toMatchObject({ id: first.userId });
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
