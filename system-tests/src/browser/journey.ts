import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { linkIn, waitForMail } from '../system/outbox.js';
import { buildSpa, ensureChromium, failOnPolicyViolations, launchChromium, screenshotter, startSystem, VIEWPORTS, type RunningSystem } from './harness.js';

// What every browser journey does around its steps: its file's set-up, calls to the API, an
// approved member, and a page with steps, toasts, sign-in and screenshots. harness.ts holds the
// pieces underneath (Chromium, the built SPA, the product, the policy check, the screenshots).

export type Json = Record<string, unknown>;
const STEP_WAIT = { timeout: 15_000 };

/** JSON calls to the product's API through the gateway (T: the answer's shape); an answer that is not 2xx throws with its body. */
export function apiCaller(system: () => RunningSystem | undefined) {
  const call = async <T = Json>(method: string, path: string, body?: Json, token?: string): Promise<T> => {
    const running = system();
    if (!running) throw new Error('set-up did not finish');
    const response = await fetch(`${running.base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const tokenOf = async (email: string, password: string) => String((await call('POST', '/auth/login', { email, password })).token);
  return { call, tokenOf };
}

/**
 * A member registered through the API, their email confirmed from the outbox and approved by the
 * admin (the identity journey covers those pages); answers the member's id.
 */
export async function approvedMember(
  system: RunningSystem,
  member: { firstName: string; lastName: string; email: string; password: string },
  admin: { email: string; password: string },
): Promise<string> {
  const { call, tokenOf } = apiCaller(() => system);
  const { firstName, lastName, email, password } = member;
  await call('POST', '/auth/register', { firstName, lastName, email, password });
  const token = linkIn(await waitForMail(system.dataDir, email, 'Confirm your email'), '/verify-email').searchParams.get('token') ?? '';
  await call('POST', '/auth/verify-email', { token });
  const memberId = token.split('.')[0] ?? '';
  await call('POST', `/users/${memberId}/approve`, {}, await tokenOf(admin.email, admin.password));
  return memberId;
}

/**
 * One desktop page for a journey, failing on any Content-Security-Policy violation, with what every
 * journey uses: `step` (a failure names the step, takes a picture and shows the end of the services'
 * output), a toast waiter, sign-in and sign-out, and the suite's screenshots.
 */
export async function journeyPage(browser: Browser, system: Pick<RunningSystem, 'base' | 'output'>, suite: string, options: { acceptDownloads?: boolean } = {}) {
  const { base, output } = system;
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...(options.acceptDownloads ? { acceptDownloads: true } : {}) });
  const page = await context.newPage();
  await failOnPolicyViolations(page);
  const browserErrors: string[] = [];
  page.on('pageerror', (error) => browserErrors.push(error.message));
  const { shoot, overflows } = screenshotter(page, suite);

  const step = async (name: string, body: () => Promise<void>): Promise<void> => {
    try {
      await body();
    } catch (error) {
      await shoot(`FAILED-${name.replace(/\W+/g, '-')}`, { toasts: true }).catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `Step "${name}" failed: ${reason}\nBrowser errors: ${browserErrors.join(' | ') || 'none'}\n--- services ---\n${output.slice(-40).join('')}`,
        { cause: error },
      );
    }
  };
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', ...STEP_WAIT });
  /** Fills the login form and signs in; with `landing`, waits for the page it leads to. */
  const signIn = async (email: string, password: string, landing?: string) => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    if (landing !== undefined) await page.waitForURL(`${base}${landing}`, STEP_WAIT);
  };
  const signOut = async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/login`, STEP_WAIT);
  };
  return { base, context, page, step, toast, signIn, signOut, shoot, overflows, browserErrors };
}

/**
 * One journey file's set-up: the built SPA, every service behind the gateway with the admin, Debian's
 * Chromium and, when `member` is given, that member approved through the API; all torn down after
 * the file. `ready()` hands them to a test (and throws when the set-up did not finish).
 */
export function useJourneySystem(options: {
  label: string;
  admin: { email: string; password: string };
  member?: { firstName: string; lastName: string; email: string; password: string };
}) {
  let staticDir: string | undefined;
  let system: RunningSystem | undefined;
  let browser: Browser | undefined;
  let memberId = '';

  beforeAll(async () => {
    ensureChromium();
    staticDir = await buildSpa();
    system = await startSystem({ staticDir, admin: options.admin, label: options.label });
    browser = await launchChromium();
    if (options.member) memberId = await approvedMember(system, options.member, options.admin);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await system?.stop();
    // A build shared by the run's journeys stays for the others (the next run removes it).
    if (staticDir && !staticDir.includes('concierge-e2e-spa-run-')) rmSync(staticDir, { recursive: true, force: true });
  });

  return {
    /** The running product, once set up (for calls made outside a test's body). */
    current: (): RunningSystem | undefined => system,
    ready() {
      if (!browser || !system) throw new Error('set-up did not finish');
      return { browser, system, memberId };
    },
  };
}
