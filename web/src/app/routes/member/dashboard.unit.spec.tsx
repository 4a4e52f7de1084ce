// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { deposit, member, performanceFigures, withdrawal } from '../../../testing/fixtures';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import { fieldError, termsOf, toastVariant } from '../../../testing/read-page';
import MemberDashboardPage from './dashboard';

const day = (n: number) => `2026-03-${String(n).padStart(2, '0')}T12:00:00.000Z`;
const ADDRESS = `0x${'c'.repeat(40)}`;

type Options = { address?: string | null; withdrawalAnswer?: () => Response; figures?: PortfolioPerformanceResponse };

function serve({ address = ADDRESS, withdrawalAnswer, figures }: Options = {}) {
  return stubBackend(({ method, path }) => {
    if (path === '/api/auth/me') return json(member);
    if (path === '/api/wallets/info') return json({ address, totalValue: 1234.5 });
    // Without figures the performance route fails: the page still shows everything else.
    if (path === '/api/wallets/performance') return figures ? json(figures) : json({ message: 'Not implemented yet' }, 501);
    if (path === '/api/wallets/balances') return json({ balances: [{ asset: 'USDC', balance: 1234.5, reserved: 0, available: 1234.5 }] });
    if (path === '/api/deposits/user/u1') return json([deposit('d9', 90, day(9)), deposit('d7', 70, day(7)), deposit('d5', 50, day(5)), deposit('d1', 10, day(1))]);
    if (path === '/api/withdrawals/history') return json([withdrawal('w8', 80, day(8)), withdrawal('w6', 60, day(6)), withdrawal('w3', 30, day(3))]);
    if (method === 'POST' && path === '/api/withdrawals/request') {
      return withdrawalAnswer?.() ?? json({ message: 'Withdrawal requested', withdrawalId: 'w9', status: 'pending', position: '9-1' });
    }
    return undefined;
  });
}

signedInForEachTest();

const amountField = () => screen.getByLabelText('Amount');
const submit = () => screen.getByRole('button', { name: 'Submit Request' });
const openWithdraw = async () => fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));

describe('member dashboard', () => {
  it('shows a spinner, then the value, unknown portfolio figures as "—", and 5 recent items', async () => {
    serve();
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading dashboard');
    expect((await screen.findByRole('region', { name: 'Wallet Value' })).textContent).toBe('Wallet Value1,234.5 USDCTotal value in USDC');
    expect(screen.getByRole('region', { name: 'APY' }).textContent).toBe('APY—Available once your portfolio is valued');
    const items = within(screen.getByRole('list', { name: 'Recent activity items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.match(/[+−][\d,.]+/)?.[0])).toEqual(['+90', '−80', '+70', '−60', '+50']);
    expect(screen.getByRole('link', { name: 'View All Activity' }).getAttribute('href')).toBe('/user/history');
  });

  it('shows the valued figures: wallet value, earnings and their changes, "—" for an APY not yet known, risk out of 100', async () => {
    serve({ figures: performanceFigures() });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    const walletCard = within(await screen.findByRole('region', { name: 'Wallet Value' }));
    // The valuation's total, not the credited balance of /wallets/info.
    expect(screen.getByRole('region', { name: 'Wallet Value' }).textContent).toBe('Wallet Value1,250 USDC24h +0.50%7d +2.04%30d -1.25%');
    expect(walletCard.getByLabelText('Value changes').textContent).toBe('24h +0.50%7d +2.04%30d -1.25%');
    const earningsCard = within(screen.getByRole('region', { name: 'Current Earnings' }));
    expect(screen.getByRole('region', { name: 'Current Earnings' }).textContent).toBe('Current Earnings+250 USDC24h +6.25 USDC7d +25 USDC30d −15.5 USDC');
    expect(earningsCard.getByLabelText('Earnings changes').textContent).toBe('24h +6.25 USDC7d +25 USDC30d −15.5 USDC');
    expect(screen.getByRole('region', { name: 'APY' }).textContent).toBe('APY—Shown after 7 days of history');

    const position = within(screen.getByRole('region', { name: 'My Position' }));
    const score = position.getByText('35/100');
    expect(termsOf(screen.getByRole('region', { name: 'My Position' }))).toEqual({
      'Risk level': 'Moderate',
      'Risk score': '35/100',
      'Total value': '1,250 USDC',
      '24h change': '+0.50%',
      '7d change': '+2.04%',
      '30d change': '-1.25%',
      'Current APY': '—',
    });
    // Moderate is yellow (#a16207).
    expect(getComputedStyle(score).color).toBe('rgb(161, 98, 7)');
  });

  it('shows an APY once it is known, and a conservative risk in green', async () => {
    serve({ figures: performanceFigures({ performance: { ...performanceFigures().performance, apy: 12.3456 }, riskProfile: { score: 0.1, level: 'conservative' } }) });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    expect((await screen.findByRole('region', { name: 'APY' })).textContent).toBe('APY12.35%Annualised from the last 30 days');
    const position = within(screen.getByRole('region', { name: 'My Position' }));
    expect(getComputedStyle(position.getByText('10/100')).color).toBe('rgb(21, 128, 61)');
    expect(termsOf(screen.getByRole('region', { name: 'My Position' }))).toMatchObject({ 'Risk level': 'Conservative', 'Risk score': '10/100', 'Current APY': '12.35%' });
  });

  it('breaks the portfolio down by visible strategy group with its diversification score and label', async () => {
    serve({ figures: performanceFigures() });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    const breakdown = within(await screen.findByRole('region', { name: 'Portfolio Breakdown' }));
    const groups = within(breakdown.getByRole('list', { name: 'Strategy groups' })).getAllByRole('listitem');
    // Others holds nothing (hidden): it is left out.
    expect(groups.map((group) => group.textContent)).toEqual(['Stablecoins80.00%1,000 USDC', 'Large Caps20.00%250 USDC']);
    expect(groups.map((group) => getComputedStyle(group.firstElementChild as Element).backgroundColor)).toEqual(['rgb(22, 163, 74)', 'rgb(37, 99, 235)']);
    expect(breakdown.getByRole('group', { name: 'Diversification' }).textContent).toBe('Diversification score50/100 · Moderately diversified');
  });

  it("lists the week's earnings among the latest deposits and withdrawals, still 5 items newest first", async () => {
    serve({ figures: performanceFigures({ asOf: '2026-03-08T18:00:00.000Z', performance: { ...performanceFigures().performance, weeklyChangeValue: -4.5 }, strategyChanges: [] }) });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    const items = within(await screen.findByRole('list', { name: 'Recent activity items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.match(/[+−][\d,.]+/)?.[0])).toEqual(['+90', '−4.5', '−80', '+70', '−60']);
    expect(items[1]?.textContent).toContain('Weekly earnings');
  });

  it('lists strategy groups entering and leaving the portfolio among the latest items, with their value', async () => {
    const change = (at: string, group: string, displayName: string, kind: 'entered' | 'left', value: number) => ({ at, group, displayName, color: '#2563eb', change: kind, value });
    serve({
      figures: performanceFigures({
        asOf: '2026-03-01T00:00:00.000Z',
        strategyChanges: [
          change('2026-03-20T10:00:00.000Z', 'others', 'Others', 'entered', 12),
          change('2026-03-20T12:00:00.000Z', 'largeCaps', 'Large Caps', 'entered', 250),
          change('2026-03-20T13:00:00.000Z', 'others', 'Others', 'left', 3.5),
          change('2026-03-20T14:00:00.000Z', 'stablecoins', 'Stablecoins', 'left', 40),
        ],
      }),
    });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    const items = within(await screen.findByRole('list', { name: 'Recent activity items' })).getAllByRole('listitem');
    // The latest 3 changes, newest first, ahead of the older deposits and withdrawals.
    expect(items.slice(0, 3).map((item) => [item.textContent?.match(/^[A-Za-z ]+(added|removed)/)?.[0], item.textContent?.match(/[+−][\d,.]+/)?.[0]])).toEqual([
      ['Stablecoins removed', '−40'],
      ['Others removed', '−3.5'],
      ['Large Caps added', '+250'],
    ]);
    expect(items).toHaveLength(5);
  });

  it('says so when the figures cannot be loaded and keeps the rest of the page', async () => {
    serve();
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    expect(await toastVariant('Failed to load dashboard data.')).toBe('error');
    expect(screen.getByRole('region', { name: 'Portfolio Breakdown' }).textContent).toBe('Portfolio BreakdownThe breakdown appears once your portfolio has been valued.Diversification score—');
    expect(screen.getByRole('region', { name: 'Wallet Value' }).textContent).toBe('Wallet Value1,234.5 USDCTotal value in USDC');
  });

  it('refuses an amount under 0.01 USDC without sending anything, and clears it when closed', async () => {
    const sent = serve();
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    await openWithdraw();
    fireEvent.change(amountField(), { target: { value: '0.009' } });
    fireEvent.click(submit());
    await waitFor(() => expect(fieldError(amountField())).toBe('Please enter a valid amount (minimum 0.01 USDC)'));
    fireEvent.change(amountField(), { target: { value: '1.0000001' } });
    expect(fieldError(amountField())).toBe('Please enter a valid amount (minimum 0.01 USDC)');
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openWithdraw();
    expect(amountField()).toHaveProperty('value', '');
    expect(screen.queryByText('Please enter a valid amount (minimum 0.01 USDC)')).toBeNull();
  });

  it('sends a valid amount as exact text and confirms it', async () => {
    const sent = serve();
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    await openWithdraw();
    expect((await screen.findByText(/^Available to withdraw:/)).textContent).toBe('Available to withdraw: 1,234.5 USDC');
    fireEvent.change(amountField(), { target: { value: ' 12.5 ' } });
    fireEvent.click(submit());
    expect(await toastVariant('Withdrawal request submitted successfully')).toBe('success');
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ amount: '12.5', asset: 'USDC' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a member without a withdrawal address to the Wallet settings', async () => {
    serve({ withdrawalAnswer: () => json({ message: 'Add a withdrawal address first', requiresWalletSetup: true }, 409) });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    await openWithdraw();
    fireEvent.change(amountField(), { target: { value: '5' } });
    fireEvent.click(submit());
    expect(await toastVariant('Please set up your withdrawal wallet first')).toBe('warning');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/user/settings?tab=wallet'));
  });

  it("shows the server's reason for any other refusal and keeps the amount", async () => {
    serve({ withdrawalAnswer: () => json({ message: 'The amount exceeds your available balance of 1234.5 USDC' }, 409) });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    await openWithdraw();
    fireEvent.change(amountField(), { target: { value: '5000' } });
    fireEvent.click(submit());
    expect(await toastVariant('The amount exceeds your available balance of 1234.5 USDC')).toBe('error');
    expect(amountField()).toHaveProperty('value', '5000');
    expect(screen.getByTestId('where').textContent).toBe('/user/dashboard');
  });

  it('says the deposit address is being prepared instead of drawing an empty QR code', async () => {
    serve({ address: null });
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('status').textContent).toBe('Your deposit address is being prepared. It appears here in a moment.');
    expect(dialog.queryByRole('img', { name: 'Deposit address QR code' })).toBeNull();
  });

  it('shows the deposit address with a QR code and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve();
    renderPage(<MemberDashboardPage />, '/user/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Deposit' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox', { name: 'Your deposit address' })).toHaveProperty('value', ADDRESS);
    expect(dialog.getByRole('img', { name: 'Deposit address QR code' }).querySelector('svg')).toBeTruthy();
    expect(dialog.getByText('Supported assets').nextElementSibling?.textContent).toBe('USDC');
    fireEvent.click(dialog.getByRole('button', { name: 'Copy address' }));
    expect(await toastVariant('Address copied to clipboard')).toBe('success');
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
  });
});
