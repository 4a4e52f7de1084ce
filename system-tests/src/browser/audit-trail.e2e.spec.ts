import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCaller, approvedMember, journeyPage, useJourneySystem } from './journey.js';

const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = { firstName: 'Grace', lastName: 'Hopper', email: `grace-${randomUUID().slice(0, 8)}@example.com`, password: 'Compiler1952' };
const AUDITOR = { firstName: 'Luca', lastName: 'Pacioli', email: `luca-${randomUUID().slice(0, 8)}@example.com`, password: 'Summa1494x' };
const PAYOUT_HASH = `0x${'9f8e'.repeat(16)}`;
const WAIT = { timeout: 15_000 };

type Recorded = { id: string; type: string; revision: number; recordedAt: string; data: Record<string, unknown>; metadata: { correlationId: string } };
type AccountAt = { account: { balance: { usdc: string }; reserved: { usdc: string } } };

/** The SPA's grouping of an exact USDC amount (web/src/features/audit/time-travel/components/amounts.ts). */
const usdcText = (usdc: string) => {
  const [whole = '0', fraction] = usdc.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`} USDC`;
};

/** An instant as the datetime-local field takes it, in UTC to the millisecond. */
const fieldInstant = (ms: number) => new Date(ms).toISOString().slice(0, 23);

/**
 * A withdrawal traced by an auditor in a real browser: its request followed by correlation id to
 * every stream it touched, its payout followed the same way to the transaction's claim, the member
 * viewed at the instants around the request and the payout (time travel), and every read model
 * rebuilt from the events and found equal to the live one (replay-verify, run from the page).
 */
describe('an auditor traces a withdrawal in the browser', () => {
  const journey = useJourneySystem({ label: 'e2eaudittrail', admin: ADMIN, member: MEMBER });
  const { call, tokenOf } = apiCaller(() => journey.current());

  it('follows a withdrawal from request to payout, views the member before and after, and replay-verifies', async () => {
    const { browser, system, memberId } = journey.ready();
    const { base, context, page, step, signIn, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'audit-trail');
    const admin = await tokenOf(ADMIN.email, ADMIN.password);
    const auditorId = await approvedMember(system, AUDITOR, ADMIN);

    // The money: 100 USDC in, 40 requested to a saved address, approved and paid with a hash.
    await call('POST', '/deposits', { userId: memberId, timestamp: new Date().toISOString(), amountUSD: '100', transactionHash: `0x${'1c2d'.repeat(16)}` }, admin);
    const member = await tokenOf(MEMBER.email, MEMBER.password);
    await call('POST', '/withdrawals/addresses', { label: 'Cold wallet', address: `0x${'7'.repeat(40)}` }, member);
    const { withdrawalId } = await call<{ withdrawalId: string }>('POST', '/withdrawals/request', { amount: 40 }, member);
    await call('POST', `/withdrawals/admin/requests/${withdrawalId}/process`, { action: 'approve' }, admin);
    await call('POST', `/withdrawals/admin/requests/${withdrawalId}/process`, { action: 'complete', transactionHash: PAYOUT_HASH }, admin);
    await expect.poll(async () => (await call<{ status: string }>('GET', `/users/${auditorId}`, undefined, admin).catch(() => ({ status: '' }))).status, WAIT).toBe('approved');
    await call('PUT', `/users/${auditorId}`, { role: 'auditor' }, admin);

    const account = (await call<{ events: Recorded[] }>('GET', `/audit/streams/account-${memberId}?limit=100`, undefined, admin)).events;
    const requested = account.find((event) => event.type === 'WithdrawalRequested');
    const completed = account.find((event) => event.type === 'WithdrawalCompleted');
    if (!requested || !completed) throw new Error(`the account stream lacks the withdrawal: ${account.map((e) => e.type).join(', ')}`);

    await step("the auditor follows the request's correlation id to every stream it touched", async () => {
      await signIn(AUDITOR.email, AUDITOR.password, '/audit/streams');
      await page.goto(`${base}/audit/streams/account-${memberId}`);
      const request = page.getByRole('article', { name: `Revision ${requested.revision}: WithdrawalRequested` });
      await request.getByRole('link', { name: /^Correlation / }).click();
      await page.waitForURL(/\/audit\/events\?correlationId=/, WAIT);
      const grid = page.getByRole('grid', { name: 'Events' });
      await grid.getByRole('link', { name: `account-${memberId}@${requested.revision}` }).waitFor(WAIT);
      await grid.getByRole('link', { name: `withdrawalRef-${withdrawalId}@0` }).waitFor(WAIT);
      await shoot('request-correlation');
    });

    await step("the auditor follows the payout's correlation id to the transaction's claim", async () => {
      await page.goto(`${base}/audit/streams/account-${memberId}`);
      const payout = page.getByRole('article', { name: `Revision ${completed.revision}: WithdrawalCompleted` });
      await payout.getByText(PAYOUT_HASH, { exact: false }).waitFor(WAIT);
      await payout.getByRole('link', { name: /^Correlation / }).click();
      await page.waitForURL(/\/audit\/events\?correlationId=/, WAIT);
      const grid = page.getByRole('grid', { name: 'Events' });
      await grid.getByRole('link', { name: `account-${memberId}@${completed.revision}` }).waitFor(WAIT);
      await grid.getByRole('link', { name: `depositTx-${PAYOUT_HASH}@0` }).waitFor(WAIT);
      await shoot('payout-correlation');
    });

    await step('time travel shows the member just before and at the request, and after the payout', async () => {
      const at = async (ms: number) => (await call<AccountAt>('GET', `/audit/members/${memberId}/at?instant=${new Date(ms).toISOString()}`, undefined, admin)).account;
      const requestedAt = Date.parse(requested.recordedAt);
      const before = await at(requestedAt - 1);
      const during = await at(requestedAt);
      const after = await at(Date.parse(completed.recordedAt));
      // Exact amounts: 100 in, 40 held from the request's instant, 60 left once paid.
      expect([before.balance.usdc, before.reserved.usdc].map(Number)).toEqual([100, 0]);
      expect([during.balance.usdc, during.reserved.usdc].map(Number)).toEqual([100, 40]);
      expect([after.balance.usdc, after.reserved.usdc].map(Number)).toEqual([60, 0]);

      await page.getByRole('tab', { name: 'Time travel' }).click();
      await page.getByLabel('Member id').fill(memberId);
      for (const [ms, seen] of [[requestedAt - 1, before], [requestedAt, during]] as const) {
        await page.getByLabel('Instant (UTC)').fill(fieldInstant(ms));
        await page.getByRole('button', { name: 'Show account' }).click();
        await figure(page, 'Reserved').getByText(usdcText(seen.reserved.usdc), { exact: true }).waitFor(WAIT);
        await figure(page, 'Balance').getByText(usdcText(seen.balance.usdc), { exact: true }).waitFor(WAIT);
      }
      await shoot('time-travel-at-request');
    });

    await step('replay-verify, run from the page, finds every read model equal to the events', async () => {
      await page.getByRole('tab', { name: 'Verification' }).click();
      const panel = page.getByRole('region', { name: 'Replay-verify' });
      await panel.getByRole('button', { name: 'Run replay-verify' }).click();
      await panel.getByText('Passed: every read model rebuilt from the events equals the live one').waitFor({ timeout: 90_000 });
      await shoot('replay-verify-passed');
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 240_000);
});

/** One figure of the time-travel view: its caption (the last text so named: the section's heading is also "Balance") and value. */
function figure(page: Page, label: string) {
  return page.getByRole('region', { name: 'Balance' }).getByText(label, { exact: true }).last().locator('..');
}
