import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { checkExport } from '@concierge/platform/audit/export/check';
import { apiCaller, approvedMember, journeyPage, useJourneySystem } from './journey.js';

const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${randomUUID().slice(0, 8)}@example.com`, password: 'Analytical1843' };
const AUDITOR = { firstName: 'Ida', lastName: 'Examiner', email: `ida-${randomUUID().slice(0, 8)}@example.com`, password: 'Ledger1494x' };
const DEPOSIT = { amountUSD: '250.123456', transactionHash: `0x${'ab12'.repeat(16)}` };
const WAIT = { timeout: 15_000 };

type Recorded = { type: string; data: Record<string, unknown> };

/**
 * The auditors' read side in a real browser against the real services and the built SPA: an admin
 * grants the auditor role in User Details; the auditor signs in to /audit, finds a member, browses
 * their streams, reads a deposit (money in USDC, who did it) and follows its correlation id through
 * every stream the request touched; a command from the auditor is refused; every read is on record.
 */
describe('auditors in the browser', () => {
  const journey = useJourneySystem({ label: 'e2eaudit', admin: ADMIN, member: MEMBER });
  const { call, tokenOf } = apiCaller(() => journey.current());

  it('lets an admin make an auditor, who browses and follows a request read-only, with every read recorded', async () => {
    const { browser, system, memberId } = journey.ready();
    const { base, context, page, step, toast, signIn, signOut, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'audit', { acceptDownloads: true });
    const auditorId = await approvedMember(system, AUDITOR, ADMIN);
    const adminToken = await tokenOf(ADMIN.email, ADMIN.password);
    await call('POST', '/deposits', { userId: memberId, timestamp: new Date().toISOString(), ...DEPOSIT }, adminToken);
    // The page is opened by address, without the approval's X-Min-Position: wait for the users read model instead.
    const approved = async () => (await call<{ status: string }>('GET', `/users/${auditorId}`, undefined, adminToken).catch(() => ({ status: 'unknown' }))).status;
    await expect.poll(approved, WAIT).toBe('approved');

    await step('admin grants the auditor role in User Details', async () => {
      await signIn(ADMIN.email, ADMIN.password, '/admin/dashboard');
      await page.goto(`${base}/admin/users/${auditorId}`);
      await page.getByRole('banner').getByText('User Details').waitFor(WAIT);
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Auditor', exact: true }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast('User details updated successfully.');
      // Staff hold no portfolio: the member-only forms give way to a note.
      await page.getByText('This account is an auditor: deposits and portfolio snapshots are recorded for members only.').waitFor(WAIT);
      expect(await page.getByRole('button', { name: 'Create Snapshot' }).count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Add New Deposit' }).count()).toBe(0);
      await shoot('admin-grants-auditor');
      await signOut();
    });

    await step('the auditor signs in and lands on the stream browser', async () => {
      await signIn(AUDITOR.email, AUDITOR.password, '/audit/streams');
      await page.getByRole('grid', { name: 'Streams' }).getByRole('link', { name: `account-${memberId}` }).waitFor(WAIT);
      await shoot('auditor-streams');
    });

    await step("the auditor finds the member and browses the member's streams", async () => {
      await page.getByLabel('Find a member by name or email').fill(MEMBER.email);
      await page.getByRole('button', { name: 'Find member' }).click();
      await page.getByText(`${MEMBER.firstName} ${MEMBER.lastName} · ${MEMBER.email}`).waitFor(WAIT);
      await page.getByRole('link', { name: 'Show streams' }).click();
      await page.waitForURL(`${base}/audit/streams?search=${memberId}`, WAIT);
      const grid = page.getByRole('grid', { name: 'Streams' });
      await grid.getByRole('link', { name: `user-${memberId}` }).waitFor(WAIT);
      await shoot('auditor-member-streams');
      await grid.getByRole('link', { name: `account-${memberId}` }).click();
      const deposit = page.getByRole('article', { name: 'Revision 0: DepositRecorded' });
      await deposit.getByLabel('Data').getByText('"amountMicro": "250.123456 USDC"', { exact: false }).waitFor(WAIT);
      await deposit.getByText(`${await adminIdOf(adminToken)} (admin)`).waitFor(WAIT);
      await shoot('auditor-stream-view');
    });

    await step("the auditor downloads the stream's export, which verifies offline", async () => {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: 'Download export' }).click()]);
      expect(download.suggestedFilename()).toBe(`audit-export-account-${memberId}.jsonl`);
      const file = await download.path();
      const check = await checkExport(createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity }));
      expect([check.problems, check.streams]).toEqual([[], 1]);
      expect(check.events).toBeGreaterThan(0);
      await rm(file, { force: true });
    });

    await step("the auditor follows the deposit's correlation id through every stream it touched", async () => {
      const deposit = page.getByRole('article', { name: 'Revision 0: DepositRecorded' });
      await deposit.getByRole('link', { name: /^Correlation / }).click();
      await page.waitForURL(/\/audit\/events\?correlationId=/, WAIT);
      const grid = page.getByRole('grid', { name: 'Events' });
      await grid.getByRole('link', { name: `account-${memberId}@0` }).waitFor(WAIT);
      await grid.getByRole('link', { name: `depositTx-${DEPOSIT.transactionHash}@0` }).waitFor(WAIT);
      await shoot('auditor-event-search');
    });

    // Time travel, replay-verify and export steps (issue 13) join here: the nav already has their tabs.
    await step('the audit shell offers Time travel and Verification', async () => {
      await page.getByRole('tab', { name: 'Time travel' }).click();
      await page.getByRole('heading', { name: 'Time travel' }).waitFor(WAIT);
      await shoot('auditor-time-travel');
      await page.getByRole('tab', { name: 'Verification' }).click();
      await page.getByRole('heading', { name: 'Verification' }).waitFor(WAIT);
      // The workers verify every chain and sign a checkpoint as they start.
      const chains = page.getByRole('region', { name: 'Hash chains' });
      await chains.getByText('Every chain holds').waitFor(WAIT);
      await chains.getByText('#1', { exact: true }).waitFor(WAIT);
      await shoot('auditor-verification');
    });

    await step("the auditor's attempted commands are refused, and admin pages lead back to /audit", async () => {
      const auditorToken = await tokenOf(AUDITOR.email, AUDITOR.password);
      const refused = await fetch(`${base}/api/deposits`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${auditorToken}` },
        body: JSON.stringify({ userId: memberId, timestamp: new Date().toISOString(), amountUSD: '1', transactionHash: `0x${'cd34'.repeat(16)}` }),
      });
      expect(refused.status).toBe(403);
      const approve = await fetch(`${base}/api/users/${memberId}/approve`, { method: 'POST', headers: { authorization: `Bearer ${auditorToken}` } });
      expect(approve.status).toBe(403);
      await page.goto(`${base}/admin/users`);
      await page.waitForURL(`${base}/audit/streams`, WAIT);
      await signOut();
    });

    await step("every read of the auditor is on record in the auditor's own stream", async () => {
      const records = await call<{ events: Recorded[] }>('GET', `/audit/streams/auditReads-${auditorId}?limit=100`, undefined, adminToken);
      const routes = new Set(records.events.filter((event) => event.type === 'AuditRecordsViewed').map((event) => String(event.data['routeId'])));
      // The verification overview holds no one's records and is not recorded (the panel polls it); the replay report is.
      expect([...routes].sort()).toEqual(expect.arrayContaining(['audit.all', 'audit.export', 'audit.latestReplayVerification', 'audit.stream', 'audit.streams', 'users.list']));
      expect(routes.has('audit.verification')).toBe(false);
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 240_000);

  /** The admin's own id, as the event metadata records it. */
  async function adminIdOf(token: string): Promise<string> {
    return String((await call('GET', '/auth/me', undefined, token))['id']);
  }
});
