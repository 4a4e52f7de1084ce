import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { projections } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import { untilVisible } from './testing/visible.js';
import { runAuditCli } from '../testing/run-cli.js';

describe('npm run audit -- replay-verify', () => {
  let schemas: TestSchemas;
  let live: ReadStore;
  let journey: MemberJourney;

  beforeAll(async () => {
    schemas = await createTestSchemas('replaycli');
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    live = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    journey = await memberJourney(eventStore, 21);
    await untilVisible(eventStore);
    for (const projection of projections) await catchUp(projection, { eventStore, readStore: live });
  }, 60_000);
  afterAll(async () => schemas?.drop());

  const audit = (...args: string[]) => runAuditCli(schemas, args);


  it('exits 0 when every read model rebuilds the same, then 1 naming the collection, document and field changed by hand', async () => {
    const clean = await audit('replay-verify');
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('Excluded from the comparison: nothing');
    expect(clean.stdout).toContain('every read model rebuilt from the events equals the live one');
    expect(clean.stdout).toMatch(/^accounts at \d+-\d+: accounts 1\/1$/m);

    await live.collection(ACCOUNTS_COLLECTION).update(journey.userId, { balanceMicro: '1' });
    const broken = await audit('replay-verify', '--projection', 'accounts');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`accounts ${journey.userId}: changed`);
    expect(broken.stdout).toMatch(/balanceMicro: live "1", rebuilt "\d+"/);
    const json = await audit('replay-verify', '--projection', 'accounts', '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ differenceCount: 1, differences: [{ collection: ACCOUNTS_COLLECTION, documentId: journey.userId, kind: 'changed' }] });
    // Three CLI processes, each loading its sources and replaying every projection: 4 s alone, but
    // over 60 s once in a full run beside the demo journey's build of every workspace.
  }, 180_000);

  it('answers 2 with the projections for a name that is not one', async () => {
    const bad = await audit('replay-verify', '--projection', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('No projection named "nope"');
  });
});
