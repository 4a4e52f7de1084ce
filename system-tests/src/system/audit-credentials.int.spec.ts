import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRoutes } from '@concierge/contracts';
import { hashToken } from '@concierge/domain/identity/session/refresh-token';
import { createAccount, PASSWORD, signedInAdmin, signIn } from './accounts.js';
import { linkIn, waitForMail } from './outbox.js';
import { startProduct, type RunningProduct } from './product.js';

/**
 * Issue 23, item 2: no credential material is readable through the audit side. Through the gateway
 * on the real services, a member registers, confirms, is approved, signs in, refreshes and resets
 * the password; then an auditor and an admin read every audit route and export, and find no
 * argon2id hash and no hash of any secret the test saw issued.
 */
describe('credential material on the audit side', () => {
  let product: RunningProduct;
  let base: string;
  let admin: string;
  let auditor: string;
  let memberId = '';
  /** The hex SHA-256 of every secret issued to the member (link, refresh tokens, reset link). */
  const secretHashes: string[] = [];

  const send = (method: string, path: string, authorization?: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  beforeAll(async () => {
    // Both readers start a replay-verify run; the minimum interval between full runs is not under test.
    product = await startProduct('auditcreds', { upWithinMs: 170_000, env: { REPLAY_VERIFY_MIN_INTERVAL_MS: '0' } });
    base = product.base;
    admin = await signedInAdmin(base, product.schemas);
    const auditorEmail = `auditor-${randomUUID().slice(0, 8)}@example.com`;
    await createAccount(product.schemas, auditorEmail, 'auditor');
    auditor = (await signIn(base, auditorEmail)).authorization;

    const email = `member-${randomUUID().slice(0, 8)}@example.com`;
    expect((await send('POST', '/auth/register', undefined, { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD })).status).toBe(201);
    const token = linkIn(await waitForMail(product.dataDir, email, 'Confirm your email'), '/verify-email').searchParams.get('token') ?? '';
    secretHashes.push(hashToken(token.slice(token.indexOf('.') + 1)));
    memberId = token.slice(0, token.indexOf('.'));
    expect((await send('POST', '/auth/verify-email', undefined, { token })).status).toBe(200);
    expect((await send('POST', `/users/${memberId}/approve`, admin, {})).status).toBe(200);

    const session = await signIn(base, email);
    secretHashes.push(hashToken(session.refreshToken));
    const refreshed = await send('POST', '/auth/refresh-token', undefined, { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    secretHashes.push(hashToken(((await refreshed.json()) as { refreshToken: string }).refreshToken));

    expect((await send('POST', '/auth/forgot-password', undefined, { email })).status).toBe(200);
    const resetToken = linkIn(await waitForMail(product.dataDir, email, 'Reset your'), '/reset-password').searchParams.get('token') ?? '';
    secretHashes.push(hashToken(resetToken), hashToken(resetToken.slice(32)));
    expect((await send('POST', '/auth/reset-password', undefined, { token: resetToken, newPassword: 'Second-pass1' })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
  });

  /** Every audit route's answers as `authorization` sees them, concatenated; fails on any route it does not know how to read. */
  async function readEverything(authorization: string): Promise<string> {
    const texts: string[] = [];
    const read = async (path: string, method = 'GET') => {
      const response = await send(method, path, authorization, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      const text = await response.text();
      texts.push(text);
      return text;
    };
    const streamIds: string[] = [];
    for (let page = 1; ; page += 1) {
      const { streams, total } = JSON.parse(await read(`/audit/streams?limit=100&page=${page}`)) as { streams: { streamId: string }[]; total: number };
      streamIds.push(...streams.map((s) => s.streamId));
      if (streamIds.length >= total || streams.length === 0) break;
    }
    for (let page = 1; ; page += 1) {
      const { events } = JSON.parse(await read(`/audit/events?limit=100&page=${page}`)) as { events: unknown[] };
      if (events.length < 100) break;
    }
    for (const streamId of streamIds) {
      await read(`/audit/streams/${encodeURIComponent(streamId)}?limit=100`);
      await read(`/audit/export?stream=${encodeURIComponent(streamId)}`);
    }
    await read(`/audit/members/${memberId}/at?instant=${encodeURIComponent(new Date().toISOString())}`);
    const started = JSON.parse(await read('/audit/replay-verifications', 'POST')) as { id?: string; runId?: string };
    await read('/audit/replay-verifications/latest');
    const runId = started.id ?? started.runId;
    if (runId) await read(`/audit/replay-verifications/${runId}`);
    await read('/audit/verification');
    await read('/audit/verification/tail', 'POST');
    return texts.join('\n');
  }

  it('reads every audit route and export, as an auditor and as an admin, and finds no password hash and no hash of a secret', async () => {
    const covered = ['audit.streams', 'audit.stream', 'audit.all', 'audit.memberAt', 'audit.startReplayVerification', 'audit.latestReplayVerification', 'audit.replayVerification', 'audit.export', 'audit.verification', 'audit.verifyTail'];
    // A new audit route must be read here too before this test passes again.
    expect(Object.values(auditRoutes).map((route) => route.id).sort()).toEqual([...covered].sort());
    expect(secretHashes).toHaveLength(5);

    for (const [who, authorization] of [['auditor', auditor], ['admin', admin]] as const) {
      const everything = await readEverything(authorization);
      // Not vacuous: the member's whole life is there, its password set twice.
      expect(everything, who).toContain(memberId);
      for (const type of ['UserRegistered', 'UserEmailVerified', 'RefreshSessionRotated', 'PasswordResetTokenUsed', 'UserPasswordReset']) expect(everything, who).toContain(type);
      expect(everything.includes('$argon2id$'), `${who} reads an argon2id hash`).toBe(false);
      for (const hash of secretHashes) expect(everything.includes(hash), `${who} reads the hash ${hash}`).toBe(false);
    }
  }, 300_000);
});
