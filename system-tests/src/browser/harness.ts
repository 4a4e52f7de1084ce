import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { startProduct, type RunningProduct } from '../system/product.js';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const CHROMIUM = '/usr/lib/chromium/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const SCREENSHOT_DIR = join(ROOT, 'test-results', 'screenshots');
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

/**
 * Debian's Chromium is the only browser used. It is installed by the machine's set-up (`.ci/run`
 * installs it), never by a test: without it the journeys fail at once, saying what to run.
 */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  throw new Error(`Chromium is missing at ${CHROMIUM}: install it with "apt-get install -y chromium" (as .ci/run does), then rerun.`);
}

const viteBuild = (outDir: string) =>
  promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'web'),
    maxBuffer: 16 * 1024 * 1024,
  });

/**
 * This test run: vitest's main process (every test file's process is its child) and when it
 * started, so a later run that happens to get the same pid never takes this run's build.
 */
function testRun(): string | undefined {
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime ? `${process.ppid}-${startTime}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the SPA as production does, once per test run: the first journey of the run builds it
 * (about 30 s of CPU) into a directory named after the run and the others wait for it and serve
 * the same files. Without /proc (no way to name the run) each journey builds its own. Nothing
 * writes into it once built; the next run's first build removes the directories of runs before.
 */
export async function buildSpa(): Promise<string> {
  const run = testRun();
  if (run === undefined) {
    const outDir = mkdtempSync(join(tmpdir(), 'concierge-e2e-spa-'));
    await viteBuild(outDir);
    return outDir;
  }
  const shared = join(tmpdir(), `concierge-e2e-spa-run-${run}`);
  try {
    mkdirSync(`${shared}.lock`);
  } catch {
    return builtBySomeoneElse(shared);
  }
  try {
    for (const old of readdirSync(tmpdir()).filter((name) => name.startsWith('concierge-e2e-spa-run-') && !name.startsWith(`concierge-e2e-spa-run-${run}`))) {
      rmSync(join(tmpdir(), old), { recursive: true, force: true });
    }
    await viteBuild(`${shared}.building`);
    renameSync(`${shared}.building`, shared);
    return shared;
  } catch (error) {
    writeFileSync(`${shared}.failed`, String(error));
    throw error;
  }
}

async function builtBySomeoneElse(shared: string): Promise<string> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (existsSync(shared)) return shared;
    if (existsSync(`${shared}.failed`)) throw new Error(`The SPA build of this run failed: ${readFileSync(`${shared}.failed`, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The SPA build of this run did not finish within 5 minutes (${shared})`);
}

export type RunningSystem = RunningProduct;

/** Every service from source behind one gateway port (serving the built SPA), with an admin, on fresh schemas, a fresh DATA_DIR and queue prefix. */
export function startSystem(options: {
  staticDir: string;
  admin: { email: string; password: string };
  /** Names the suite's schemas, so a leftover one shows which test file made it. */
  label?: string;
}): Promise<RunningSystem> {
  const many = '100000';
  return startProduct(options.label ?? 'e2eidentity', {
    env: {
      STATIC_DIR: options.staticDir,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      // The flow signs in several times from one address; the limits are not under test here.
      RATE_LIMIT_LOGIN_PER_IP: many,
      RATE_LIMIT_REGISTER_PER_IP: many,
      RATE_LIMIT_REGISTER_PER_EMAIL: many,
      RATE_LIMIT_VERIFY_EMAIL_PER_IP: many,
    },
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
}

/** What the gateway's policy must say on every page and API answer the journey receives. */
function policyProblem(response: Response, headers: Record<string, string>): string | undefined {
  const path = new URL(response.url()).pathname;
  const isApi = path.startsWith('/api/');
  if (!isApi && response.request().resourceType() !== 'document') return undefined;
  const csp = headers['content-security-policy'] ?? '';
  if (!csp.includes("frame-ancestors 'none'") || !/(^|;)\s*script-src 'self'\s*(;|$)/.test(csp)) return `${path} came without the Content-Security-Policy: "${csp}"`;
  if (headers['x-content-type-options'] !== 'nosniff' || headers['referrer-policy'] !== 'no-referrer' || !headers['permissions-policy']) {
    return `${path} came without nosniff, no-referrer or a Permissions-Policy`;
  }
  if (isApi && headers['cache-control'] !== 'no-store') return `${path} came with Cache-Control "${headers['cache-control'] ?? ''}" instead of no-store`;
  return undefined;
}

/**
 * Makes the running test fail, once it ends, if the page reported any Content-Security-Policy
 * violation (as a `securitypolicyviolation` event or in the console), logged a broken
 * Permissions-Policy, or received a page or API answer without the gateway's policy. Call it
 * right after opening the page, before the first navigation.
 */
export async function failOnPolicyViolations(page: Page): Promise<void> {
  const problems: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text())) problems.push(`console on ${where()}: ${message.text()}`);
  });
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    pending.push(
      response.allHeaders().then(
        (headers) => {
          const problem = policyProblem(response, headers);
          if (problem) problems.push(problem);
        },
        () => undefined,
      ),
    );
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => problems.push(`securitypolicyviolation on ${where()}: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline content'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
    });
  });
  onTestFinished(async () => {
    await Promise.all(pending);
    if (problems.length > 0) throw new Error(`The security policy was broken or missing:\n${problems.join('\n')}`);
  });
}

// Toasts are asserted by the steps; in the pictures they would only cover the page.
const HIDE_TOASTS = '.notistack-SnackbarContainer { display: none !important; }';

/**
 * Hides the toasts while `capture` runs. Through a constructed stylesheet: the page's policy
 * refuses a `<style>` element without its nonce, which is what Playwright's `style` option adds.
 */
async function withoutToasts(page: Page, capture: () => Promise<void>): Promise<void> {
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }, HIDE_TOASTS);
  try {
    await capture();
  } finally {
    await page.evaluate((css) => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText).join(' ') !== css);
    }, HIDE_TOASTS);
  }
}

/** Waits until the page has stopped loading: no requests in flight and no spinner on screen. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.querySelector('.MuiCircularProgress-root') === null, undefined, { timeout: 10_000 }).catch(() => undefined);
}

/**
 * Screenshots of the page as it is now, wide and narrow, named `<suite>-NN-<page>-<size>.png` in
 * visiting order; the suite's pictures of an earlier run are removed first.
 */
export function screenshotter(page: Page, suite: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const file of readdirSync(SCREENSHOT_DIR)) if (file.startsWith(`${suite}-`)) rmSync(join(SCREENSHOT_DIR, file));
  let count = 0;
  /** Pages wider than the phone screen: content that scrolls sideways is a layout bug. */
  const overflows: string[] = [];
  return {
    overflows,
    async shoot(name: string, options: { toasts?: boolean } = {}): Promise<void> {
      count += 1;
      const prefix = `${suite}-${String(count).padStart(2, '0')}-${name}`;
      await settle(page);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        // Picture quality only, not synchronisation: MUI re-measures (e.g. the tab indicator) on a
        // resize debounced by 166 ms, so give the new width a moment before the capture.
        await page.waitForTimeout(250);
        // A full-page capture of a scrolled page draws the fixed header and bars mid-page.
        await page.evaluate(() => window.scrollTo(0, 0));
        // A table that scrolls sideways inside its card hides columns (e.g. the actions) without widening the page.
        const measure = () =>
          page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            tables: Array.from(document.querySelectorAll('.MuiTableContainer-root, .MuiDataGrid-virtualScroller')).filter(
              (box) => box.scrollWidth > box.clientWidth + 1,
            ).length,
          }));
        // A busy machine can take longer than the pause above to re-lay a page out (a DataGrid giving way
        // to phone cards): an overflow counts only if it is still there after 2 s.
        let { width, tables } = await measure();
        for (let waited = 0; (width > viewport.width || tables > 0) && waited < 2_000; waited += 100) {
          await page.waitForTimeout(100);
          ({ width, tables } = await measure());
        }
        if (width > viewport.width) overflows.push(`${name} is ${width}px wide at ${viewport.width}px`);
        if (tables > 0) overflows.push(`${name} has ${tables} table(s) scrolling sideways at ${viewport.width}px`);
        const capture = async () => {
          await page.screenshot({ path: join(SCREENSHOT_DIR, `${prefix}-${size}.png`), fullPage: true, animations: 'disabled' });
        };
        await (options.toasts ? capture() : withoutToasts(page, capture));
      }
      await page.setViewportSize(VIEWPORTS.desktop);
    },
  };
}
