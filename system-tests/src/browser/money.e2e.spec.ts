import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiCaller, journeyPage, useJourneySystem } from './journey.js';

const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = { firstName: 'Ada', lastName: 'Lovelace', email: `ada-${randomUUID().slice(0, 8)}@example.com`, password: 'Analytical1843' };
/** Six decimals, so any rounding through a float or a fee on the way would show in the last digit. */
const DEPOSIT = { amount: '250.123456', hash: `0x${'ab12'.repeat(16)}` };
const WITHDRAWAL = { amount: '100.5', hash: `0x${'cd34'.repeat(16)}` };
const FINAL_BALANCE = '149.623456';
const PAYOUT_ADDRESS = { label: 'Ledger Nano', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
const WAIT = { timeout: 15_000 };

/**
 * The money journey in a real browser against the real services and the built SPA: an admin
 * records a deposit, the member sees it, saves a payout address and asks for a withdrawal, the
 * admin approves and completes it, and the member's balance is exact to the micro-USDC.
 * The member is registered and approved through the API: the identity suite covers those pages.
 */
describe('money journey in the browser', () => {
  const journey = useJourneySystem({ label: 'e2emoney', admin: ADMIN, member: MEMBER });
  const { call, tokenOf } = apiCaller(() => journey.current());

  it('credits a deposit, pays out a withdrawal and leaves the exact balance', async () => {
    const { browser, system, memberId } = journey.ready();
    const { base, context, page, step, toast, signIn, signOut, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'money');
    const walletValue = page.getByRole('region', { name: 'Wallet Value' });
    const activity = page.getByRole('list', { name: 'Recent activity items' }).getByRole('listitem');
    let depositAddress = '';

    await step('admin records a deposit on the user details page', async () => {
      await signIn(ADMIN.email, ADMIN.password, '/admin/dashboard');
      await page.goto(`${base}/admin/users/${memberId}`);
      // The reactor assigns the deposit address shortly after approval; the page shows it once read.
      const address = page.getByLabel('Wallet address', { exact: true });
      await expect.poll(async () => {
        if (await address.isVisible()) return true;
        await page.reload();
        return address.waitFor(WAIT).then(() => true, () => false);
      }, WAIT).toBe(true);
      depositAddress = (await address.textContent()) ?? '';
      expect(depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const form = page.getByRole('form', { name: 'Add deposit' });
      await form.getByLabel('Transaction Hash').fill(DEPOSIT.hash);
      await form.getByLabel('Amount (USD)').fill(DEPOSIT.amount);
      await form.getByRole('button', { name: 'Add Deposit' }).click();
      await toast('Deposit added successfully!');
      const history = page.getByRole('grid', { name: 'User deposits' });
      await history.getByRole('row').filter({ hasText: DEPOSIT.amount }).waitFor(WAIT);
      await shoot('admin-user-details');
      // The same on-chain transaction must never be credited twice.
      await form.getByLabel('Transaction Hash').fill(DEPOSIT.hash);
      await form.getByLabel('Amount (USD)').fill(DEPOSIT.amount);
      await form.getByRole('button', { name: 'Add Deposit' }).click();
      await toast('This transaction hash has already been recorded as a deposit.');
      await page.getByText('Showing 1 to 1 of 1 results').waitFor(WAIT);
    });

    await step("admin reveals the member's private key only after re-entering the password and a reason", async () => {
      const wallet = page.getByRole('region', { name: 'Wallet Information' });
      const showKey = wallet.getByRole('checkbox', { name: 'Show Private Key' });
      const key = wallet.getByLabel('Private key', { exact: true });
      await showKey.click();
      const dialog = page.getByRole('dialog', { name: 'Reveal private key' });
      await dialog.getByRole('button', { name: 'Reveal Key' }).click();
      await dialog.getByText('Reason is required').waitFor(WAIT);
      await dialog.getByLabel('Your password').fill('not-the-password');
      await dialog.getByLabel('Reason').fill('Member asked to move the funds to a new wallet');
      await dialog.getByRole('button', { name: 'Reveal Key' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'The password is incorrect.' }).waitFor(WAIT);
      await shoot('admin-reveal-key-wrong-password');
      await dialog.getByLabel('Your password').fill(ADMIN.password);
      await dialog.getByRole('button', { name: 'Reveal Key' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      expect(await key.textContent()).toMatch(/^0x[0-9a-f]{64}$/);
      await shoot('admin-user-details-key-revealed');
      // Unticked, the key is gone, and showing it again takes a new password entry.
      await showKey.click();
      await key.waitFor({ state: 'detached', ...WAIT });
      await showKey.click();
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      expect(await key.count()).toBe(0);
    });

    await step('admin sees the deposit in Deposit History without a fee', async () => {
      await page.goto(`${base}/admin/deposit-history`);
      const row = page.getByRole('grid', { name: 'Deposits' }).getByRole('row').filter({ hasText: MEMBER.lastName });
      await row.waitFor(WAIT);
      // No plan, no fee: the whole amount is credited.
      expect(await row.getByRole('gridcell').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(DEPOSIT.amount), '0%', '0']));
      await shoot('admin-deposit-history');
      await signOut();
    });

    await step('member sees the deposit on the dashboard and the address in the Deposit modal', async () => {
      await signIn(MEMBER.email, MEMBER.password, '/user/dashboard');
      await walletValue.getByText(`${DEPOSIT.amount} USDC`).waitFor(WAIT);
      await expect.poll(() => activity.first().textContent(), WAIT).toContain(`+${DEPOSIT.amount} USDC`);
      expect(await activity.first().textContent()).toContain('Completed');
      await shoot('member-dashboard-after-deposit');
      await page.getByRole('button', { name: 'Deposit', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deposit USDC' });
      expect(await dialog.getByLabel('Your deposit address').inputValue()).toBe(depositAddress);
      await dialog.getByRole('img', { name: 'Deposit address QR code' }).waitFor(WAIT);
      await shoot('member-deposit-modal');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
    });

    await step('member sees the deposit in Transaction History', async () => {
      await page.getByRole('link', { name: 'View All Activity' }).click();
      await page.waitForURL(`${base}/user/history`, WAIT);
      const row = page.getByRole('grid', { name: 'Transaction history' }).getByRole('row').filter({ hasText: 'Deposit' });
      await row.waitFor(WAIT);
      expect(await row.textContent()).toContain(DEPOSIT.amount);
      expect(await row.textContent()).toContain('Completed');
      await shoot('member-history-after-deposit');
    });

    await step('a withdrawal without a saved address leads to Settings > Wallet', async () => {
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a withdrawal' });
      await dialog.getByText(`Available to withdraw: ${DEPOSIT.amount} USDC`).waitFor(WAIT);
      await dialog.getByLabel('Amount').fill(WITHDRAWAL.amount);
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await toast('Please set up your withdrawal wallet first');
      await page.waitForURL(`${base}/user/settings?tab=wallet`, WAIT);
      await page.getByText(depositAddress, { exact: true }).waitFor(WAIT);
    });

    await step('member saves a withdrawal address', async () => {
      await page.getByRole('button', { name: 'Add address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add withdrawal address' });
      await dialog.getByLabel('Label').fill(PAYOUT_ADDRESS.label);
      await dialog.getByLabel('Address').fill(PAYOUT_ADDRESS.address);
      await shoot('member-settings-address-modal');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast('Address saved successfully.');
      const saved = page.getByRole('list', { name: 'Saved withdrawal addresses' }).getByRole('listitem');
      await saved.filter({ hasText: PAYOUT_ADDRESS.address }).filter({ hasText: 'Primary' }).waitFor(WAIT);
      await shoot('member-settings-wallet');
    });

    await step('member requests the withdrawal', async () => {
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Request a withdrawal' });
      // More than the balance is refused by the server with the amount that can be withdrawn.
      await dialog.getByLabel('Amount').fill('1000');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await toast(`Insufficient available balance: you can withdraw up to ${DEPOSIT.amount} USDC.`);
      await dialog.getByLabel('Amount').fill(WITHDRAWAL.amount);
      await shoot('member-withdraw-modal');
      await dialog.getByRole('button', { name: 'Submit Request' }).click();
      await toast('Withdrawal request submitted successfully');
      await expect.poll(() => activity.first().textContent(), WAIT).toContain(`${WITHDRAWAL.amount} USDC`);
      expect(await activity.first().textContent()).toContain('Pending');
      await shoot('member-dashboard-withdrawal-pending');
      await signOut();
    });

    await step('admin approves and completes the withdrawal with its hash', async () => {
      await signIn(ADMIN.email, ADMIN.password, '/admin/dashboard');
      await page.getByRole('row').filter({ hasText: MEMBER.email }).filter({ hasText: WITHDRAWAL.amount }).waitFor(WAIT);
      await shoot('admin-dashboard-pending-withdrawal');
      await page.goto(`${base}/admin/withdrawals?status=pending`);
      const row = page.getByRole('grid', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: MEMBER.email });
      await row.waitFor(WAIT);
      expect(await row.textContent()).toContain(WITHDRAWAL.amount);
      await shoot('admin-withdrawals-pending');
      await row.getByRole('button', { name: 'Approve' }).click();
      await toast('Withdrawal approved');
      await page.goto(`${base}/admin/withdrawals`);
      await row.getByRole('button', { name: 'Complete' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Complete Withdrawal' });
      await dialog.getByLabel('Transaction hash').fill(WITHDRAWAL.hash);
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await toast('Withdrawal completed');
      await row.getByText('Completed', { exact: true }).waitFor(WAIT);
      await row.getByRole('link', { name: `Transaction ${WITHDRAWAL.hash}` }).waitFor(WAIT);
      await shoot('admin-withdrawals-completed');
      await signOut();
    });

    await step('member sees the withdrawal Completed and the exact balance', async () => {
      await signIn(MEMBER.email, MEMBER.password, '/user/dashboard');
      await walletValue.getByText(`${FINAL_BALANCE} USDC`).waitFor(WAIT);
      const withdrawal = activity.filter({ hasText: 'Withdrawal' });
      expect(await withdrawal.textContent()).toContain('Completed');
      await shoot('member-dashboard-final');
      await page.goto(`${base}/user/history`);
      const row = page.getByRole('grid', { name: 'Transaction history' }).getByRole('row').filter({ hasText: 'Withdrawal' });
      await row.waitFor(WAIT);
      expect(await row.textContent()).toContain('Completed');
      await row.getByRole('link', { name: `View transaction ${WITHDRAWAL.hash} on the block explorer` }).waitFor(WAIT);
      await shoot('member-history-final');
      const balances = await call('GET', '/wallets/balances', undefined, await tokenOf(MEMBER.email, MEMBER.password));
      expect(balances).toEqual({ balances: [{ asset: 'USDC', balance: Number(FINAL_BALANCE), reserved: 0, available: Number(FINAL_BALANCE) }] });
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 240_000);
});
