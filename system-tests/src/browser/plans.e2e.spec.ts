import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCaller, journeyPage, useJourneySystem } from './journey.js';

const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = { firstName: 'Grace', lastName: 'Hopper', email: `grace-${randomUUID().slice(0, 8)}@example.com`, password: 'Compiler1952' };
const DEPOSIT = { amount: '100', hash: `0x${'ef56'.repeat(16)}` };
const MEMBERS_ON_GOLD = '1 member is on Gold: move them to another plan, or deactivate Gold instead (it stays valid for members already on it).';
const WAIT = { timeout: 15_000 };


/**
 * Plans and strategy groups in a real browser against the real services and the built SPA: the
 * admin creates the plan Gold at 2.5%, puts a member on it and records a deposit that is charged
 * 2.5%; a later fee change leaves that deposit's fee alone; Gold cannot be deleted while the member
 * is on it; a strategy group is created, edited and deleted, and the public list is by risk weight.
 */
describe('plans and strategy groups in the browser', () => {
  const journey = useJourneySystem({ label: 'e2eplans', admin: ADMIN, member: MEMBER });
  const { call, tokenOf } = apiCaller(() => journey.current());

  it("charges the member's plan, keeps a charged fee, refuses to delete a plan in use, and manages strategy groups", async () => {
    const { browser, system, memberId } = journey.ready();
    const { base, context, page, step, toast, signIn, signOut, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'plans');
    const plans = page.getByRole('grid', { name: 'Subscription plans' });
    const planForm = page.getByRole('form', { name: 'Subscription plan' });
    const goldRow = plans.getByRole('row').filter({ hasText: 'Gold' });
    const depositRow = page.getByRole('grid', { name: 'Deposits' }).getByRole('row').filter({ hasText: MEMBER.lastName });
    const depositCells = () => depositRow.getByRole('gridcell').allTextContents();

    await step('admin creates the plan Gold at 2.5%', async () => {
      await signIn(ADMIN.email, ADMIN.password, '/admin/dashboard');
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await page.waitForURL(`${base}/admin/subscriptions`, WAIT);
      await page.getByRole('banner').getByText('Subscription Manager').waitFor(WAIT);
      const defaultRow = plans.getByRole('row').filter({ hasText: 'Premium Concierge' });
      await defaultRow.getByText('Default', { exact: true }).waitFor(WAIT);
      expect(await defaultRow.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
      await planForm.getByRole('button', { name: 'Create Plan' }).click();
      await toast('Please fill out the form correctly.');
      await shoot('admin-subscriptions-invalid');
      await planForm.getByLabel('Plan Name').fill('Gold');
      await planForm.getByLabel('Fee Percentage').fill('2.5');
      await planForm.getByLabel('Description').fill('Concierge service for larger portfolios');
      await planForm.getByRole('button', { name: 'Create Plan' }).click();
      await toast('Subscription plan created or updated successfully.');
      await goldRow.getByText('2.5%', { exact: true }).waitFor(WAIT);
      // With the toast: it sits below the header, never over the admin's name.
      await shoot('admin-subscriptions', { toasts: true });
    });

    await step('admin puts the member on Gold and records a 100 USDC deposit', async () => {
      await page.goto(`${base}/admin/users/${memberId}`);
      await page.getByRole('banner').getByText('User Details').waitFor(WAIT);
      const information = page.getByRole('region', { name: 'User Information' });
      const planShown = (name: string) => information.getByRole('definition').filter({ hasText: new RegExp(`^${name}$`) });
      await planShown('Premium Concierge').waitFor(WAIT);
      await page.getByRole('combobox', { name: 'Subscription Plan' }).click();
      await page.getByRole('option', { name: 'Gold', exact: true }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast('User details updated successfully.');
      await planShown('Gold').waitFor(WAIT);
      // The reactor assigns the deposit address shortly after approval; the page shows it once read.
      const address = page.getByLabel('Wallet address', { exact: true });
      await expect.poll(async () => {
        if (await address.isVisible()) return true;
        await page.reload();
        return address.waitFor(WAIT).then(() => true, () => false);
      }, WAIT).toBe(true);
      const form = page.getByRole('form', { name: 'Add deposit' });
      await form.getByLabel('Transaction Hash').fill(DEPOSIT.hash);
      await form.getByLabel('Amount (USD)').fill(DEPOSIT.amount);
      await form.getByRole('button', { name: 'Add Deposit' }).click();
      await toast('Deposit added successfully!');
      await page.getByRole('grid', { name: 'User deposits' }).getByRole('row').filter({ hasText: '2.5' }).waitFor(WAIT);
      await shoot('admin-user-details');
    });

    await step('Deposit History shows Fee % 2.5 and Fee Paid 2.5', async () => {
      await page.goto(`${base}/admin/deposit-history`);
      await depositRow.waitFor(WAIT);
      expect(await depositCells()).toEqual(expect.arrayContaining([expect.stringContaining(DEPOSIT.amount), '2.5%', '2.5']));
    });

    await step('admin edits Gold to 3% and the earlier deposit keeps 2.5%', async () => {
      await page.goto(`${base}/admin/subscriptions`);
      await goldRow.getByRole('button', { name: 'Edit Gold' }).click();
      const edit = page.getByRole('region', { name: 'Edit Subscription Plan' });
      expect(await edit.getByLabel('Fee Percentage').inputValue()).toBe('2.5');
      await shoot('admin-subscriptions-edit');
      await edit.getByLabel('Fee Percentage').fill('3');
      await edit.getByRole('button', { name: 'Update Plan' }).click();
      await toast('Subscription plan created or updated successfully.');
      await goldRow.getByText('3%', { exact: true }).waitFor(WAIT);
      await page.goto(`${base}/admin/deposit-history`);
      await depositRow.waitFor(WAIT);
      expect(await depositCells()).toEqual(expect.arrayContaining(['2.5%', '2.5']));
      await shoot('admin-deposit-history');
    });

    await step('deleting Gold while the member is on it is refused with the reason', async () => {
      await page.goto(`${base}/admin/subscriptions`);
      await goldRow.getByRole('button', { name: 'Delete Gold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete subscription plan' });
      await dialog.getByText('Are you sure you want to delete this subscription plan? This action cannot be undone.').waitFor(WAIT);
      await shoot('admin-subscriptions-delete-dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(MEMBERS_ON_GOLD);
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await goldRow.waitFor(WAIT);
    });

    await step('admin creates, edits and deletes a strategy group', async () => {
      await page.getByRole('link', { name: 'Strategies' }).click();
      await page.waitForURL(`${base}/admin/strategies`, WAIT);
      const groups = page.getByRole('grid', { name: 'Strategy groups' });
      await groups.getByText('Stablecoins', { exact: true }).waitFor(WAIT);
      const form = page.getByRole('form', { name: 'Strategy group' });
      await form.getByRole('button', { name: 'Create Strategy Group' }).click();
      await toast('Please fill out the form correctly.');
      await form.getByLabel(/^Name/).fill('yield');
      await form.getByLabel('Display Name').fill('Yield');
      await form.getByLabel('Risk Weight').fill('0.7');
      await form.getByLabel('Token Symbols').fill(' crv, comp ,, ');
      await form.getByLabel('Description').fill('Lending and liquidity tokens');
      await shoot('admin-strategies-form');
      await form.getByRole('button', { name: 'Create Strategy Group' }).click();
      await toast('Strategy group created or updated successfully.');
      const row = groups.getByRole('row').filter({ hasText: 'Yield' });
      await row.getByRole('list', { name: 'Token symbols of yield' }).getByText('CRV', { exact: true }).waitFor(WAIT);
      expect(await row.getByRole('listitem').allTextContents()).toEqual(['CRV', 'COMP']);
      await row.getByText('Aggressive · 0.7').waitFor(WAIT);
      await shoot('admin-strategies');

      await row.getByRole('button', { name: 'Edit yield' }).click();
      const edit = page.getByRole('region', { name: 'Edit Strategy Group' });
      expect(await edit.getByLabel('Token Symbols').inputValue()).toBe('CRV, COMP');
      await edit.getByLabel('Risk Weight').fill('0.3');
      await edit.getByLabel('Risk Level').click();
      await page.getByRole('option', { name: 'Moderate', exact: true }).click();
      await edit.getByRole('button', { name: 'Update Strategy Group' }).click();
      await toast('Strategy group created or updated successfully.');
      await row.getByText('Moderate · 0.3').waitFor(WAIT);

      const listed = await call<{ name: string; riskWeight: number }[]>('GET', '/strategies/public');
      expect(listed.map((group) => [group.name, group.riskWeight])).toEqual([
        ['stablecoins', 0.1],
        ['yield', 0.3],
        ['largeCaps', 0.5],
        ['others', 0.9],
      ]);

      await row.getByRole('button', { name: 'Delete yield' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete strategy group' });
      await dialog.getByText('Are you sure you want to delete this strategy group?').waitFor(WAIT);
      await shoot('admin-strategies-delete-dialog');
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast('Strategy group deleted successfully.');
      await row.waitFor({ state: 'detached', ...WAIT });
      const after = await call<{ name: string }[]>('GET', '/strategies/public');
      expect(after.map((group) => group.name)).toEqual(['stablecoins', 'largeCaps', 'others']);
      await signOut();
    });

    await step('the member sees 97.5 USDC credited and Gold as their plan', async () => {
      await signIn(MEMBER.email, MEMBER.password, '/user/dashboard');
      await page.getByRole('region', { name: 'Wallet Value' }).getByText('97.5 USDC').waitFor(WAIT);
      await page.getByTestId('member-plan').getByText('Gold', { exact: true }).waitFor(WAIT);
      await shoot('member-dashboard');
      const balances = await call('GET', '/wallets/balances', undefined, await tokenOf(MEMBER.email, MEMBER.password));
      expect(balances).toEqual({ balances: [{ asset: 'USDC', balance: 97.5, reserved: 0, available: 97.5 }] });
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 180_000);
});
