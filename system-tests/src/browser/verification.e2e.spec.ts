import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seriousAxeFindings } from './axe.js';
import { apiCaller, approvedMember, journeyPage, useJourneySystem } from './journey.js';

const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = { firstName: 'Emmy', lastName: 'Noether', email: `emmy-${randomUUID().slice(0, 8)}@example.com`, password: 'Invariant1918' };
const AUDITOR = { firstName: 'Vera', lastName: 'Ledger', email: `vera-${randomUUID().slice(0, 8)}@example.com`, password: 'Checksum1494' };
const WAIT = { timeout: 15_000 };
/** A full replay-verification of a small store, run by the workers while the page polls. */
const REPLAY_WAIT = { timeout: 90_000 };

/**
 * The verification panel in a real browser against the whole product: the auditor runs
 * replay-verify from the page and it ends with a verdict while the page polls; checks the tail
 * since the last signed checkpoint (intact); then a person with database access edits a deposit
 * appended after that checkpoint, and the tail check names its stream and revision at once, while
 * the scheduled verdict above still says every chain holds. No serious accessibility finding.
 */
describe('the verification panel in the browser', () => {
  const journey = useJourneySystem({ label: 'e2everify', admin: ADMIN, member: MEMBER });
  const { call, tokenOf } = apiCaller(() => journey.current());

  it('replay-verifies while the store is in use and catches an edit after the last checkpoint with the tail check', async () => {
    const { browser, system, memberId } = journey.ready();
    const { base, context, page, step, signIn, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'verification');
    const admin = await tokenOf(ADMIN.email, ADMIN.password);
    const auditorId = await approvedMember(system, AUDITOR, ADMIN);
    await expect.poll(async () => (await call<{ status: string }>('GET', `/users/${auditorId}`, undefined, admin).catch(() => ({ status: '' }))).status, WAIT).toBe('approved');
    await call('PUT', `/users/${auditorId}`, { role: 'auditor' }, admin);
    const accessibility: string[] = [];

    await step('the auditor opens the panel: the scheduled verdict and checkpoint #1', async () => {
      await signIn(AUDITOR.email, AUDITOR.password, '/audit/streams');
      await page.goto(`${base}/audit/verification`);
      const chains = page.getByRole('region', { name: 'Hash chains' });
      await chains.getByText('Every chain holds').waitFor(WAIT);
      await chains.getByText('#1', { exact: true }).waitFor(WAIT);
    });

    await step('replay-verify runs from the page and ends with a verdict while the page polls', async () => {
      const replay = page.getByRole('region', { name: 'Replay-verify' });
      await replay.getByRole('button', { name: 'Run replay-verify' }).click();
      await replay.getByText(/^Passed: every read model rebuilt from the events equals the live one/).waitFor(REPLAY_WAIT);
      await replay.getByText(/Every read model compared as of position \d+-\d+/).waitFor(WAIT);
      // A second start within the minimum interval is refused with when the next may start.
      const again = await fetch(`${base}/api/audit/replay-verifications`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(AUDITOR.email, AUDITOR.password)}` }, body: '{}' });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    // After the checkpoint the workers signed as they started: a deposit, in the tail.
    await call('POST', '/deposits', { userId: memberId, timestamp: new Date().toISOString(), amountUSD: '75', transactionHash: `0x${'5e6f'.repeat(16)}` }, admin);

    await step('the tail check says intact, with the events checked and the positions', async () => {
      const tail = page.getByRole('region', { name: 'Events since the last checkpoint' });
      await tail.getByRole('button', { name: 'Check the tail now' }).click();
      await tail.getByText('Intact: every event since the checkpoint holds').waitFor(WAIT);
      await tail.getByText(/^From position \(after checkpoint #\d+\)$/).waitFor(WAIT);
      await shoot('tail-intact');
      accessibility.push(...(await seriousAxeFindings(page)));
    });

    const { pool, eventStoreSchema } = system.schemas;
    const { rows } = await pool.query<{ revision: string }>(
      `SELECT stream_revision::text AS revision FROM ${eventStoreSchema}.events WHERE stream_id = $1 AND type = 'DepositRecorded' ORDER BY stream_revision DESC LIMIT 1`,
      [`account-${memberId}`],
    );
    const revision = rows[0]?.revision ?? '';
    await step('a person with database access edits the deposit; the tail check names its stream and revision', async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Triggers that refuse edits are set aside for the session, as an owner of the database could.
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(`UPDATE ${eventStoreSchema}.events SET data = jsonb_set(data::jsonb, '{amountMicro}', '"75000000000"') WHERE stream_id = $1 AND stream_revision = $2`, [
          `account-${memberId}`,
          revision,
        ]);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      const tail = page.getByRole('region', { name: 'Events since the last checkpoint' });
      await tail.getByRole('button', { name: 'Check the tail now' }).click();
      await tail.getByText('Broken: 1 break').waitFor(WAIT);
      const breaks = tail.getByRole('list', { name: 'Breaks in the tail' });
      await breaks.getByText(`account-${memberId}`, { exact: true }).waitFor(WAIT);
      await breaks.getByText(`at revision ${revision} (content-changed)`, { exact: false }).waitFor(WAIT);
      // The scheduled verdict is as old as its run: it still says every chain holds.
      await page.getByRole('region', { name: 'Hash chains' }).getByText('Every chain holds').waitFor(WAIT);
      await shoot('tail-broken');
      accessibility.push(...(await seriousAxeFindings(page)));
    });

    expect(accessibility).toEqual([]);
    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 300_000);
});
