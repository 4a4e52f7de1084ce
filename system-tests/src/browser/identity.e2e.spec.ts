import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../system/outbox.js';
import { failOnPolicyViolations } from './harness.js';
import { journeyPage, useJourneySystem } from './journey.js';

const PENDING_MESSAGE = "Your account is pending approval. You'll receive an email once your account is approved.";
const ADMIN = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, password: 'Operator1969' };
const MEMBER = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: `grace-${randomUUID().slice(0, 8)}@example.com`,
  password: 'Compiler1952',
  newPassword: 'Cobol1959Rules',
  newFirstName: 'Amazing',
  newLastName: 'Grace',
};
const WAIT = { timeout: 15_000 };

/**
 * The identity journey in a real browser against the real services and the built SPA:
 * register, refused while pending, approved by an admin, profile and password changed,
 * signed in again with the new password. Screenshots of each page land in test-results/screenshots.
 */
describe('identity journey in the browser', () => {
  const journey = useJourneySystem({ label: 'e2eidentity', admin: ADMIN });

  it('receives the page and API answers with the security policy, and the page styles itself under it', async () => {
    const { browser, system } = journey.ready();
    const context = await browser.newContext();
    const page = await context.newPage();
    await failOnPolicyViolations(page);
    const landing = await page.goto(`${system.base}/`);
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    const [login] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/auth/login')),
      page.evaluate(async (admin) => {
        await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
      }, ADMIN),
    ]);

    const page1 = (await landing?.allHeaders()) ?? {};
    const api = await login.allHeaders();
    expect(login.status()).toBe(200);
    expect(api['cache-control']).toBe('no-store');
    for (const headers of [page1, api]) {
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(page1['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeDefined();
    // MUI's and notistack's <style> elements carry the page's nonce, and their rules apply.
    const styles = await page.evaluate(() => ({
      nonces: Array.from(document.querySelectorAll('style'), (style) => style.nonce),
      bodyMargin: getComputedStyle(document.body).margin,
    }));
    expect(styles.nonces.length).toBeGreaterThan(1);
    expect(new Set(styles.nonces)).toEqual(new Set([nonce]));
    expect(styles.bodyMargin).toBe('0px');
    await context.close();
  });

  it('takes a member from registration through approval to a changed profile and password', async () => {
    const { browser, system } = journey.ready();
    const { base, context, page, step, toast, signIn, shoot, overflows, browserErrors } = await journeyPage(browser, system, 'identity');

    await step('public pages', async () => {
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
      expect(await page.getByText('8+', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('24/7', { exact: true }).isVisible()).toBe(true);
      const privacy = page.getByRole('link', { name: 'Privacy Policy' });
      expect(await privacy.getAttribute('target')).toBe('_blank');
      await shoot('landing');
      for (const path of ['privacy-policy', 'terms-and-conditions', 'forgot-password']) {
        await page.goto(`${base}/${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
        await shoot(path);
      }
      await page.goto(`${base}/reset-password`);
      await page.getByRole('alert').filter({ hasText: 'Invalid or missing reset token' }).first().waitFor(WAIT);
      await shoot('reset-password-missing-token');
    });

    await step('register', async () => {
      await page.goto(`${base}/`);
      await page.getByRole('link', { name: 'Create Your Account' }).click();
      await page.waitForURL(`${base}/register`, WAIT);
      await page.getByLabel('First name').fill(MEMBER.firstName);
      await page.getByLabel('Last name').fill(MEMBER.lastName);
      await page.getByLabel('Email').fill(MEMBER.email);
      await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
      await page.getByLabel('Confirm password').fill(MEMBER.password);
      await page.getByRole('checkbox').check();
      expect(await page.getByTestId('password-strength-label').textContent()).toBe('Strong');
      await shoot('register');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await toast('Registration successful! Your account is pending approval.');
      await page.waitForURL(`${base}/`, WAIT);
    });

    await step('login refused while pending', async () => {
      await signIn(MEMBER.email, MEMBER.password);
      await toast(PENDING_MESSAGE);
      expect(new URL(page.url()).pathname).toBe('/login');
      await shoot('login-pending', { toasts: true });
    });

    await step('admin sees the registration, not approvable until its email is confirmed', async () => {
      await signIn(ADMIN.email, ADMIN.password);
      await page.waitForURL(`${base}/admin/dashboard`, WAIT);
      await toast('Login successful');
      await shoot('admin-dashboard');
      await page.goto(`${base}/admin/users`);
      const row = page.getByRole('row').filter({ hasText: MEMBER.email });
      await row.getByText('Email not confirmed').first().waitFor(WAIT);
      expect(await row.getByRole('button', { name: 'Approve' }).isDisabled()).toBe(true);
      await shoot('admin-users-unconfirmed');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/login`, WAIT);
    });

    await step('member confirms the email with the mailed link', async () => {
      const mail = await waitForMail(system.dataDir, MEMBER.email, 'Confirm your email');
      await page.goto(linkIn(mail, '/verify-email').href);
      await page.getByText('Your email address is confirmed. An administrator will now review your registration.').waitFor(WAIT);
      await shoot('verify-email');
    });

    await step('admin approves the registration', async () => {
      await signIn(ADMIN.email, ADMIN.password);
      await page.waitForURL(`${base}/admin/dashboard`, WAIT);
      await page.goto(`${base}/admin/users`);
      const row = page.getByRole('row').filter({ hasText: MEMBER.email });
      await row.waitFor(WAIT);
      await row.getByRole('button', { name: 'Approve' }).click();
      await toast('User approved successfully');
      await row.getByRole('button', { name: 'Approve' }).waitFor({ state: 'detached', ...WAIT });
      await shoot('admin-users');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/login`, WAIT);
    });

    await step('member signs in', async () => {
      await signIn(MEMBER.email, MEMBER.password);
      await page.waitForURL(`${base}/user/dashboard`, WAIT);
      await toast('Login successful');
      await page.getByRole('heading', { name: 'My Position' }).waitFor(WAIT);
      await page.getByTestId('member-email').getByText(MEMBER.email).waitFor(WAIT);
      await page.getByTestId('member-name').getByText(`${MEMBER.firstName} ${MEMBER.lastName}`).waitFor(WAIT);
      await shoot('member-dashboard');
    });

    await step('member changes the name in Settings > Profile', async () => {
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(`${base}/user/settings`, WAIT);
      const firstName = page.getByLabel('First name');
      await firstName.waitFor(WAIT);
      expect(await page.getByLabel('Email').isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
      await firstName.fill(MEMBER.newFirstName);
      await page.getByLabel('Last name').fill(MEMBER.newLastName);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast('Profile updated successfully.');
      // Read-your-writes: the shell shows the new name as soon as the change is accepted.
      await page.getByTestId('member-name').getByText(`${MEMBER.newFirstName} ${MEMBER.newLastName}`).waitFor(WAIT);
      await shoot('settings-profile');
    });

    await step('member changes the password in Settings > Security', async () => {
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByLabel('Current password').fill(MEMBER.password);
      await page.getByLabel('New password', { exact: true }).fill(MEMBER.newPassword);
      await page.getByLabel('Confirm new password').fill(MEMBER.newPassword);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await toast('Password changed successfully.');
      await shoot('settings-security');
    });

    await step('member logs out and back in with the new password', async () => {
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/login`, WAIT);
      expect(await page.evaluate(() => [localStorage.getItem('auth-token'), localStorage.getItem('auth-user'), localStorage.getItem('auth-refresh-token')])).toEqual([null, null, null]);
      await signIn(MEMBER.email, MEMBER.password);
      await toast('Invalid email or password.');
      await signIn(MEMBER.email, MEMBER.newPassword);
      await page.waitForURL(`${base}/user/dashboard`, WAIT);
      await page.getByTestId('member-name').getByText(`${MEMBER.newFirstName} ${MEMBER.newLastName}`).waitFor(WAIT);
      await shoot('member-dashboard-after-relogin');
    });

    expect(browserErrors).toEqual([]);
    expect(overflows).toEqual([]);
    await context.close();
  }, 120_000);
});
