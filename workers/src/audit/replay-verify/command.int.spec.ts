import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

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

  async function audit(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, DATABASE_URL: schemas.connectionString, EVENT_STORE_SCHEMA: schemas.eventStoreSchema, READ_STORE_SCHEMA: schemas.readStoreSchema };
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--conditions=source', '--import', 'tsx', 'workers/src/audit/cli.ts', ...args], { cwd: ROOT, env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

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
  }, 60_000);

  it('answers 2 with the projections for a name that is not one', async () => {
    const bad = await audit('replay-verify', '--projection', 'nope');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('No projection named "nope"');
  });
});
