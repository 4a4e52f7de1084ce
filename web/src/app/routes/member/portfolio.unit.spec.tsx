// @vitest-environment jsdom
import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holding, notYetValued, performanceFigures } from '../../../testing/fixtures';
import { json, renderPage } from '../../../testing/render-page';
import { signedInForEachTest, stubBackend } from '../../../testing/stub-backend';
import { termsOf } from '../../../testing/read-page';
import PortfolioPage from './portfolio';

type Answer = PortfolioPerformanceResponse | { status: number };

/** The performance route: `first` for a plain read, `refreshed` for refresh=true (held until `release` when given). */
function serve(first: Answer, refreshed: Answer = first, release?: Promise<void>) {
  const refreshes: string[] = [];
  const sent = stubBackend(({ path }, url) => {
    if (path !== '/api/wallets/performance') return undefined;
    const refresh = url.searchParams.get('refresh');
    const answer = refresh === 'true' ? refreshed : first;
    if (refresh === 'true') refreshes.push(url.search);
    const respond = () => ('status' in answer ? json({ message: 'Internal error' }, answer.status) : json(answer));
    return refresh === 'true' && release ? (release.then(respond) as unknown as Response) : respond();
  });
  return { sent, refreshes };
}

/** `count` holdings A01, A02, ... each worth its number in USDC. */
const manyHoldings = (count: number) =>
  Array.from({ length: count }, (_, index) => holding(`A${String(index + 1).padStart(2, '0')}`, index + 1, 1));

const assetRows = () =>
  within(screen.getByRole('grid', { name: 'Assets' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

signedInForEachTest();

describe('Portfolio page', () => {
  it('shows a spinner, then the summary, the valuation time and source, the strategy cards, the pie and the assets', async () => {
    serve(performanceFigures());
    renderPage(<PortfolioPage />, '/user/portfolio');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Loading portfolio');

    // A change shows its percentage, then its amount in USDC.
    expect(termsOf(await screen.findByRole('region', { name: 'Summary' }))).toEqual({
      'Total value': '1,250 USDC',
      'Risk level': 'Moderate',
      'Risk score': '35/100',
      '24h change': '+0.50%+6.25 USDC',
      'Weekly change': '+2.04%+25 USDC',
      'Current APY': '—',
    });
    // The time of day is the browser's own (local time); the ledger's figures say no chain was read.
    expect(screen.getByText(/^Valued /).textContent).toMatch(/^Valued Mar 10, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(screen.getAllByRole('alert').map((notice) => notice.textContent)).toEqual(['These figures come from your credited USDC balance; no chain holdings are read.']);

    const cards = within(screen.getByRole('region', { name: 'Strategy Breakdown' })).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Stablecoins', 'Large Caps']);
    expect(cards[0]?.textContent).toContain('Dollar-pegged tokens');
    const figureOf = (region: string) => within(screen.getByRole('region', { name: region })).getByRole('figure').getAttribute('aria-label');
    expect(figureOf('Asset Allocation')).toBe('Asset allocation: Stablecoins 80.00%, Large Caps 20.00%');
    expect(figureOf('Value History')).toBe('Value history, last 30d: from 1,000 USDC to 1,250 USDC');
    expect(assetRows()).toEqual(['USDC TokenUSDC', 'WETH TokenWETH']);
    expect(within(screen.getByRole('grid', { name: 'Assets' })).getAllByRole('row')[2]?.textContent).toBe('WETH TokenWETH0.1$2,500250 USDCLarge Caps');
  });

  it('pages the assets 5 at a time by default, with first, previous, page numbers, next and last, and 10, 25 or 50 a page', async () => {
    serve(performanceFigures({ holdings: manyHoldings(32) }));
    renderPage(<PortfolioPage />, '/user/portfolio');
    await screen.findByRole('grid', { name: 'Assets' });
    const pager = () => within(screen.getByRole('navigation', { name: 'Pagination' }));
    const pageNumbers = () => pager().getAllByRole('button', { name: /^Page / }).map((button) => button.textContent);

    expect(assetRows()).toEqual(['A01 TokenA01', 'A02 TokenA02', 'A03 TokenA03', 'A04 TokenA04', 'A05 TokenA05']);
    expect(screen.getByText(/^Showing /).textContent).toBe('Showing 1 to 5 of 32 results');
    // Seven pages, five numbers at a time.
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(pager().getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(pager().getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    fireEvent.click(pager().getByRole('button', { name: 'Next page' }));
    expect(assetRows()[0]).toBe('A06 TokenA06');
    fireEvent.click(pager().getByRole('button', { name: 'Last page' }));
    expect(assetRows()).toEqual(['A31 TokenA31', 'A32 TokenA32']);
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(pager().getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.click(pager().getByRole('button', { name: 'Previous page' }));
    expect(assetRows()[0]).toBe('A26 TokenA26');
    fireEvent.click(pager().getByRole('button', { name: 'Page 4' }));
    expect(assetRows()[0]).toBe('A16 TokenA16');
    expect(pager().getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(pager().getByRole('button', { name: 'First page' }));
    expect(assetRows()[0]).toBe('A01 TokenA01');

    const sizes: string[] = [];
    for (const size of ['10', '25', '50']) {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Rows per page' }));
      const listbox = within(await screen.findByRole('listbox'));
      sizes.push(listbox.getAllByRole('option').map((option) => option.textContent).join(','));
      fireEvent.click(listbox.getByRole('option', { name: size }));
      await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
      expect(assetRows()).toHaveLength(Math.min(Number(size), 32));
    }
    expect(sizes).toEqual(['5,10,25,50', '5,10,25,50', '5,10,25,50']);
    expect(pageNumbers()).toEqual(['1']);
    expect(screen.getByText(/^Showing /).textContent).toBe('Showing 1 to 32 of 32 results');
  });

  it('exports every asset as portfolio-assets.csv with the exact columns, quoting what needs it', async () => {
    const holdings = [
      ...manyHoldings(6),
      { name: 'Wrapped "Ether", bridged', symbol: 'WETH.e', balance: 0.12345678, price: 2501.5, value: 308.81, strategy: 'largeCaps', stale: true },
      { name: '=HYPERLINK("x")', symbol: 'ODD', balance: 1234567.5, price: 0.000001, value: 1.23, strategy: 'unlisted', stale: false },
    ];
    serve(performanceFigures({ holdings, anyStale: true }));
    const files: { name: string; text: Promise<string> }[] = [];
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (made: Blob) => ((blob = made), 'blob:assets'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) files.push({ name: this.download, text: blob.text() });
    });
    renderPage(<PortfolioPage />, '/user/portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    click.mockRestore();

    expect(files.map((file) => file.name)).toEqual(['portfolio-assets.csv']);
    expect(await files[0]?.text).toBe(
      [
        'Asset,Symbol,Balance,Price,Value,Strategy',
        'A01 Token,A01,1,1,1,Stablecoins',
        'A02 Token,A02,2,1,2,Stablecoins',
        'A03 Token,A03,3,1,3,Stablecoins',
        'A04 Token,A04,4,1,4,Stablecoins',
        'A05 Token,A05,5,1,5,Stablecoins',
        'A06 Token,A06,6,1,6,Stablecoins',
        '"Wrapped ""Ether"", bridged",WETH.e,0.12345678,2501.5,308.81,Large Caps',
        `"'=HYPERLINK(""x"")",ODD,1234567.5,0.000001,1.23,unlisted`,
        '',
      ].join('\r\n'),
    );
    // The stale price is said above the table and marked in it.
    expect(screen.getAllByRole('alert').map((notice) => notice.textContent)).toEqual(['These figures come from your credited USDC balance; no chain holdings are read.', 'Some prices were stale when valued; they are marked in Your Assets.']);
    expect(screen.queryByRole('img', { name: 'Stale price' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    const staleRow = screen.getByRole('img', { name: 'Stale price' }).closest('[role="row"]');
    expect(staleRow?.textContent).toContain('WETH.e');
  });

  it('says there is no snapshot yet before the first valuation', async () => {
    serve(notYetValued);
    renderPage(<PortfolioPage />, '/user/portfolio');
    const empty = await screen.findByRole('region', { name: 'No snapshot yet' });
    expect(empty.textContent).toBe('No snapshot yetYour portfolio has not been valued yet. Its figures appear after the first valuation; Refresh asks for one now.');
    expect(screen.queryByRole('grid', { name: 'Assets' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
  });

  it('says the figures failed to load, and loads them again on Try again', async () => {
    let fail = true;
    stubBackend(({ path }) => {
      if (path !== '/api/wallets/performance') return undefined;
      return fail ? json({ message: 'Internal error' }, 500) : json(performanceFigures());
    });
    renderPage(<PortfolioPage />, '/user/portfolio');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load portfolio data.');
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', true);
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(termsOf(await screen.findByRole('region', { name: 'Summary' }))).toMatchObject({ 'Total value': '1,250 USDC' });
    expect(screen.queryByText('Failed to load portfolio data.')).toBeNull();
  });

  it('asks for fresh figures on Refresh, shows it is refreshing, then what came back', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { refreshes } = serve(
      performanceFigures(),
      performanceFigures({ totalValue: 1300, refreshing: true, asOf: '2026-03-10T12:00:00.000Z' }),
      held,
    );
    renderPage(<PortfolioPage />, '/user/portfolio');
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    const busy = await screen.findByRole('button', { name: 'Refreshing…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(refreshes).toEqual(['?refresh=true']);
    release();
    await waitFor(() => expect(termsOf(screen.getByRole('region', { name: 'Summary' }))).toMatchObject({ 'Total value': '1,300 USDC' }));
    expect(screen.getAllByRole('alert').map((notice) => notice.textContent)).toEqual(['These figures come from your credited USDC balance; no chain holdings are read.', 'A new valuation is on its way; these are the last figures.']);
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false);
  });
});
