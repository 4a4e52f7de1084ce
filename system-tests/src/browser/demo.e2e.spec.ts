import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioPerformanceResponse } from '@concierge/contracts';
import { ensureChromium, launchChromium, ROOT } from './harness.js';
import { journeyPage } from './journey.js';

// The demo's own places, apart from a developer's `npm run demo` and from the other suites.
const RUN = `${process.pid}`;
const PORT = 8190;
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/concierge_demo_e2e_${RUN}`;
const QUEUE_PREFIX = `concierge-demo-e2e-${RUN}`;
const DATA_DIR = mkdtempSync(join(tmpdir(), 'concierge-demo-e2e-'));
const MEMBER = { email: 'member@demo.local', password: 'DemoMember2026' };
const ADMIN = { email: 'admin@demo.local', password: 'DemoAdmin2026' };
const READY_LINE = 'Concierge demo on a development chain';
const WAIT = { timeout: 15_000 };

// The SPA's display rules (web/src/features/portfolio/components/figures.ts and assets-csv.ts), restated as the expectation.
const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 8 });
const usdc = (value: number) => `${amount(value)} USDC`;
const signedUsdc = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${amount(Math.abs(value))} USDC`;
const percent = (value: number, signed = false) => `${signed && value > 0 ? '+' : ''}${value.toFixed(2)}%`;
const plain = (value: number) => value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 8 });

/** The demo member's id, as the admin finds it. */
async function memberId(base: string): Promise<string> {
  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) };
  const { token } = (await (await fetch(`${base}/api/auth/login`, post)).json()) as { token: string };
  const search = `${base}/api/users?search=${encodeURIComponent(MEMBER.email)}`;
  const { users } = (await (await fetch(search, { headers: { authorization: `Bearer ${token}` } })).json()) as { users: { id: string }[] };
  const [member] = users;
  if (!member) throw new Error(`no ${MEMBER.email} in the demo`);
  return member.id;
}

/** Every /wallets/performance answer the page received, the latest last: what the screen shows. */
function performanceAnswers(page: Page): { latest(): Promise<PortfolioPerformanceResponse> } {
  // In the order the answers arrived; a body is read from the browser in a round trip of its own,
  // so the page may already show an answer whose body is still on its way here.
  const answers: Promise<PortfolioPerformanceResponse | undefined>[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/wallets/performance') || response.status() !== 200) return;
    answers.push(response.json().then((body: PortfolioPerformanceResponse) => body, () => undefined));
  });
  return {
    async latest() {
      const read = (await Promise.all(answers)).filter((body) => body !== undefined);
      const last = read.at(-1);
      if (!last) throw new Error('the page has not read /wallets/performance yet');
      return last;
    },
  };
}

/**
 * `npm run demo` itself, as a developer starts it (build, local EVM, 30 days of hourly history,
 * the simulated market), then the member's dashboard and Portfolio page on its chain figures, and
 * the admin's Create Snapshot, in Debian's Chromium at desktop and phone widths.
 */
describe('npm run demo in the browser', () => {
  let demo: ChildProcess | undefined;
  const output: string[] = [];
  let browser: Browser | undefined;

  beforeAll(async () => {
    ensureChromium();
    demo = spawn('npm', ['run', 'demo'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DEMO_PORT: String(PORT),
        DEMO_EVM_PORT: String(PORT + 455),
        DEMO_DATABASE_URL: DATABASE_URL,
        DEMO_QUEUE_PREFIX: QUEUE_PREFIX,
        DEMO_DATA_DIR: DATA_DIR,
      },
    });
    const ready = new Promise<void>((resolve, reject) => {
      const hear = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes(READY_LINE)) resolve();
      };
      demo?.stdout?.on('data', hear);
      demo?.stderr?.on('data', hear);
      demo?.once('exit', (code) => reject(new Error(`npm run demo stopped (exit ${code}) before it was ready:\n${output.join('').slice(-4000)}`)));
    });
    await ready;
    browser = await launchChromium();
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    const group = demo?.pid;
    if (group !== undefined && demo?.exitCode === null) {
      const exited = new Promise((resolve) => demo?.once('exit', resolve));
      // The whole group: npm, the demo and the services it started (they may be gone already).
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-group, name);
        } catch {
          // already ended
        }
      };
      signal('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      signal('SIGKILL');
    }
    const admin = new pg.Client({ connectionString: DATABASE_URL.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "concierge_demo_e2e_${RUN}" WITH (FORCE)`);
    await admin.end();
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${QUEUE_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }, 60_000);

  it("shows the member's chain figures, 30 days of history, the pie, the paged assets and their CSV, refreshes, and the admin's snapshot", async () => {
    if (!browser) throw new Error('set-up did not finish');
    const system = { base: `http://localhost:${PORT}`, output };
    const { base, context, page, step, toast, signIn, signOut, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'demo', {
      acceptDownloads: true,
    });
    const seen = performanceAnswers(page);

    await step("the member's dashboard shows the chain's figures", async () => {
      await signIn(MEMBER.email, MEMBER.password, '/user/dashboard');
      await page.getByRole('region', { name: 'Portfolio Breakdown' }).getByRole('list', { name: 'Strategy groups' }).waitFor(WAIT);
      const figures = await seen.latest();
      // Chain figures from 30 days of hourly valuations: an APY, earnings beside the 12,500 USDC paid in, three groups.
      expect(figures).toMatchObject({ source: 'chain', chainId: 31337, netContributions: 12_500, anyStale: false });
      expect(figures.performance.apy).not.toBeNull();
      expect(Date.now() - Date.parse(figures.series[0]?.at ?? '')).toBeGreaterThan(29 * 86_400_000);
      expect(Object.keys(figures.breakdown).sort()).toEqual(['largeCaps', 'others', 'stablecoins']);
      expect(figures.diversification).toEqual({ score: 75, label: 'Well diversified' });
      expect(figures.riskProfile.level).toBe('moderate');

      await page.getByRole('region', { name: 'Wallet Value' }).getByText(usdc(figures.totalValue), { exact: true }).waitFor(WAIT);
      await page.getByRole('region', { name: 'Current Earnings' }).getByText(signedUsdc(figures.earnings), { exact: true }).waitFor(WAIT);
      await page.getByRole('region', { name: 'APY' }).getByText(percent(figures.performance.apy ?? 0), { exact: true }).waitFor(WAIT);
      const position = page.getByRole('region', { name: 'My Position' });
      await position.getByText('Moderate', { exact: true }).waitFor(WAIT);
      await position.getByText(`${Math.round((figures.riskProfile.score ?? 0) * 100)}/100`, { exact: true }).waitFor(WAIT);
      await position.getByText(percent(figures.performance.monthlyChange, true), { exact: true }).waitFor(WAIT);
      const groups = await page.getByRole('list', { name: 'Strategy groups' }).getByRole('listitem').allTextContents();
      expect(groups).toHaveLength(3);
      await page.getByRole('region', { name: 'Portfolio Breakdown' }).getByText('75/100 · Well diversified', { exact: true }).waitFor(WAIT);
      // Recent Activity: the week's earnings and the Others group entering on day 18 of the history.
      const activity = await page.getByRole('list', { name: 'Recent activity items' }).getByRole('listitem').allTextContents();
      expect(activity.some((text) => text.startsWith('Weekly earnings'))).toBe(true);
      expect(activity.some((text) => text.includes('Deposit') && text.includes('+2,500 USDC'))).toBe(true);
      await shoot('member-dashboard');
    });

    await step('the Portfolio page shows the simulated market, the pie, the value history and the paged assets', async () => {
      await page.getByRole('link', { name: 'Portfolio' }).first().click();
      await page.waitForURL(`${base}/user/portfolio`, WAIT);
      await page.getByText('Simulated market (development chain)', { exact: true }).waitFor(WAIT);
      const pie = page.getByRole('figure', { name: /^Asset allocation: / });
      await pie.waitFor(WAIT);
      expect(await pie.locator('svg path').count()).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: '30d' }).click();
      await page.getByRole('button', { name: 'All' }).click();

      const grid = page.getByRole('grid', { name: 'Assets' });
      const holdings = (await seen.latest()).holdings;
      expect(holdings).toHaveLength(9);
      await page.getByText('Showing 1 to 5 of 9 results').waitFor(WAIT);
      expect(await grid.getByRole('row').count()).toBe(6); // the header and 5 assets
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pager.getByRole('button', { name: /^Page / }).allTextContents()).toEqual(['1', '2']);
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await page.getByText('Showing 6 to 9 of 9 results').waitFor(WAIT);
      await pager.getByRole('button', { name: /first/i }).click();
      await page.getByText('Showing 1 to 5 of 9 results').waitFor(WAIT);
      await page.getByRole('combobox', { name: 'Rows per page' }).click();
      expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['5', '10', '25', '50']);
      await page.getByRole('option', { name: '10', exact: true }).click();
      await page.getByText('Showing 1 to 9 of 9 results').waitFor(WAIT);
      expect(await pager.getByRole('button', { name: /^Page / }).allTextContents()).toEqual(['1']);
      await shoot('member-portfolio');
    });

    await step('Export CSV saves every asset exactly as the valuation on screen', async () => {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('portfolio-assets.csv');
      const figures = await seen.latest();
      const strategy = (name: string) => figures.breakdown[name]?.displayName ?? 'Unclassified';
      const rows = figures.holdings.map((h) => [h.name, h.symbol, plain(h.balance), plain(h.price), plain(h.value), strategy(h.strategy)].join(','));
      const file = await download.path();
      expect(await readFile(file, 'utf8')).toBe(['Asset,Symbol,Balance,Price,Value,Strategy', ...rows].join('\r\n') + '\r\n');
      await rm(file, { force: true });
    });

    await step('Refresh values the portfolio at the chain head again', async () => {
      const before = (await seen.latest()).asOf ?? '';
      const answered = page.waitForResponse((response) => response.url().includes('/api/wallets/performance?refresh=true'), WAIT);
      await page.getByRole('button', { name: 'Refresh' }).click();
      const refreshed = (await (await answered).json()) as PortfolioPerformanceResponse;
      expect(refreshed.source).toBe('chain');
      expect(Date.parse(refreshed.asOf ?? '')).toBeGreaterThanOrEqual(Date.parse(before));
      await page.getByRole('button', { name: 'Refresh' }).waitFor(WAIT);
      await signOut();
    });

    await step("the admin's Create Snapshot values the member", async () => {
      await signIn(ADMIN.email, ADMIN.password, '/admin/dashboard');
      await page.getByText('Assets under management', { exact: true }).waitFor(WAIT);
      await page.goto(`${base}/admin/users/${await memberId(base)}`);
      await page.getByRole('banner').getByText('User Details').waitFor(WAIT);
      await page.getByRole('region', { name: 'Portfolio' }).getByRole('button', { name: 'Create Snapshot' }).click();
      await toast('Snapshot requested. The new valuation appears in a few moments.');
      await shoot('admin-user-details', { toasts: true });
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 240_000);
});
